import { STATS_METRICS, STATS_SNAPSHOTS } from '@app/contracts';
import { and, asc, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { AppDatabase, Db } from '../../db/client';
import type { Dialect } from '../../db/dialect/dialect';
import { addDays, mondayOf, monthOf, nextMonth } from './days';
import { statsDaily, statsMonthly, statsWeekly } from './schema';

/** A kept row: one value per period (keyed by its first day), metric and dimension. */
export interface StatsRow {
  metric: string;
  day: string;
  dimension: string;
  value: number;
}

/** The periods rows are kept by: days as each close counts them, weeks and months summed from the days. */
export type KeptPeriod = 'day' | 'week' | 'month';
type SummedPeriod = Exclude<KeptPeriod, 'day'>;

/** Rows per insert statement: well under either engine's limit of bound parameters. */
export const CHUNK = 200;

const SNAPSHOTS: readonly string[] = STATS_SNAPSHOTS;
/** The metrics a week or month sums: every flow. */
const FLOWS: readonly string[] = STATS_METRICS.filter((metric) => !SNAPSHOTS.includes(metric));
/** The snapshots a week or month keeps at its last day; the month's running count is read at months' ends. */
const PERIOD_SNAPSHOTS: readonly string[] = SNAPSHOTS.filter((metric) => metric !== 'active_month');

/** Each period's table, and its column keyed by the period's first day. */
const KEPT = {
  day: { table: statsDaily, start: statsDaily.day, key: 'day' },
  week: { table: statsWeekly, start: statsWeekly.week, key: 'week' },
  month: { table: statsMonthly, start: statsMonthly.month, key: 'month' },
} as const;

/** How a day's week or month is found: in SQL (`startSql`) and here (`startOf`), and the one after (`next`). */
const CALENDAR: Record<
  SummedPeriod,
  {
    startSql: (dialect: Dialect) => SQL<string>;
    startOf: (day: string) => string;
    next: (start: string) => string;
  }
> = {
  week: {
    startSql: (dialect) => dialect.weekStart(statsDaily.day),
    startOf: mondayOf,
    next: (start) => addDays(start, 7),
  },
  month: {
    startSql: () => sql<string>`substr(${statsDaily.day}, 1, 7) || '-01'`,
    startOf: monthOf,
    next: nextMonth,
  },
};

const columnsOf = (period: KeptPeriod) => {
  const { table, start } = KEPT[period];
  return { metric: table.metric, day: start, dimension: table.dimension, value: table.value };
};

/** The rows of `metrics` of the periods starting from `from` to `to`, both included. */
const within = (period: KeptPeriod, from: string, to: string, metrics: readonly string[]) => {
  const { table, start } = KEPT[period];
  return and(inArray(table.metric, metrics), gte(start, from), sql`${start} <= ${to}`);
};

/** The kept daily rows of `metrics` from `from` to `to` summed per week or month (keyed by its first day). */
const dailySums = (
  on: Db,
  dialect: Dialect,
  per: SummedPeriod,
  from: string,
  to: string,
  metrics: readonly string[],
) => {
  const start = CALENDAR[per].startSql(dialect);
  return on
    .select({
      metric: statsDaily.metric,
      day: start,
      dimension: statsDaily.dimension,
      value: sql<number>`sum(${statsDaily.value})`.mapWith(Number),
    })
    .from(statsDaily)
    .where(within('day', from, to, metrics))
    .groupBy(statsDaily.metric, start, statsDaily.dimension)
    .orderBy(asc(statsDaily.metric), asc(start), asc(statsDaily.dimension));
};

/** The reads of the kept rows, any period: what the screen is answered from. */
export function keptReads(database: AppDatabase) {
  const db = () => database.read;
  return {
    /** The kept daily rows of `metrics` from `from` to `to` summed per week or month (keyed by its first day). */
    dailySums: (
      per: SummedPeriod,
      from: string,
      to: string,
      metrics: readonly string[],
    ): Promise<StatsRow[]> => dailySums(db(), database.dialect, per, from, to, metrics),

    /** The kept rows of `metrics` for the periods starting from `from` to `to`, both included. */
    keptRows: (
      period: KeptPeriod,
      from: string,
      to: string,
      metrics: readonly string[],
    ): Promise<StatsRow[]> => {
      const { table, start } = KEPT[period];
      return db()
        .select(columnsOf(period))
        .from(table)
        .where(within(period, from, to, metrics))
        .orderBy(asc(table.metric), asc(start), asc(table.dimension));
    },

    /** Each metric's total (over its dimensions) over the periods starting from `from` to `to`. */
    keptSums: async (period: KeptPeriod, from: string, to: string, metrics: readonly string[]) => {
      const { table } = KEPT[period];
      const rows = await db()
        .select({ metric: table.metric, total: sql<number>`sum(${table.value})`.mapWith(Number) })
        .from(table)
        .where(within(period, from, to, metrics))
        .groupBy(table.metric);
      return new Map(rows.map((row) => [row.metric, row.total]));
    },

    /** Every kept row of the period (a test's comparison). */
    allKeptRows: (period: KeptPeriod): Promise<StatsRow[]> => {
      const { table, start } = KEPT[period];
      return db()
        .select(columnsOf(period))
        .from(table)
        .orderBy(asc(table.metric), asc(start), asc(table.dimension));
    },

    /** The kept daily rows of `metrics` on the given days only (snapshots at a range's or a week's end). */
    rowsOn: (days: readonly string[], metrics: readonly string[]): Promise<StatsRow[]> =>
      days.length === 0
        ? Promise.resolve([])
        : db()
            .select(columnsOf('day'))
            .from(statsDaily)
            .where(and(inArray(statsDaily.metric, metrics), inArray(statsDaily.day, [...days])))
            .orderBy(asc(statsDaily.metric), asc(statsDaily.day), asc(statsDaily.dimension)),
  };
}

/**
 * The rows of the weeks or months from `first`'s to `lastDay`'s, from the kept days: flows summed, snapshots as
 * the period's last closed day left them. `lastDay` is the last closed day, so it ends the last period.
 */
async function periodRows(database: AppDatabase, tx: Db, per: SummedPeriod, first: string, lastDay: string) {
  const { startOf, next } = CALENDAR[per];
  const flows = await dailySums(tx, database.dialect, per, first, lastDay, FLOWS);
  const ends: string[] = [];
  for (let start = first; start <= lastDay; start = next(start)) {
    const end = addDays(next(start), -1);
    ends.push(end < lastDay ? end : lastDay);
  }
  const snapshots = await tx
    .select(columnsOf('day'))
    .from(statsDaily)
    .where(and(inArray(statsDaily.metric, PERIOD_SNAPSHOTS), inArray(statsDaily.day, ends)));
  return [
    ...flows.filter((row) => row.value !== 0),
    ...snapshots.map((row) => ({ ...row, day: startOf(row.day) })),
  ];
}

/** Rewrites whole the weekly and monthly rows of the periods from `firstDay`'s to the last closed day's. */
export async function rewritePeriods(database: AppDatabase, tx: Db, firstDay: string, lastDay: string) {
  for (const per of ['week', 'month'] as const) {
    const { table, start, key } = KEPT[per];
    const first = CALENDAR[per].startOf(firstDay);
    const rows = await periodRows(database, tx, per, first, lastDay);
    await tx.delete(table).where(and(gte(start, first), sql`${start} <= ${lastDay}`));
    // Two nodes filling the same periods at once write the same values: the second overwrites, never fails.
    for (let i = 0; i < rows.length; i += CHUNK) {
      // Keyed by the period's column (`week` or `month`), which TypeScript cannot tell from `per`.
      const values = rows.slice(i, i + CHUNK).map(({ day, ...row }) => ({ ...row, [key]: day }));
      await tx
        .insert(table)
        .values(values as (typeof table.$inferInsert)[])
        .onConflictDoUpdate({
          target: [start, table.metric, table.dimension],
          set: { value: sql`excluded.value` },
        });
    }
  }
}
