import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppDatabase, Db } from '../../db/client';
import { tallyUsers } from '../../db/kept-counts';
import { holdLock } from '../../db/locks';
import { rolePermissions, roles, tools, users } from '../../db/schema';
import { usernameSkeleton } from '../../db/username-skeleton';
import { insertPasswordLinks } from '../accounts';
import { userFilter, type UserFilter } from '../settings';

/** The admin table's filter, which the export reads with the same condition. */
export type ExportFilter = Pick<UserFilter, 'search' | 'pending' | 'billing'>;

export interface ExistingMember {
  id: number;
  username: string;
  email: string;
}

export interface NewMember {
  username: string;
  email: string;
  phone: string | null;
  role_id: number;
  is_active: boolean;
  password_hash: string;
  created_at: string;
}

/** Rows per INSERT (well under either engine's bound-parameter limit) and per look-up. */
const BATCH = 500;

/** Lets other requests run between batches: a long import never holds the event loop for long. */
export const yieldToOthers = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

/** Runs `read` on each batch of `items`, letting other requests run between batches; answers every row read. */
async function inBatches<T, R>(items: readonly T[], read: (part: T[]) => Promise<R[]>): Promise<R[]> {
  const found: R[] = [];
  for (const part of chunks(items, BATCH)) {
    found.push(...(await read(part)));
    await yieldToOthers();
  }
  return found;
}

const memberColumns = { id: users.id, username: users.username, email: users.email };

/** What an import's preview checks against: the roles, and the accounts its rows may clash with. */
function importLookups(database: AppDatabase) {
  const db = (): Db => database.read;
  return {
    listRoles: () => db().select({ id: roles.id, name: roles.name }).from(roles),

    /** The roles that grant the config tool: whoever holds one administers the community. */
    async adminRoleIds(): Promise<Set<number>> {
      const rows = await db()
        .select({ id: rolePermissions.role_id })
        .from(rolePermissions)
        .innerJoin(tools, eq(tools.id, rolePermissions.tool_id))
        .where(eq(tools.name, 'config'));
      return new Set(rows.map((row) => row.id));
    },

    /** The accounts whose email (any case) is one of `emails` (given in lower case). */
    findByEmails: (emails: readonly string[]): Promise<ExistingMember[]> =>
      inBatches(emails, (part) =>
        db()
          .select(memberColumns)
          .from(users)
          .where(inArray(sql`lower(${users.email})`, part)),
      ),

    findByUsernames: (usernames: readonly string[]): Promise<ExistingMember[]> =>
      inBatches(usernames, (part) =>
        db()
          .select(memberColumns)
          .from(users)
          .where(inArray(sql`lower(${users.username})`, part)),
      ),

    /** The accounts whose usernames look like these (by skeleton, lib: db/username-skeleton.ts). */
    findBySkeletons: (skeletons: readonly string[]): Promise<(ExistingMember & { skeleton: string })[]> =>
      inBatches(skeletons, async (part) => {
        const rows = await db()
          .select({ ...memberColumns, skeleton: users.username_skeleton })
          .from(users)
          .where(inArray(users.username_skeleton, part));
        return rows.flatMap((row) => (row.skeleton === null ? [] : [{ ...row, skeleton: row.skeleton }]));
      }),
  };
}

/** Members out (the export) and in (the import's writes, in batches). */
export function createMembersIoRepo(database: AppDatabase) {
  const db = (): Db => database.read;
  return {
    /** Members matching the admin table's filter, oldest first, each with its role's name. */
    async listForExport(filter: ExportFilter, withHashes: boolean) {
      return db()
        .select({
          username: users.username,
          email: users.email,
          phone: users.phone,
          role: roles.name,
          is_active: users.is_active,
          created_at: users.created_at,
          password_hash: withHashes ? users.password_hash : sql<string>`''`,
        })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.role_id))
        .where(userFilter(database, filter))
        .orderBy(asc(users.id));
    },

    /** Inserts the members in batches; answers the new accounts' ids, in order. */
    async insertMembers(
      members: readonly NewMember[],
      onProgress?: (done: number) => void,
    ): Promise<{ id: number; email: string; username: string }[]> {
      const inserted: { id: number; email: string; username: string }[] = [];
      for (const part of chunks(members, BATCH)) {
        inserted.push(
          ...(await db()
            .insert(users)
            .values(
              part.map((member) => ({ ...member, username_skeleton: usernameSkeleton(member.username) })),
            )
            .returning({ id: users.id, email: users.email, username: users.username })),
        );
        await tallyUsers(db(), part, 1);
        onProgress?.(inserted.length);
        await yieldToOthers();
      }
      return inserted;
    },

    /** Stores the hashes of new members' links to choose a password (they have no earlier link). */
    async insertSetupTokens(
      tokens: readonly { userId: number; hash: string }[],
      createdAt: Date,
      expiresAt: Date,
    ): Promise<void> {
      await inBatches(tokens, async (part) => {
        await insertPasswordLinks(db(), part, createdAt, expiresAt);
        return [];
      });
    },

    /** The lock every change of role holders takes (settings/repo.ts): no role is deleted meanwhile. */
    lockRoleHolders: (): Promise<void> => holdLock(database, 'roleHolders'),

    transaction: <T>(work: () => Promise<T>): Promise<T> => database.transaction(() => work()),

    ...importLookups(database),
  };
}

export type MembersIoRepo = ReturnType<typeof createMembersIoRepo>;
