import {
  STATS_METRICS,
  type StatsFigure,
  type StatsMetric,
  type StatsMrr,
  type StatsOverview,
  type StatsRange,
} from '@app/contracts';
import { addDays, daysBetween } from './days';
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

/** Figures and series of a range, from the kept daily rows only. */
export function createStatsService({ repo, timeZone }: StatsServiceDeps) {
  async function overview(range: StatsRange): Promise<StatsOverview> {
    const to = await repo.lastClosedDay();
    const first = await repo.firstClosedDay();
    if (!to || !first) return empty(range);
    const all = range === 'all';
    const length = all ? daysBetween(first, to) + 1 : RANGE_DAYS[range];
    const from = all ? first : addDays(to, -(length - 1));
    const previousTo = addDays(from, -1);
    const previousFrom = addDays(from, -length);
    const rows = await repo.rowsBetween(all ? null : previousFrom, to);

    const inRange = (row: StatsRow) => row.day >= from && row.day <= to;
    const inPrevious = (row: StatsRow) => row.day >= previousFrom && row.day <= previousTo;
    const sum = (metric: StatsMetric, keep: (row: StatsRow) => boolean) =>
      rows.filter((row) => row.metric === metric && keep(row)).reduce((total, row) => total + row.value, 0);
    const flow = (metric: StatsMetric) => sum(metric, inRange);
    const previousFlow = (metric: StatsMetric) => sum(metric, inPrevious);
    const at = (day: string) => (row: StatsRow) => row.day === day;
    const paidAt = (day: string) => sum('paying', (row) => row.day === day && PAID_STATES.has(row.dimension));
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

    return {
      range,
      from,
      to,
      time_zone: timeZone,
      figures: {
        active_members: figure(sum('members', at(to)), sum('members', at(previousTo))),
        paying_members: figure(paidAt(to), paidAt(previousTo)),
        new_members: figure(flow('signups'), previousFlow('signups')),
        paid_signups: figure(flow('paid_signups'), previousFlow('paid_signups')),
        cancellations: figure(flow('cancellations'), previousFlow('cancellations')),
        monthly_churn: figure(
          churn(flow('cancellations'), paidAt(previousTo) + flow('paid_signups')),
          churn(
            previousFlow('cancellations'),
            paidAt(addDays(previousFrom, -1)) + previousFlow('paid_signups'),
          ),
        ),
        trial_conversion: figure(
          percent(flow('trial_conversions'), flow('trial_starts')),
          percent(previousFlow('trial_conversions'), previousFlow('trial_starts')),
        ),
      },
      mrr: mrrOf(rows, to, previousTo, hasPrevious),
      series: STATS_METRICS.map((metric) => ({
        metric,
        points: rows
          .filter((row) => row.metric === metric && inRange(row))
          .map(({ day, dimension, value }) => ({ day, dimension, value })),
      })),
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
      series: STATS_METRICS.map((metric) => ({ metric, points: [] })),
    };
  }

  return { overview };
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
