import type { HistoryChange } from '@app/contracts';
import { and, asc, eq, gte, inArray, lt, max, min, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { roles, sessions, users } from '../../db/schema';
import { billingPrices, billingSubscriptions } from '../billing';
import { auditLog } from '../history';
import { redgramLogs } from '../redgram';
import { videoRecords } from '../video-tools';
import { statsClosedDays, statsDaily } from './schema';

export interface StatsRow {
  metric: string;
  day: string;
  dimension: string;
  value: number;
}

export interface UserHistoryEntry {
  user_id: number;
  kind: string;
  created_at: string;
  changes: HistoryChange[];
}

/** The Historial kinds that change an account's role or its subscription. */
const USER_KINDS = ['user.update', 'user.activate', 'user.deactivate', 'billing.subscription'];

const PROVIDER_TOOL = { youtube: 'ytvideo', instagram: 'igvideo' } as const;

/** Rows per insert statement: well under either engine's limit of bound parameters. */
const CHUNK = 200;

function changesOf(summary: string): HistoryChange[] {
  try {
    const parsed = JSON.parse(summary) as { changes?: HistoryChange[] };
    return Array.isArray(parsed.changes) ? parsed.changes : [];
  } catch {
    return [];
  }
}

export function createStatsRepo(database: AppDatabase) {
  const db = () => database.read;

  return {
    /** Every account: when it was made, whether it is active, its role now. */
    members: () =>
      db()
        .select({ id: users.id, created_at: users.created_at, is_active: users.is_active, role: roles.name })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.role_id)),

    oldestAccount: async (): Promise<string | null> => {
      const [row] = await db()
        .select({ at: min(users.created_at) })
        .from(users);
      return row?.at ?? null;
    },

    /** Historial's changes of accounts' roles and subscriptions, oldest first. */
    userHistory: async (): Promise<UserHistoryEntry[]> => {
      const rows = await db()
        .select({
          user_id: auditLog.entity_id,
          kind: auditLog.kind,
          created_at: auditLog.created_at,
          summary: auditLog.summary,
        })
        .from(auditLog)
        .where(and(inArray(auditLog.kind, USER_KINDS), eq(auditLog.entity_type, 'user')))
        .orderBy(asc(auditLog.created_at), asc(auditLog.id));
      return rows.flatMap((row) =>
        row.user_id === null ? [] : [{ ...row, user_id: row.user_id, changes: changesOf(row.summary) }],
      );
    },

    /** Each member's subscription state now, by member. */
    subscriptionStates: async () => {
      const rows = await db()
        .select({
          user_id: billingSubscriptions.user_id,
          status: billingSubscriptions.status,
          cancel_at_period_end: billingSubscriptions.cancel_at_period_end,
        })
        .from(billingSubscriptions);
      return new Map(rows.map((row) => [row.user_id, row]));
    },

    /** The price each member's subscription is on now, by member. */
    subscriptionPrices: async () => {
      const rows = await db()
        .select({
          user_id: billingSubscriptions.user_id,
          amount: billingPrices.amount,
          currency: billingPrices.currency,
          interval: billingPrices.interval,
          interval_count: billingPrices.interval_count,
        })
        .from(billingSubscriptions)
        .innerJoin(billingPrices, eq(billingPrices.price_id, billingSubscriptions.price_id));
      return new Map(
        rows.map((row) => [
          row.user_id,
          { ...row, currency: row.currency.toLowerCase(), interval: row.interval },
        ]),
      );
    },

    /** Uses of each tool that leaves a row (a RedGram generation, a saved video) in [start, end). */
    toolUses: async (start: string, end: string): Promise<Record<string, number>> => {
      const [redgram] = await db()
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(redgramLogs)
        .where(and(gte(redgramLogs.created_at, start), lt(redgramLogs.created_at, end)));
      const videos = await db()
        .select({ provider: videoRecords.provider, n: sql<number>`count(*)`.mapWith(Number) })
        .from(videoRecords)
        .where(and(gte(videoRecords.created_at, start), lt(videoRecords.created_at, end)))
        .groupBy(videoRecords.provider);
      const uses: Record<string, number> = { redgram: redgram?.n ?? 0 };
      for (const row of videos) uses[PROVIDER_TOOL[row.provider]] = row.n;
      return uses;
    },

    /** Members who signed in or used a tool in [start, end). */
    activeMembers: async (start: string, end: string): Promise<number> => {
      const ids = new Set<number>();
      const signedIn = await db()
        .selectDistinct({ id: sessions.user_id })
        .from(sessions)
        .where(and(gte(sessions.created_at, start), lt(sessions.created_at, end)));
      const generated = await db()
        .selectDistinct({ id: redgramLogs.user_id })
        .from(redgramLogs)
        .where(and(gte(redgramLogs.created_at, start), lt(redgramLogs.created_at, end)));
      const saved = await db()
        .selectDistinct({ id: videoRecords.user_id })
        .from(videoRecords)
        .where(and(gte(videoRecords.created_at, start), lt(videoRecords.created_at, end)));
      for (const row of [...signedIn, ...generated, ...saved]) if (row.id !== null) ids.add(row.id);
      return ids.size;
    },

    lastClosedDay: async (): Promise<string | null> => {
      const [row] = await db()
        .select({ day: max(statsClosedDays.day) })
        .from(statsClosedDays);
      return row?.day ?? null;
    },

    firstClosedDay: async (): Promise<string | null> => {
      const [row] = await db()
        .select({ day: min(statsClosedDays.day) })
        .from(statsClosedDays);
      return row?.day ?? null;
    },

    /**
     * Marks each day closed and writes its rows, in one transaction. A day another node closed first is left as
     * it is; rows are written with their whole value, so a repeated write changes nothing.
     */
    writeDays: (days: readonly string[], rows: readonly StatsRow[], closedAt: string) =>
      database.transaction(async (tx) => {
        const mine = new Set<string>();
        for (const day of days) {
          const marked = await tx
            .insert(statsClosedDays)
            .values({ day, closed_at: closedAt })
            .onConflictDoNothing()
            .returning({ day: statsClosedDays.day });
          if (marked.length > 0) mine.add(day);
        }
        const written = rows.filter((row) => mine.has(row.day));
        for (let i = 0; i < written.length; i += CHUNK) {
          await tx
            .insert(statsDaily)
            .values(written.slice(i, i + CHUNK))
            .onConflictDoUpdate({
              target: [statsDaily.day, statsDaily.metric, statsDaily.dimension],
              set: { value: sql`excluded.value` },
            });
        }
      }),

    /** The kept rows of [from, to] (every day when from is null). */
    rowsBetween: (from: string | null, to: string) =>
      db()
        .select({
          metric: statsDaily.metric,
          day: statsDaily.day,
          dimension: statsDaily.dimension,
          value: statsDaily.value,
        })
        .from(statsDaily)
        .where(
          from === null
            ? sql`${statsDaily.day} <= ${to}`
            : and(gte(statsDaily.day, from), sql`${statsDaily.day} <= ${to}`),
        )
        .orderBy(asc(statsDaily.metric), asc(statsDaily.day), asc(statsDaily.dimension)),

    /** Forgets every kept row and closed day (a test's reference back-fill). */
    forgetAll: () =>
      database.transaction(async (tx) => {
        await tx.delete(statsDaily);
        await tx.delete(statsClosedDays);
      }),
  };
}

export type StatsRepo = ReturnType<typeof createStatsRepo>;
