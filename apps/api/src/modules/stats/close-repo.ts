import { max, min, sql } from 'drizzle-orm';
import type { AppDatabase, Db } from '../../db/client';
import type { ClassViewers } from '../library';
import { CHUNK, rewritePeriods, type StatsRow } from './kept';
import {
  statsClasses,
  statsClosedDays,
  statsDaily,
  statsMonthly,
  statsToolUses,
  statsWeekly,
} from './schema';

/** Writes `rows` into the kept days, each row's value replacing the kept one or (`add`) added to it. */
async function writeDaily(tx: Db, rows: readonly StatsRow[], add: boolean) {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await tx
      .insert(statsDaily)
      .values(rows.slice(i, i + CHUNK))
      .onConflictDoUpdate({
        target: [statsDaily.day, statsDaily.metric, statsDaily.dimension],
        set: { value: add ? sql`${statsDaily.value} + excluded.value` : sql`excluded.value` },
      });
  }
}

/** Marks each of `days` closed unless another node did first: answers the days this close marked. */
async function markClosed(tx: Db, days: readonly string[], closedAt: string, lastUserId: number | null) {
  const mine = new Set<string>();
  for (const day of days) {
    const marked = await tx
      .insert(statsClosedDays)
      .values({ day, closed_at: closedAt, newest_account: lastUserId })
      .onConflictDoNothing()
      .returning({ day: statsClosedDays.day });
    if (marked.length > 0) mine.add(day);
  }
  return mine;
}

/** The close's writes: the days it marks closed, their rows, the weeks and months they fall in. */
export function closeRepo(database: AppDatabase) {
  const db = () => database.read;
  return {
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
        await rewritePeriods(database, tx, closed.first, closed.last);
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
      classes: readonly ClassViewers[],
      closedAt: string,
      lastUserId: number | null = null,
      late: readonly StatsRow[] = [],
    ) =>
      database.transaction(async (tx) => {
        const mine = await markClosed(tx, days, closedAt, lastUserId);
        if (mine.size > 0) {
          // A snapshot as this close found it: replaced whole, so a repeated write changes nothing.
          await tx.delete(statsClasses);
          for (let i = 0; i < classes.length; i += CHUNK) {
            await tx.insert(statsClasses).values(classes.slice(i, i + CHUNK));
          }
        }
        await writeDaily(
          tx,
          rows.filter((row) => mine.has(row.day)),
          false,
        );
        // The weeks and months of the days closed here, rewritten whole from the kept days (those closed before
        // in the same period included).
        const closed = [...mine].sort();
        const added = days[0] !== undefined && mine.has(days[0]) ? late : [];
        await writeDaily(tx, added, true);
        const firstLate = added.reduce((first, row) => (row.day < first ? row.day : first), closed[0] ?? '');
        if (closed.length > 0) await rewritePeriods(database, tx, firstLate, closed.at(-1) ?? '');
      }),

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
