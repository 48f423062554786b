import { eq, getTableColumns, inArray, or, sql, type Column } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { AppDatabase, Db } from '../../db/client';
import type { PersonalTable } from '../../db/personal-data';
import { holdLock } from '../../db/locks';
import { tallyUsers } from '../../db/kept-counts';
import { users } from '../../db/schema';
import {
  countActiveConfigUsers,
  dueErasures,
  scheduledErasure,
  scheduleErasure,
  unscheduleErasure,
} from '../accounts';
import { subscriptionOf } from '../billing';
import { rewriteHistoryOf, type HistoryRow } from '../history';
import { scrubSummary, scrubText, scrubValues, type Identity } from './pseudonym';

/** The account as the erasure needs it: who it is, and the subscription it may have to end. */
export interface ErasableAccount extends Identity {
  id: number;
  is_active: boolean;
  customer_id: string | null;
  subscription_id: string | null;
  subscription_status: string | null;
  current_period_end: string | null;
}

/** Rows whose `column` holds text containing `needle`, ignoring case (a candidate: the scrub checks again). */
const contains = (column: Column, needle: string) =>
  sql`lower(${column}) like ${`%${needle.toLowerCase()}%`}`;

/** A member being erased: who they were, and the pseudonym Historial will show instead. */
interface Erased {
  id: number;
  who: Identity;
  pseudonym: string;
}

/** Accounts one statement erases: well under either engine's limit of bound parameters. */
const ACCOUNTS_CHUNK = 500;

/** Members whose Historial entries one query looks for (its conditions grow with each). */
const HISTORY_CHUNK = 25;

/** An entry rewritten for one erased member: by them, about them, or naming them in its text. */
function scrubEntry(entry: HistoryRow, { id, who, pseudonym }: Erased): HistoryRow {
  const byMember = entry.actor_id === id;
  const aboutMember = entry.entity_type === 'user' && entry.entity_id === id;
  return {
    ...entry,
    actor_name: byMember ? pseudonym : scrubText(entry.actor_name, who, pseudonym),
    actor_email:
      byMember || entry.actor_email?.toLowerCase() === who.email.toLowerCase() ? null : entry.actor_email,
    // An entry about the account is labelled with its name of the time, maybe a former one.
    entity_label: aboutMember ? pseudonym : scrubText(entry.entity_label, who, pseudonym),
    summary: scrubSummary(entry.summary, who, pseudonym, aboutMember),
    before_values: scrubValues(entry.before_values, who, pseudonym, aboutMember),
    after_values: scrubValues(entry.after_values, who, pseudonym, aboutMember),
  };
}

/**
 * Rewrites every Historial entry by or about the members under their pseudonyms: the entries they made as
 * administrators, those about their accounts, and any other whose text names them. Ids stay, so the entries
 * still group by administrator and Estadísticas' past days still add up; nothing left reads as the person.
 */
async function pseudonymiseHistory(tx: Db, erased: readonly Erased[]): Promise<void> {
  for (let start = 0; start < erased.length; start += HISTORY_CHUNK) {
    const chunk = erased.slice(start, start + HISTORY_CHUNK);
    const members = chunk.map(({ id, who }) => ({
      id,
      names: [who.email, who.username, ...(who.phone ? [who.phone] : [])],
    }));
    await rewriteHistoryOf(tx, members, (entry) => chunk.reduce(scrubEntry, entry));
  }
}

/**
 * Rewrites, in the rows of `table` that remain, every text of `columns` naming one of the members (email,
 * username as a word, phone) under that member's pseudonym.
 */
async function scrubColumns(
  tx: Db,
  table: SQLiteTable,
  key: SQLiteColumn,
  columns: readonly SQLiteColumn[],
  erased: readonly Erased[],
): Promise<void> {
  for (let start = 0; start < erased.length; start += HISTORY_CHUNK) {
    const chunk = erased.slice(start, start + HISTORY_CHUNK);
    for (const column of columns) {
      const field = Object.entries(getTableColumns(table)).find(([, c]) => c === column)?.[0];
      if (!field) throw new Error(`column ${column.name} is not in the table it scrubs`);
      const candidates = (await tx
        .select({ key, text: column })
        .from(table)
        .where(
          or(
            ...chunk.flatMap(({ who }) => [
              contains(column, who.email),
              contains(column, who.username),
              ...(who.phone ? [contains(column, who.phone)] : []),
            ]),
          ),
        )) as { key: unknown; text: string }[];
      for (const row of candidates) {
        const next = chunk.reduce((text, { who, pseudonym }) => scrubText(text, who, pseudonym), row.text);
        if (next !== row.text)
          await tx
            .update(table)
            .set({ [field]: next })
            .where(eq(key, row.key));
      }
    }
  }
}

/**
 * The erasure of accounts over the tables the modules declared (`PersonalData`): one statement per table for
 * all the accounts at once, the members' rows deleted, Historial pseudonymised with `pseudonymOf` each one's,
 * and the accounts last with their kept count. `eraseAccounts` answers the ids erased: an account already gone
 * (another node, or an earlier request, erased it) is not among them.
 */
export function createAccountEraser(declared: readonly PersonalTable[]) {
  // The account itself goes last: every other row refers to it.
  const tables = [
    ...declared.filter((entry) => entry.table !== users),
    ...declared.filter((entry) => entry.table === users),
  ];

  async function eraseAccounts(
    tx: Db,
    ids: readonly number[],
    pseudonymOf: (id: number) => string,
  ): Promise<number[]> {
    if (ids.length === 0) return [];
    if (ids.length > ACCOUNTS_CHUNK) {
      const done: number[] = [];
      for (let start = 0; start < ids.length; start += ACCOUNTS_CHUNK) {
        done.push(...(await eraseAccounts(tx, ids.slice(start, start + ACCOUNTS_CHUNK), pseudonymOf)));
      }
      return done;
    }
    const found = await tx
      .select({ id: users.id, email: users.email, username: users.username, phone: users.phone })
      .from(users)
      .where(inArray(users.id, [...ids]));
    if (found.length === 0) return [];
    const erased = found.map(({ id, ...who }) => ({ id, who, pseudonym: pseudonymOf(id) }));
    const present = erased.map(({ id }) => id);
    for (const { table, erasure } of tables) {
      if (erasure.action === 'pseudonymise') await pseudonymiseHistory(tx, erased);
      if (erasure.action === 'forget') {
        const rows = erasure.rows(erased.map(({ id, who }) => ({ id, ...who })));
        if (rows) await tx.delete(table).where(rows);
      }
      if (erasure.action !== 'delete') continue;
      const column = erasure.column as SQLiteColumn;
      if (erasure.before) await erasure.before(tx, present);
      if (table === users) {
        await tallyUsers(
          tx,
          await tx.delete(users).where(inArray(users.id, present)).returning({ is_active: users.is_active }),
          -1,
        );
      } else {
        await tx.delete(table).where(inArray(column, present));
      }
      if (erasure.scrub) {
        const { key, columns } = erasure.scrub;
        await scrubColumns(tx, table, key as SQLiteColumn, columns as readonly SQLiteColumn[], erased);
      }
    }
    return present;
  }

  return {
    tables,
    eraseAccounts,
    /** Erases one account (see eraseAccounts); false when it is already gone. */
    eraseAccount: async (tx: Db, id: number, pseudonym: string): Promise<boolean> =>
      (await eraseAccounts(tx, [id], () => pseudonym)).length > 0,
  };
}

export type AccountEraser = ReturnType<typeof createAccountEraser>;

/** The erasure's reads and writes outside another module's transaction. */
export function createErasureRepo(database: AppDatabase) {
  const db = () => database.read;
  return {
    transaction: <T>(work: (tx: Db) => Promise<T>): Promise<T> => database.transaction(work),
    /** Once the erasure has committed: no copy of the deleted rows stays in the database's files. */
    forgetDeleted: (): Promise<void> => database.forgetDeleted(),
    /** Taken first, as every change of who can administer takes it (the last-administrator rule). */
    lockRoleHolders: (): Promise<void> => holdLock(database, 'roleHolders'),

    async findAccount(id: number): Promise<ErasableAccount | undefined> {
      const [account] = await db()
        .select({
          id: users.id,
          email: users.email,
          username: users.username,
          phone: users.phone,
          is_active: users.is_active,
        })
        .from(users)
        .where(eq(users.id, id));
      if (!account) return undefined;
      const subscription = await subscriptionOf(db(), id);
      return {
        ...account,
        customer_id: subscription?.customer_id ?? null,
        subscription_id: subscription?.subscription_id ?? null,
        subscription_status: subscription?.status ?? null,
        current_period_end: subscription?.current_period_end ?? null,
      };
    },

    /** Active accounts that can administer (the last-administrator rule, read before the member is asked). */
    countAdministrators: (): Promise<number> => countActiveConfigUsers(db()),

    scheduledErasure: (id: number): Promise<string | undefined> => scheduledErasure(db(), id),

    schedule: (tx: Db, id: number, eraseAt: string, now: string) => scheduleErasure(tx, id, eraseAt, now),

    unschedule: (tx: Db, id: number) => unscheduleErasure(tx, id),

    /** The accounts whose scheduled erasure is due, oldest first. */
    due: (now: string) => dueErasures(db(), now),
  };
}

export type ErasureRepo = ReturnType<typeof createErasureRepo>;
