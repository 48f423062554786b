import {
  ADMIN_ROLE,
  completionShare,
  isMoneyChart,
  MEMBER_KINDS,
  MRR_MOVES,
  type MemberKind,
  type StatsMoney,
  PERIOD_HEADERS,
  STATS_CHART_FILES,
  statsChartTable,
  type StatsChartExport,
  type StatsChartKey,
  STATS_CLASSES_CSV_HEADER,
  STATS_METRICS,
  STATS_SNAPSHOTS,
  type StatsClassesExport,
  type LibraryName,
  type StatsClassPage,
  type StatsFigure,
  type StatsPeriod,
  type StatsSeries,
  type StatsMetric,
  type StatsMrr,
  type StatsOverview,
  type StatsRange,
} from '@app/contracts';
import { writeCsv } from '../../lib/csv';
import type { PageRequest } from '../../lib/page-key';
import { addDays, daysBetween, mondayOf, monthOf } from './days';
import type { StatsRepo, StatsRow } from './repo';

/** The range's length in days (the whole kept history for "all"). */
const RANGE_DAYS: Record<Exclude<StatsRange, 'all'>, number> = { '30': 30, '90': 90, '365': 365 };

/** Subscriptions that bring money in: renewing, ending at the period's end, or retrying a payment. */
const PAID_STATES = new Set(['active', 'cancelling', 'past_due']);

const oneDecimal = (value: number) => Math.round(value * 10) / 10;
const percent = (part: number, whole: number) => (whole > 0 ? oneDecimal((part * 100) / whole) : 0);

export interface StatsServiceDeps {
  repo: StatsRepo;
  timeZone: string;
}

/** The metrics a chart shows per period: every kept one but the month's running count (shown per month). */
const SERIES_METRICS = STATS_METRICS.filter((metric) => metric !== 'active_month');
const SNAPSHOTS: readonly string[] = STATS_SNAPSHOTS;
const FLOWS = SERIES_METRICS.filter((metric) => !SNAPSHOTS.includes(metric));

/** The last day of each month from `from` to `to`, and `to` itself. */
function monthEnds(from: string, to: string): string[] {
  const ends: string[] = [];
  for (let month = from.slice(0, 7); `${month}-01` <= to;) {
    const next = addDays(`${month}-28`, 4).slice(0, 7);
    const end = addDays(`${next}-01`, -1);
    ends.push(end < to ? end : to);
    month = next;
  }
  return ends;
}

/** The first Monday on or after `day`. */
const mondayFrom = (day: string) => {
  const monday = mondayOf(day);
  return monday < day ? addDays(monday, 7) : monday;
};

/** The range's flows are the sums of their series, whatever the period: read once, not summed again. */
function seriesTotals(series: readonly StatsSeries[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const { metric, points } of series) {
    if (SNAPSHOTS.includes(metric)) continue;
    for (const point of points) totals.set(metric, (totals.get(metric) ?? 0) + point.value);
  }
  return totals;
}

/**
 * Figures and series of a range, from the kept rows only. Sums are counted by the database, over kept weeks
 * where whole ones fit; the answer carries one point per period: a year in weeks, the whole history in months.
 */
export function createStatsService({ repo, timeZone }: StatsServiceDeps) {
  /**
   * The series of [from, to], by day or by week. Weeks are read from the kept weekly rows, but for a first week
   * that starts before `from`: its flows are summed from its days in the range, and its point is keyed by `from`.
   * `to` is the last closed day, so the last week's rows hold its days up to `to` and no more.
   */
  async function seriesOf(from: string, to: string, period: StatsPeriod): Promise<StatsSeries[]> {
    let points: StatsRow[];
    if (period === 'day') points = await repo.keptRows('day', from, to, SERIES_METRICS);
    else if (period === 'month') {
      // Months are read for the whole history only: its first month holds no kept day before `from`.
      points = (await repo.keptRows('month', monthOf(from), to, SERIES_METRICS)).map((row) => ({
        ...row,
        day: row.day < from ? from : row.day,
      }));
    } else {
      const firstWeek = mondayFrom(from);
      const [head, weeks] = await Promise.all([
        firstWeek > from ? repo.dailySums('week', from, addDays(firstWeek, -1), FLOWS) : [],
        repo.keptRows('week', mondayOf(from), to, SERIES_METRICS),
      ]);
      points = [...head, ...weeks.filter((row) => row.day >= from || SNAPSHOTS.includes(row.metric))].map(
        (row) => ({ ...row, day: row.day < from ? from : row.day }),
      );
    }
    const byMetric = new Map<string, StatsSeries['points']>();
    for (const { metric, day, dimension, value } of points) {
      const list = byMetric.get(metric) ?? [];
      list.push({ day, dimension, value });
      byMetric.set(metric, list);
    }
    return SERIES_METRICS.map((metric) => ({
      metric,
      points: (byMetric.get(metric) ?? []).sort((a, b) => a.day.localeCompare(b.day)),
    }));
  }

  /**
   * Each flow's total from `from` to `to`: whole weeks from the kept weekly rows, the days around them from the
   * daily ones. The week of the last closed day (`last`) is whole as kept: it holds no day after `last`.
   */
  async function totalsBetween(from: string, to: string, last: string): Promise<Map<string, number>> {
    const firstWeek = mondayFrom(from);
    const lastWeek = to === last ? mondayOf(to) : addDays(mondayFrom(addDays(to, 1)), -7);
    if (firstWeek > lastWeek) return repo.keptSums('day', from, to, FLOWS);
    const parts = await Promise.all([
      firstWeek > from
        ? repo.keptSums('day', from, addDays(firstWeek, -1), FLOWS)
        : new Map<string, number>(),
      repo.keptSums('week', firstWeek, lastWeek, FLOWS),
      addDays(lastWeek, 6) < to
        ? repo.keptSums('day', addDays(lastWeek, 7), to, FLOWS)
        : new Map<string, number>(),
    ]);
    const totals = new Map<string, number>();
    for (const part of parts)
      for (const [metric, value] of part) totals.set(metric, (totals.get(metric) ?? 0) + value);
    return totals;
  }

  async function overview(range: StatsRange): Promise<StatsOverview> {
    const to = await repo.lastClosedDay();
    const first = await repo.firstClosedDay();
    if (!to || !first) return empty(range);
    const all = range === 'all';
    const length = all ? daysBetween(first, to) + 1 : RANGE_DAYS[range];
    const from = all ? first : addDays(to, -(length - 1));
    const previousTo = addDays(from, -1);
    const previousFrom = addDays(from, -length);
    const beforePrevious = addDays(previousFrom, -1);
    const period: StatsPeriod = all ? 'month' : length > 90 ? 'week' : 'day';
    const months = monthEnds(from, to);

    const [previousTotals, snapshots, monthly, series, previousMoves, planRoles] = await Promise.all([
      totalsBetween(previousFrom, previousTo, to),
      repo.rowsOn(
        [to, previousTo, beforePrevious],
        ['members', 'paying', 'mrr', 'revenue', 'revenue_retrying', 'revenue_plan', 'subscribers'],
      ),
      repo.rowsOn(months, ['active_month']),
      seriesOf(from, to, period),
      all
        ? Promise.resolve([])
        : repo.keptRows('day', previousFrom, previousTo, ['revenue_moves', 'subscribers_lost']),
      repo.planRoles(),
    ]);
    const totals = seriesTotals(series);
    const flow = (metric: StatsMetric) => totals.get(metric) ?? 0;
    const previousFlow = (metric: StatsMetric) => previousTotals.get(metric) ?? 0;
    const sumAt = (metric: StatsMetric, day: string, keep: (dimension: string) => boolean = () => true) =>
      snapshots
        .filter((row) => row.metric === metric && row.day === day && keep(row.dimension))
        .reduce((total, row) => total + row.value, 0);
    const paidAt = (day: string) => sumAt('paying', day, (dimension) => PAID_STATES.has(dimension));
    // Days before the first kept one had no members (the back-fill starts at the first account), so a
    // previous range there compares with zero; "all" has no previous range.
    const hasPrevious = !all;
    const figure = (value: number, previous: number): StatsFigure => ({
      value,
      previous: hasPrevious ? previous : null,
    });
    // Cancellations among everyone who paid during the range (paying at its start, or signed up in it),
    // scaled to 30 days; a range shorter than a month is not scaled up.
    const churn = (cancellations: number, payers: number) =>
      oneDecimal((percent(cancellations, payers) * 30) / Math.max(30, length));
    const activeByDay = new Map(monthly.map((row) => [row.day, row.value]));

    return {
      range,
      from,
      to,
      time_zone: timeZone,
      figures: {
        active_members: figure(sumAt('members', to), sumAt('members', previousTo)),
        paying_members: figure(paidAt(to), paidAt(previousTo)),
        new_members: figure(flow('signups'), previousFlow('signups')),
        paid_signups: figure(flow('paid_signups'), previousFlow('paid_signups')),
        cancellations: figure(flow('cancellations'), previousFlow('cancellations')),
        monthly_churn: figure(
          churn(flow('cancellations'), paidAt(previousTo) + flow('paid_signups')),
          churn(previousFlow('cancellations'), paidAt(beforePrevious) + previousFlow('paid_signups')),
        ),
        trial_conversion: figure(
          percent(flow('trial_conversions'), flow('trial_starts')),
          percent(previousFlow('trial_conversions'), previousFlow('trial_starts')),
        ),
      },
      mrr: mrrOf(snapshots, to, previousTo, hasPrevious),
      ...moneyOf({
        snapshots,
        series,
        previousMoves,
        planRoles,
        to,
        previousTo,
        beforePrevious,
        hasPrevious,
      }),
      period,
      series,
      monthly_active: months.map((day) => ({ month: day.slice(0, 7), value: activeByDay.get(day) ?? 0 })),
    };
  }

  function empty(range: StatsRange): StatsOverview {
    const none = { value: 0, previous: null };
    return {
      range,
      from: null,
      to: null,
      time_zone: timeZone,
      figures: {
        active_members: none,
        paying_members: none,
        new_members: none,
        paid_signups: none,
        cancellations: none,
        monthly_churn: none,
        trial_conversion: none,
      },
      mrr: [],
      money: [],
      member_kinds: MEMBER_KINDS.map((kind) => ({ kind, value: 0, previous: null, trend: [] })),
      subscriber_churn: none,
      period: 'day',
      series: SERIES_METRICS.map((metric) => ({ metric, points: [] })),
      monthly_active: [],
    };
  }

  /** One page of a library's classes, as the last close found them. */
  async function classes(
    query: { library: LibraryName; categoria?: number | undefined } & PageRequest,
  ): Promise<StatsClassPage> {
    const { rows, ...keys } = await repo.classPage(query.library, query, query.categoria);
    return { ...keys, items: rows, pageSize: query.pageSize };
  }

  /** Every class of a library as CSV, named after the library and the last closed day. */
  async function exportClasses(library: LibraryName): Promise<StatsClassesExport> {
    const [rows, last] = await Promise.all([repo.libraryClasses(library), repo.lastClosedDay()]);
    const csv = writeCsv(
      STATS_CLASSES_CSV_HEADER,
      rows.map((row) => [
        row.titulo,
        row.categoria,
        String(row.viewers),
        String(row.finished),
        String(completionShare(row.finished, row.viewers)),
      ]),
    );
    return { filename: `finalizacion-${library}_${last ?? 'sin-datos'}.csv`, csv, rows: rows.length };
  }

  /**
   * A chart's numbers for a range as CSV, from the same table the screen draws; headers such as a role's name
   * go through the shared writer, which neutralises spreadsheet formulas. Income is written in whole units.
   */
  async function exportChart(
    range: StatsRange,
    chart: StatsChartKey,
    currency = '',
  ): Promise<StatsChartExport> {
    const stats = await overview(range);
    const table = statsChartTable(stats, chart, currency);
    const format = isMoneyChart(chart) ? (value: number) => String(value / 100) : String;
    const csv = writeCsv(
      [PERIOD_HEADERS[table.period], ...table.columns.map((column) => column.label)],
      table.rows.map((row) => [
        row.day,
        ...table.columns.map((column) => format(row.values[column.key] ?? 0)),
      ]),
    );
    const name = isMoneyChart(chart) ? `${STATS_CHART_FILES[chart]}-${currency}` : STATS_CHART_FILES[chart];
    return {
      filename: `${name}_${stats.from ?? 'sin-datos'}_${stats.to ?? 'sin-datos'}.csv`,
      csv,
      rows: table.rows.length,
    };
  }

  return { overview, classes, exportClasses, exportChart, classCategories: repo.classCategories };
}

/** Active members by kind from the members by role and the subscribers by kind of one day's rows. */
function kindsOf(
  rows: readonly { metric: string; dimension: string; value: number }[],
  planRoles: Set<string>,
) {
  const counts: Record<MemberKind, number> = { free: 0, paying: 0, courtesy: 0, trial: 0, retrying: 0 };
  let planMembers = 0;
  let subscribers = 0;
  // A day closed before billing kept its revenue history has no `subscribers` rows: its subscriptions by
  // state (read from Historial) stand in.
  const fromHistory = !rows.some((row) => row.metric === 'subscribers');
  const PAYING_KIND: Record<string, MemberKind> = {
    active: 'paying',
    cancelling: 'paying',
    trialing: 'trial',
    past_due: 'retrying',
  };
  for (const row of rows) {
    if (row.metric === 'members' && row.dimension !== ADMIN_ROLE) {
      if (planRoles.has(row.dimension)) planMembers += row.value;
      else counts.free += row.value;
    }
    const kind =
      row.metric === 'subscribers' && !fromHistory
        ? (row.dimension.split(':')[1] as MemberKind)
        : row.metric === 'paying' && fromHistory
          ? PAYING_KIND[row.dimension]
          : undefined;
    if (kind && kind in counts) {
      counts[kind] += row.value;
      subscribers += row.value;
    }
  }
  // A plan's role held without a subscription that gives access: granted by an administrator.
  counts.courtesy = Math.max(0, planMembers - subscribers);
  return counts;
}

/**
 * Money as Stripe counts it, members by kind and subscriber churn, from the snapshots of the range's last day,
 * the day before it and the day before the previous range, and the range's series.
 */
function moneyOf({
  snapshots,
  series,
  previousMoves,
  planRoles,
  to,
  previousTo,
  beforePrevious,
  hasPrevious,
}: {
  snapshots: readonly StatsRow[];
  series: readonly StatsSeries[];
  previousMoves: readonly StatsRow[];
  planRoles: readonly string[];
  to: string;
  previousTo: string;
  beforePrevious: string;
  hasPrevious: boolean;
}): Pick<StatsOverview, 'money' | 'member_kinds' | 'subscriber_churn'> {
  const on = (day: string) => snapshots.filter((row) => row.day === day);
  const sum = (
    rows: readonly { metric: string; dimension: string; value: number }[],
    metric: string,
    keep: (d: string) => boolean,
  ) =>
    rows
      .filter((row) => row.metric === metric && keep(row.dimension))
      .reduce((total, row) => total + row.value, 0);
  const points = (metric: string) => series.find((s) => s.metric === metric)?.points ?? [];
  const periods = [...new Set(series.flatMap((s) => s.points.map((point) => point.day)))].sort();

  const currencies = new Set<string>();
  for (const row of snapshots) {
    if (row.metric.startsWith('revenue') || row.metric === 'subscribers')
      currencies.add(row.dimension.split(':')[0] ?? '');
  }
  for (const point of points('revenue_moves')) currencies.add(point.dimension.split(':')[0] ?? '');

  const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part * 1000) / whole) / 10 : 0);
  const money: StatsMoney[] = [...currencies].sort().map((currency) => {
    const mine = (dimension: string) => dimension.split(':')[0] === currency;
    const exactly = (dimension: string) => dimension === currency;
    const mrrAt = (day: string) => sum(on(day), 'revenue', exactly);
    const payingAt = (day: string) => sum(on(day), 'subscribers', (d) => d === `${currency}:paying`);
    const arpu = (mrr: number, payers: number) => (payers > 0 ? Math.round(mrr / payers) : 0);
    const moveTotal = (rows: readonly { dimension: string; value: number }[], move: string) =>
      rows
        .filter((row) => row.dimension === `${currency}:${move}`)
        .reduce((total, row) => total + row.value, 0);
    const moves = Object.fromEntries(
      MRR_MOVES.map((move) => [move, moveTotal(points('revenue_moves'), move)]),
    ) as StatsMoney['moves'];
    const previousMove = (move: string) =>
      moveTotal(
        previousMoves.filter((row) => row.metric === 'revenue_moves'),
        move,
      );
    const [mrr, start, startBefore] = [mrrAt(to), mrrAt(previousTo), mrrAt(beforePrevious)];
    const trendByDay = new Map(
      points('revenue')
        .filter((point) => point.dimension === currency)
        .map((point) => [point.day, point.value]),
    );
    return {
      currency,
      mrr,
      previous: hasPrevious ? start : null,
      arr: mrr * 12,
      arpu: arpu(mrr, payingAt(to)),
      previous_arpu: hasPrevious ? arpu(start, payingAt(previousTo)) : null,
      paying: payingAt(to),
      retrying: sum(on(to), 'revenue_retrying', exactly),
      moves,
      by_plan: on(to)
        .filter((row) => row.metric === 'revenue_plan' && mine(row.dimension))
        .map((row) => ({ plan: row.dimension.slice(currency.length + 1), amount: row.value }))
        .sort((a, b) => b.amount - a.amount || a.plan.localeCompare(b.plan)),
      revenue_churn: {
        value: percent(moves.churned + moves.contraction, start),
        previous: hasPrevious
          ? percent(previousMove('churned') + previousMove('contraction'), startBefore)
          : null,
      },
      trend: periods.map((day) => trendByDay.get(day) ?? 0),
    };
  });

  const roles = new Set(planRoles);
  const [now, before] = [kindsOf(on(to), roles), kindsOf(on(previousTo), roles)];
  const byPeriod = periods.map((day) =>
    kindsOf(
      series.flatMap((s) =>
        s.metric === 'members' || s.metric === 'subscribers' || s.metric === 'paying'
          ? s.points.filter((point) => point.day === day).map((point) => ({ ...point, metric: s.metric }))
          : [],
      ),
      roles,
    ),
  );
  const lost = sum(
    points('subscribers_lost').map((p) => ({ ...p, metric: 'x' })),
    'x',
    () => true,
  );
  const previousLost = sum(previousMoves, 'subscribers_lost', () => true);
  const payingAt = (day: string) => sum(on(day), 'subscribers', (d) => d.endsWith(':paying'));
  return {
    money,
    member_kinds: MEMBER_KINDS.map((kind) => ({
      kind,
      value: now[kind],
      previous: hasPrevious ? before[kind] : null,
      trend: byPeriod.map((counts) => counts[kind]),
    })),
    subscriber_churn: {
      value: percent(lost, payingAt(previousTo)),
      previous: hasPrevious ? percent(previousLost, payingAt(beforePrevious)) : null,
    },
  };
}

/** Monthly income per currency at the last day (`mrr` rows are keyed `currency:state`). */
function mrrOf(rows: readonly StatsRow[], to: string, previousTo: string, hasPrevious: boolean): StatsMrr[] {
  const byCurrency = new Map<string, StatsMrr>();
  const entry = (currency: string) => {
    const found = byCurrency.get(currency);
    if (found) return found;
    const created: StatsMrr = {
      currency,
      amount: 0,
      previous: hasPrevious ? 0 : null,
      trialing: 0,
      cancelling: 0,
    };
    byCurrency.set(currency, created);
    return created;
  };
  for (const row of rows) {
    if (row.metric !== 'mrr' || (row.day !== to && row.day !== previousTo)) continue;
    const [currency = '', state = ''] = row.dimension.split(':');
    const mrr = entry(currency);
    if (row.day === previousTo) {
      if (hasPrevious && PAID_STATES.has(state) && state !== 'cancelling')
        mrr.previous = (mrr.previous ?? 0) + row.value;
      continue;
    }
    if (state === 'trialing') mrr.trialing += row.value;
    else if (state === 'cancelling') mrr.cancelling += row.value;
    else mrr.amount += row.value;
  }
  return [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

export type StatsService = ReturnType<typeof createStatsService>;
