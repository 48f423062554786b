import { INVALID_PAGE_KEY, STATS_METRICS, STATS_SNAPSHOTS, type StatsClass } from '@app/contracts';
import { and, asc, desc, eq, gte, inArray, lt, max, min, ne, sql, type SQL } from 'drizzle-orm';
import type { AppDatabase, Db } from '../../db/client';
import { badRequest } from '../../lib/errors';
import {
  pageFromRows,
  pageWindow,
  readingOrder,
  seekPast,
  type KeyedPage,
  type PageRequest,
} from '../../lib/page-key';
import { roles, sessions, userCounts, users } from '../../db/schema';
import { billingPlans, billingPrices, billingRevenueChanges, billingSubscriptions } from '../billing';
import { createHistoryEvents, type HistoryEvent } from '../history';
import { libraryCategories, libraryOpened, libraryVideos, libraryWatched } from '../library';
import { redgramLogs } from '../redgram';
import { videoRecords } from '../video-tools';
import { addDays, mondayOf, monthOf, nextMonth } from './days';
import type { RevenueChange } from './money';
import {
  statsClasses,
  statsClosedDays,
  statsDaily,
  statsMonthly,
  statsToolUses,
  statsWeekly,
} from './schema';

export interface StatsRow {
  metric: string;
  day: string;
  dimension: string;
  value: number;
}

export interface ClassCompletion {
  video_id: number;
  library: string;
  titulo: string;
  categoria_id: number;
  categoria: string;
  orden: number;
  viewers: number;
  finished: number;
}

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

/** Rows per insert statement: well under either engine's limit of bound parameters. */
const CHUNK = 200;

const SNAPSHOTS: readonly string[] = STATS_SNAPSHOTS;
/** The metrics a week sums: every flow. */
const WEEKLY_FLOWS: readonly string[] = STATS_METRICS.filter((metric) => !SNAPSHOTS.includes(metric));
/** The snapshots a week keeps at its last day; the month's running count is read at months' ends instead. */
const WEEKLY_SNAPSHOTS: readonly string[] = SNAPSHOTS.filter((metric) => metric !== 'active_month');

const weeklyColumns = {
  metric: statsWeekly.metric,
  day: statsWeekly.week,
  dimension: statsWeekly.dimension,
  value: statsWeekly.value,
};

const classColumns = {
  library: statsClasses.library,
  video_id: statsClasses.video_id,
  titulo: statsClasses.titulo,
  categoria_id: statsClasses.categoria_id,
  categoria: statsClasses.categoria,
  viewers: statsClasses.viewers,
  finished: statsClasses.finished,
};

const monthlyColumns = {
  metric: statsMonthly.metric,
  day: statsMonthly.month,
  dimension: statsMonthly.dimension,
  value: statsMonthly.value,
};

const rowColumns = {
  metric: statsDaily.metric,
  day: statsDaily.day,
  dimension: statsDaily.dimension,
  value: statsDaily.value,
};

export function createStatsRepo(database: AppDatabase) {
  const db = () => database.read;
  const history = createHistoryEvents(database);

  /**
   * The kept rows of the periods (weeks or months) from `firstDay`'s to `lastDay`'s, from the kept days: flows
   * summed, snapshots as the period's last closed day left them. `lastDay` is the last closed day, so it ends
   * the last period. `startSql` and `startOf` both give a day's period (keyed by its first day).
   */
  async function periodRows(
    tx: Db,
    first: string,
    lastDay: string,
    startSql: SQL<string>,
    startOf: (day: string) => string,
    nextOf: (start: string) => string,
  ): Promise<StatsRow[]> {
    const flows = await tx
      .select({
        metric: statsDaily.metric,
        day: startSql,
        dimension: statsDaily.dimension,
        value: sql<number>`sum(${statsDaily.value})`.mapWith(Number),
      })
      .from(statsDaily)
      .where(
        and(
          inArray(statsDaily.metric, WEEKLY_FLOWS),
          gte(statsDaily.day, first),
          sql`${statsDaily.day} <= ${lastDay}`,
        ),
      )
      .groupBy(statsDaily.metric, startSql, statsDaily.dimension);
    const ends: string[] = [];
    for (let start = first; start <= lastDay; start = nextOf(start)) {
      const end = addDays(nextOf(start), -1);
      ends.push(end < lastDay ? end : lastDay);
    }
    const snapshots = await tx
      .select(rowColumns)
      .from(statsDaily)
      .where(and(inArray(statsDaily.metric, WEEKLY_SNAPSHOTS), inArray(statsDaily.day, ends)));
    return [
      ...flows.filter((row) => row.value !== 0),
      ...snapshots.map((row) => ({ ...row, day: startOf(row.day) })),
    ];
  }

  /** Rewrites whole the weekly and monthly rows of the periods from `firstDay`'s to the last closed day's. */
  async function rewritePeriods(tx: Db, firstDay: string, lastDay: string) {
    const week = mondayOf(firstDay);
    const weekly = await periodRows(
      tx,
      week,
      lastDay,
      database.dialect.weekStart(statsDaily.day),
      mondayOf,
      (day) => addDays(day, 7),
    );
    const month = monthOf(firstDay);
    const monthly = await periodRows(
      tx,
      month,
      lastDay,
      sql<string>`substr(${statsDaily.day}, 1, 7) || '-01'`,
      monthOf,
      nextMonth,
    );
    await tx
      .delete(statsWeekly)
      .where(and(gte(statsWeekly.week, week), sql`${statsWeekly.week} <= ${lastDay}`));
    await tx
      .delete(statsMonthly)
      .where(and(gte(statsMonthly.month, month), sql`${statsMonthly.month} <= ${lastDay}`));
    // Two nodes filling the same periods at once write the same values: the second overwrites, never fails.
    for (let i = 0; i < weekly.length; i += CHUNK) {
      await tx
        .insert(statsWeekly)
        .values(weekly.slice(i, i + CHUNK).map(({ day, ...row }) => ({ ...row, week: day })))
        .onConflictDoUpdate({
          target: [statsWeekly.week, statsWeekly.metric, statsWeekly.dimension],
          set: { value: sql`excluded.value` },
        });
    }
    for (let i = 0; i < monthly.length; i += CHUNK) {
      await tx
        .insert(statsMonthly)
        .values(monthly.slice(i, i + CHUNK).map(({ day, ...row }) => ({ ...row, month: day })))
        .onConflictDoUpdate({
          target: [statsMonthly.month, statsMonthly.metric, statsMonthly.dimension],
          set: { value: sql`excluded.value` },
        });
    }
  }

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

    /**
     * The revenue history billing kept before `end` (the last day's end), oldest first, with each plan's role
     * name: what the money rows are counted from.
     */
    revenueChanges: async (end: string): Promise<RevenueChange[]> => {
      const rows = await db()
        .select({
          user_id: billingRevenueChanges.user_id,
          at: billingRevenueChanges.at,
          status: billingRevenueChanges.status,
          plan: roles.name,
          mrr: billingRevenueChanges.mrr,
          currency: billingRevenueChanges.currency,
        })
        .from(billingRevenueChanges)
        .leftJoin(roles, eq(roles.id, billingRevenueChanges.plan_role_id))
        .where(lt(billingRevenueChanges.at, end))
        .orderBy(asc(billingRevenueChanges.at), asc(billingRevenueChanges.id));
      return rows.map((row) => ({ ...row, plan: row.plan ?? '', currency: row.currency.toLowerCase() }));
    },

    /** The roles paid plans grant (by name): members holding one without a subscription are courtesy members. */
    planRoles: async (): Promise<string[]> => {
      const rows = await db()
        .select({ name: roles.name })
        .from(billingPlans)
        .innerJoin(roles, eq(roles.id, billingPlans.role_id));
      return rows.map((row) => row.name);
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

    /**
     * Uses of each tool in [start, end): a RedGram generation, a saved video, and the counted uses of tools
     * that leave no row (kept per `day`).
     */
    toolUses: async (start: string, end: string, day: string): Promise<Record<string, number>> => {
      const [redgram] = await db()
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(redgramLogs)
        .where(and(gte(redgramLogs.created_at, start), lt(redgramLogs.created_at, end)));
      const videos = await db()
        .select({ provider: videoRecords.provider, n: sql<number>`count(*)`.mapWith(Number) })
        .from(videoRecords)
        .where(and(gte(videoRecords.created_at, start), lt(videoRecords.created_at, end)))
        .groupBy(videoRecords.provider);
      const counted = await db()
        .select({ tool: statsToolUses.tool, n: sql<number>`sum(${statsToolUses.uses})`.mapWith(Number) })
        .from(statsToolUses)
        .where(and(eq(statsToolUses.day, day), ne(statsToolUses.tool, SIGN_IN)))
        .groupBy(statsToolUses.tool);
      const uses: Record<string, number> = { redgram: redgram?.n ?? 0 };
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
      const counted = await db()
        .selectDistinct({ id: statsToolUses.user_id })
        .from(statsToolUses)
        .where(and(gte(statsToolUses.day, fromDay), lt(statsToolUses.day, toDay)));
      for (const row of [...signedIn, ...generated, ...saved, ...counted])
        if (row.id !== null) ids.add(row.id);
      return ids;
    },

    /** Classes marked completed in [start, end), per library. */
    completions: async (start: string, end: string): Promise<Record<string, number>> => {
      const rows = await db()
        .select({ library: libraryVideos.library, n: sql<number>`count(*)`.mapWith(Number) })
        .from(libraryWatched)
        .innerJoin(libraryVideos, eq(libraryVideos.id, libraryWatched.video_id))
        .where(and(gte(libraryWatched.completed_at, start), lt(libraryWatched.completed_at, end)))
        .groupBy(libraryVideos.library);
      return Object.fromEntries(rows.map((row) => [row.library, row.n]));
    },

    /**
     * Each class's viewers (members who opened or finished it) and finishers, as the marks stand now: three
     * grouped counts, viewers being openers plus finishers less those who did both.
     */
    classCompletions: async (): Promise<ClassCompletion[]> => {
      const count = sql<number>`count(*)`.mapWith(Number);
      const [videos, finished, opened, both] = await Promise.all([
        db()
          .select({
            id: libraryVideos.id,
            library: libraryVideos.library,
            titulo: libraryVideos.titulo,
            categoria_id: libraryVideos.categoria_id,
            categoria: libraryCategories.nombre,
            orden: libraryVideos.orden,
          })
          .from(libraryVideos)
          .innerJoin(libraryCategories, eq(libraryCategories.id, libraryVideos.categoria_id)),
        db()
          .select({ id: libraryWatched.video_id, n: count })
          .from(libraryWatched)
          .groupBy(libraryWatched.video_id),
        db()
          .select({ id: libraryOpened.video_id, n: count })
          .from(libraryOpened)
          .groupBy(libraryOpened.video_id),
        db()
          .select({ id: libraryOpened.video_id, n: count })
          .from(libraryOpened)
          .innerJoin(
            libraryWatched,
            and(
              eq(libraryWatched.user_id, libraryOpened.user_id),
              eq(libraryWatched.video_id, libraryOpened.video_id),
            ),
          )
          .groupBy(libraryOpened.video_id),
      ]);
      const byId = (rows: { id: number; n: number }[]) => new Map(rows.map((row) => [row.id, row.n]));
      const [f, o, b] = [byId(finished), byId(opened), byId(both)];
      return videos.map(({ id, library, titulo, categoria_id, categoria, orden }) => ({
        video_id: id,
        library,
        titulo,
        categoria_id,
        categoria,
        orden,
        viewers: (o.get(id) ?? 0) + (f.get(id) ?? 0) - (b.get(id) ?? 0),
        finished: f.get(id) ?? 0,
      }));
    },

    /**
     * Fills the weekly and monthly rows of every closed day when none is kept: the first start after they were
     * added to what the close keeps. Answers whether it filled any.
     */
    fillPeriods: () =>
      database.transaction(async (tx) => {
        const [week] = await tx.select({ week: statsWeekly.week }).from(statsWeekly).limit(1);
        const [month] = await tx.select({ month: statsMonthly.month }).from(statsMonthly).limit(1);
        if (week && month) return false;
        const [closed] = await tx
          .select({ first: min(statsClosedDays.day), last: max(statsClosedDays.day) })
          .from(statsClosedDays);
        if (!closed?.first || !closed.last) return false;
        await rewritePeriods(tx, closed.first, closed.last);
        return true;
      }),

    lastClosedDay: async (): Promise<string | null> => {
      const [row] = await db()
        .select({ day: max(statsClosedDays.day) })
        .from(statsClosedDays);
      return row?.day ?? null;
    },

    /** The newest account any close saw (null before closes kept it). */
    lastUserId: async (): Promise<number | null> => {
      const [row] = await db()
        .select({ id: max(statsClosedDays.newest_account) })
        .from(statsClosedDays);
      return row?.id ?? null;
    },

    firstClosedDay: async (): Promise<string | null> => {
      const [row] = await db()
        .select({ day: min(statsClosedDays.day) })
        .from(statsClosedDays);
      return row?.day ?? null;
    },

    /**
     * Marks each day closed and writes its rows, in one transaction. A day another node closed first is left as
     * it is; rows are written with their whole value, so a repeated write changes nothing. `late` holds what
     * accounts made since the last close with earlier dates add to days closed before: added only by the close
     * that marks the first of `days`, the one that records `lastUserId`, so it is added once.
     */
    writeDays: (
      days: readonly string[],
      rows: readonly StatsRow[],
      classes: readonly ClassCompletion[],
      closedAt: string,
      lastUserId: number | null = null,
      late: readonly StatsRow[] = [],
    ) =>
      database.transaction(async (tx) => {
        const mine = new Set<string>();
        for (const day of days) {
          const marked = await tx
            .insert(statsClosedDays)
            .values({ day, closed_at: closedAt, newest_account: lastUserId })
            .onConflictDoNothing()
            .returning({ day: statsClosedDays.day });
          if (marked.length > 0) mine.add(day);
        }
        if (mine.size > 0) {
          // A snapshot as this close found it: replaced whole, so a repeated write changes nothing.
          await tx.delete(statsClasses);
          for (let i = 0; i < classes.length; i += CHUNK) {
            await tx.insert(statsClasses).values(classes.slice(i, i + CHUNK));
          }
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
        // The weeks and months of the days closed here, rewritten whole from the kept days (those closed before
        // in the same period included).
        const closed = [...mine].sort();
        const added = days[0] !== undefined && mine.has(days[0]) ? late : [];
        for (let i = 0; i < added.length; i += CHUNK) {
          await tx
            .insert(statsDaily)
            .values(added.slice(i, i + CHUNK))
            .onConflictDoUpdate({
              target: [statsDaily.day, statsDaily.metric, statsDaily.dimension],
              set: { value: sql`${statsDaily.value} + excluded.value` },
            });
        }
        const firstLate = added.reduce((first, row) => (row.day < first ? row.day : first), closed[0] ?? '');
        if (closed.length > 0) await rewritePeriods(tx, firstLate, closed.at(-1) ?? '');
      }),

    /** The kept rows of `metrics` from `from` to `to`, both included. */
    rowsBetween: (from: string, to: string, metrics: readonly string[]) =>
      db()
        .select(rowColumns)
        .from(statsDaily)
        .where(
          and(
            inArray(statsDaily.metric, metrics),
            gte(statsDaily.day, from),
            sql`${statsDaily.day} <= ${to}`,
          ),
        )
        .orderBy(asc(statsDaily.metric), asc(statsDaily.day), asc(statsDaily.dimension)),

    /** Every kept row (a test's comparison). */
    allRows: () =>
      db()
        .select(rowColumns)
        .from(statsDaily)
        .orderBy(asc(statsDaily.metric), asc(statsDaily.day), asc(statsDaily.dimension)),

    /** The kept rows of `metrics` on the given days only (snapshots at a range's or a week's end). */
    rowsOn: (days: readonly string[], metrics: readonly string[]) =>
      days.length === 0
        ? Promise.resolve([])
        : db()
            .select(rowColumns)
            .from(statsDaily)
            .where(and(inArray(statsDaily.metric, metrics), inArray(statsDaily.day, [...days])))
            .orderBy(asc(statsDaily.metric), asc(statsDaily.day), asc(statsDaily.dimension)),

    /** Each metric's total (over its dimensions) from `from` to `to`, both included. */
    totalsBetween: async (from: string, to: string, metrics: readonly string[]) => {
      const rows = await db()
        .select({ metric: statsDaily.metric, total: sql<number>`sum(${statsDaily.value})`.mapWith(Number) })
        .from(statsDaily)
        .where(
          and(
            inArray(statsDaily.metric, metrics),
            gte(statsDaily.day, from),
            sql`${statsDaily.day} <= ${to}`,
          ),
        )
        .groupBy(statsDaily.metric);
      return new Map(rows.map((row) => [row.metric, row.total]));
    },

    /** The rows of `metrics` from `from` to `to` summed per week (keyed by the week's Monday) and dimension. */
    weeklyTotals: (from: string, to: string, metrics: readonly string[]) => {
      const week = database.dialect.weekStart(statsDaily.day);
      return db()
        .select({
          metric: statsDaily.metric,
          day: week,
          dimension: statsDaily.dimension,
          value: sql<number>`sum(${statsDaily.value})`.mapWith(Number),
        })
        .from(statsDaily)
        .where(
          and(
            inArray(statsDaily.metric, metrics),
            gte(statsDaily.day, from),
            sql`${statsDaily.day} <= ${to}`,
          ),
        )
        .groupBy(statsDaily.metric, week, statsDaily.dimension)
        .orderBy(asc(statsDaily.metric), asc(week), asc(statsDaily.dimension));
    },

    /** The kept weekly rows of `metrics` for the weeks starting (Monday) from `from` to `to`, both included. */
    weeklyRows: (from: string, to: string, metrics: readonly string[]) =>
      db()
        .select(weeklyColumns)
        .from(statsWeekly)
        .where(
          and(
            inArray(statsWeekly.metric, metrics),
            gte(statsWeekly.week, from),
            sql`${statsWeekly.week} <= ${to}`,
          ),
        )
        .orderBy(asc(statsWeekly.metric), asc(statsWeekly.week), asc(statsWeekly.dimension)),

    /** Each metric's total over the kept weeks starting from `from` to `to` (Mondays, both included). */
    weeklySums: async (from: string, to: string, metrics: readonly string[]) => {
      const rows = await db()
        .select({ metric: statsWeekly.metric, total: sql<number>`sum(${statsWeekly.value})`.mapWith(Number) })
        .from(statsWeekly)
        .where(
          and(
            inArray(statsWeekly.metric, metrics),
            gte(statsWeekly.week, from),
            sql`${statsWeekly.week} <= ${to}`,
          ),
        )
        .groupBy(statsWeekly.metric);
      return new Map(rows.map((row) => [row.metric, row.total]));
    },

    /** The kept monthly rows of `metrics` for the months starting from `from` to `to`, both included. */
    monthlyRows: (from: string, to: string, metrics: readonly string[]) =>
      db()
        .select(monthlyColumns)
        .from(statsMonthly)
        .where(
          and(
            inArray(statsMonthly.metric, metrics),
            gte(statsMonthly.month, from),
            sql`${statsMonthly.month} <= ${to}`,
          ),
        ),

    /** Every kept monthly row (a test's comparison). */
    allMonthlyRows: () =>
      db()
        .select(monthlyColumns)
        .from(statsMonthly)
        .orderBy(asc(statsMonthly.metric), asc(statsMonthly.month), asc(statsMonthly.dimension)),

    /** Every kept weekly row (a test's comparison). */
    allWeeklyRows: () =>
      db()
        .select(weeklyColumns)
        .from(statsWeekly)
        .orderBy(asc(statsWeekly.metric), asc(statsWeekly.week), asc(statsWeekly.dimension)),

    /**
     * One page of a library's classes, most viewed first, the class's id breaking ties: read by the
     * (library, viewers, id) index, past a key of the viewers (as text) and id of the row it starts after.
     */
    async classPage(
      library: string,
      request: PageRequest,
      categoria?: number,
    ): Promise<KeyedPage<StatsClass> & { total: number }> {
      const window = pageWindow(request);
      let seek;
      if (window.anchor) {
        const [viewers, id] = window.anchor;
        if (!/^\d{1,9}$/.test(viewers)) throw badRequest(INVALID_PAGE_KEY);
        seek = seekPast(statsClasses.viewers, statsClasses.video_id, window.backward, {
          sortValue: Number(viewers),
          id,
        });
      }
      const inLibrary = and(
        eq(statsClasses.library, library),
        categoria === undefined ? undefined : eq(statsClasses.categoria_id, categoria),
      );
      const [rows, counted] = await Promise.all([
        db()
          .select(classColumns)
          .from(statsClasses)
          .where(and(inLibrary, seek))
          .orderBy(...readingOrder(statsClasses.viewers, statsClasses.video_id, window.backward))
          .limit(window.limit)
          .offset(window.offset),
        db()
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(statsClasses)
          .where(inLibrary),
      ]);
      const keyed = pageFromRows(window, rows, (row) => [String(row.viewers), row.video_id]);
      return { ...keyed, total: counted[0]?.n ?? 0 };
    },

    /** Every class of a library, most viewed first (its CSV). */
    /** The categories a library's classes are in, as the last close found them, in name order. */
    classCategories: (library: string) =>
      db()
        .selectDistinct({ id: statsClasses.categoria_id, nombre: statsClasses.categoria })
        .from(statsClasses)
        .where(eq(statsClasses.library, library))
        .orderBy(asc(statsClasses.categoria), asc(statsClasses.categoria_id)),

    libraryClasses: (library: string): Promise<StatsClass[]> =>
      db()
        .select(classColumns)
        .from(statsClasses)
        .where(eq(statsClasses.library, library))
        .orderBy(desc(statsClasses.viewers), desc(statsClasses.video_id)),

    /** Counts one use of a tool that leaves no row of its own, for the member, on `day`. */
    countToolUse: (day: string, tool: string, userId: number) =>
      database.transaction(async (tx) => {
        await tx
          .insert(statsToolUses)
          .values({ day, tool, user_id: userId, uses: 1 })
          .onConflictDoUpdate({
            target: [statsToolUses.day, statsToolUses.tool, statsToolUses.user_id],
            set: { uses: sql`${statsToolUses.uses} + 1` },
          });
      }),

    /** Forgets every kept row and closed day (a test's reference back-fill). */
    forgetAll: () =>
      database.transaction(async (tx) => {
        await tx.delete(statsDaily);
        await tx.delete(statsWeekly);
        await tx.delete(statsMonthly);
        await tx.delete(statsClosedDays);
        await tx.delete(statsClasses);
      }),
  };
}

export type StatsRepo = ReturnType<typeof createStatsRepo>;
