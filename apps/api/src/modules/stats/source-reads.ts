import { and, eq, gte, inArray, lt, min, ne, sql, type SQL } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { roles, sessions, userCounts, users } from '../../db/schema';
import { planRoles, revenueChangesBefore, subscriptionPrices, subscriptionStates } from '../billing';
import { createHistoryEvents, type HistoryEvent } from '../history';
import { classViewers, completionsBetween } from '../library';
import { generationsBetween, generatorsBetween } from '../redgram';
import { savedVideosBetween, saversBetween } from '../video-tools';
import { CHUNK } from './kept';
import { statsToolUses } from './schema';

/** A Historial event about one account: its code and the values of what it changed. */
export type UserHistoryEntry = HistoryEvent & { entity_id: number };

/**
 * The counted "tool" a sign-in is kept under (one row per member and day): the day's active members are read
 * from it, since signing out deletes the session row. It is no tool, so tool uses leave it out.
 */
export const SIGN_IN = 'acceso';

/** The Historial kinds that change an account's role or its subscription. */
const USER_KINDS = ['user.update', 'user.activate', 'user.deactivate', 'billing.subscription'];

const PROVIDER_TOOL = { youtube: 'ytvideo', instagram: 'igvideo' } as const;

/** What the close counts accounts and money from: the accounts, Historial and billing, as they are now. */
export function accountReads(database: AppDatabase) {
  const db = () => database.read;
  const history = createHistoryEvents(database);
  return {
    /** Every account (or those of `ids`): when it was made, whether it is active, its role now. */
    members: async (ids?: readonly number[]) => {
      const read = (where?: SQL) =>
        db()
          .select({
            id: users.id,
            created_at: users.created_at,
            is_active: users.is_active,
            role: roles.name,
          })
          .from(users)
          .innerJoin(roles, eq(roles.id, users.role_id))
          .where(where);
      if (!ids) return read();
      const found = [];
      for (let i = 0; i < ids.length; i += CHUNK)
        found.push(...(await read(inArray(users.id, ids.slice(i, i + CHUNK)))));
      return found;
    },

    /**
     * The accounts made in [start, end), or named by a change of role, state or subscription then: whose
     * today's figures may hold. Read by the indexes on the accounts' and Historial's dates.
     */
    touchedBetween: async (start: string, end: string): Promise<number[]> => {
      const made = await db()
        .select({ id: users.id })
        .from(users)
        .where(and(gte(users.created_at, start), lt(users.created_at, end)));
      const changed = await history.entitiesBetween(USER_KINDS, 'user', start, end);
      return [...new Set([...made.map((row) => row.id), ...changed])];
    },

    /** Active accounts now, from the count every write of `users` keeps. */
    activeAccounts: async (): Promise<number> => {
      const [row] = await db()
        .select({ n: userCounts.n })
        .from(userCounts)
        .where(eq(userCounts.is_active, true));
      return row?.n ?? 0;
    },

    oldestAccount: async (): Promise<string | null> => {
      const [row] = await db()
        .select({ at: min(users.created_at) })
        .from(users);
      return row?.at ?? null;
    },

    /** Historial's changes of accounts' roles and subscriptions, oldest first. */
    userHistory: (ids?: readonly number[], since?: string): Promise<UserHistoryEntry[]> =>
      history.about(USER_KINDS, 'user', { ids, since }),

    /** Bulk actions of the users table (they name no single account): what each did and to how many. */
    bulkHistory: (since = ''): Promise<HistoryEvent[]> => history.ofKind('users.bulk', since),

    /** The revenue history billing kept before `end` (the last day's end), oldest first: the money rows' source. */
    revenueChanges: (end: string) => revenueChangesBefore(db(), end),

    /** The roles paid plans grant (by name): members holding one without a subscription are courtesy members. */
    planRoles: async (): Promise<string[]> => (await planRoles(db())).map((row) => row.name),

    /** Each member's subscription state now, by member. */
    subscriptionStates: () => subscriptionStates(db()),

    /** The price each member's subscription is on now, by member. */
    subscriptionPrices: () => subscriptionPrices(db()),
  };
}

/** What the close counts activity from: sign-ins, the tools' rows and counted uses, the libraries' marks. */
export function activityReads(database: AppDatabase) {
  const db = () => database.read;
  return {
    /**
     * Uses of each tool in [start, end): a RedGram generation, a saved video, and the counted uses of tools
     * that leave no row (kept per `day`).
     */
    toolUses: async (start: string, end: string, day: string): Promise<Record<string, number>> => {
      const redgram = await generationsBetween(db(), start, end);
      const videos = await savedVideosBetween(db(), start, end);
      const counted = await db()
        .select({ tool: statsToolUses.tool, n: sql<number>`sum(${statsToolUses.uses})`.mapWith(Number) })
        .from(statsToolUses)
        .where(and(eq(statsToolUses.day, day), ne(statsToolUses.tool, SIGN_IN)))
        .groupBy(statsToolUses.tool);
      const uses: Record<string, number> = { redgram };
      for (const row of videos) uses[PROVIDER_TOOL[row.provider]] = row.n;
      for (const row of counted) uses[row.tool] = row.n;
      return uses;
    },

    /**
     * Members who signed in or used a tool from `start` to `end` (instants), counted tools and kept sign-ins
     * included from `fromDay` up to, not including, `toDay`. Sessions still open are read too: a sign-in made
     * before sign-ins were kept is found there.
     */
    activeIds: async (start: string, end: string, fromDay: string, toDay: string): Promise<Set<number>> => {
      const signedIn = await db()
        .selectDistinct({ id: sessions.user_id })
        .from(sessions)
        .where(and(gte(sessions.created_at, start), lt(sessions.created_at, end)));
      const generated = await generatorsBetween(db(), start, end);
      const saved = await saversBetween(db(), start, end);
      const counted = await db()
        .selectDistinct({ id: statsToolUses.user_id })
        .from(statsToolUses)
        .where(and(gte(statsToolUses.day, fromDay), lt(statsToolUses.day, toDay)));
      const ids = new Set<number>();
      for (const row of [...signedIn, ...generated, ...saved, ...counted])
        if (row.id !== null) ids.add(row.id);
      return ids;
    },

    /** Classes marked completed in [start, end), per library. */
    completions: (start: string, end: string) => completionsBetween(db(), start, end),

    /** Each class's viewers and finishers as the marks stand now. */
    classCompletions: () => classViewers(db()),
  };
}
