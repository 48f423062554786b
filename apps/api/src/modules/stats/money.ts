/**
 * Money as Stripe's Billing analytics (and ChartMogul, Baremetrics) count it, from the revenue history billing
 * keeps: one row per stored state of a member's subscription (status, monthly recurring revenue after
 * discounts, tax excluded). A pure function of those rows and the days to close; docs/statistics.md gives the
 * definitions.
 *
 * - MRR counts the subscriptions that pay: `active` (also those that end at the period's end, until they end).
 *   Trials pay nothing yet; a subscription in payment retry (`past_due`) is given apart and not counted.
 * - Movements compare each member's MRR at the end of a day with the day before: from nothing, `new` (first
 *   time) or `reactivated` (paid before); to nothing, `churned` (ended, or moved into payment retry); up,
 *   `expansion`; down, `contraction`. Changes within one day net out, so MRR at the end of a period is MRR at its
 *   start plus new, expansion and reactivated less contraction and churned.
 */
import type { RevenueChange } from '../billing';
import { createDayTally } from './day-tally';

export const MRR_MOVES = ['new', 'expansion', 'contraction', 'churned', 'reactivated'] as const;
export type MrrMove = (typeof MRR_MOVES)[number];

/** Subscribers at a day's end by kind: paying (`active`), in a trial, or retrying a payment. */
export const SUBSCRIBER_KINDS = ['paying', 'trial', 'retrying'] as const;
export type SubscriberKind = (typeof SUBSCRIBER_KINDS)[number];

export interface MoneyRow {
  metric:
    'revenue' | 'revenue_retrying' | 'revenue_plan' | 'subscribers' | 'revenue_moves' | 'subscribers_lost';
  day: string;
  dimension: string;
  value: number;
}

const kindOf = (status: string): SubscriberKind | null =>
  status === 'active'
    ? 'paying'
    : status === 'trialing'
      ? 'trial'
      : status === 'past_due'
        ? 'retrying'
        : null;

/** What a state adds to MRR: its revenue while it pays, nothing otherwise. */
const paying = (change: RevenueChange | undefined) =>
  change?.status === 'active' ? { mrr: change.mrr, currency: change.currency } : { mrr: 0, currency: '' };

/**
 * The money rows of `days` (consecutive, oldest first; `bounds[i]` the instants day i starts and ends, the end
 * excluded) from the revenue history up to the last day's end, oldest first. Snapshots (`revenue` by currency,
 * `revenue_retrying` by currency, `revenue_plan` by `currency:plan`, `subscribers` by `currency:kind`) hold
 * each day's end; flows (`revenue_moves` by `currency:move`, `subscribers_lost` by currency) what each day
 * changed.
 */
export function moneyRows(
  changes: readonly RevenueChange[],
  days: readonly string[],
  bounds: readonly { start: string; end: string }[],
): MoneyRow[] {
  const start = bounds[0]?.start ?? '';
  const tally = createDayTally(days, bounds);
  const { dayIndex, hold } = tally;
  const happen = (key: string, index: number, value: number) => tally.count(key, index, value);

  const byMember = new Map<number, RevenueChange[]>();
  for (const change of changes) {
    const list = byMember.get(change.user_id) ?? [];
    list.push(change);
    byMember.set(change.user_id, list);
  }

  for (const list of byMember.values()) {
    // The state before the first day, and the changes of each day, in order.
    let last: RevenueChange | undefined;
    let paidBefore = false;
    const perDay: { index: number; changes: RevenueChange[] }[] = [];
    for (const change of list) {
      if (change.at < start) {
        paidBefore ||= paying(change).mrr > 0;
        last = change;
        continue;
      }
      const index = dayIndex(change.at);
      if (index >= days.length) break;
      const group = perDay[perDay.length - 1];
      if (group?.index === index) group.changes.push(change);
      else perDay.push({ index, changes: [change] });
    }

    // Snapshots: each day's last state holds from its day to the next changed day.
    let from = 0;
    let held = last;
    const holdState = (to: number) => {
      if (!held) return;
      const kind = kindOf(held.status);
      if (kind) hold(`subscribers\t${held.currency}:${kind}`, from, to, 1);
      if (held.status === 'active') {
        hold(`revenue\t${held.currency}`, from, to, held.mrr);
        hold(`revenue_plan\t${held.currency}:${held.plan}`, from, to, held.mrr);
      }
      if (held.status === 'past_due') hold(`revenue_retrying\t${held.currency}`, from, to, held.mrr);
    };

    // Movements: the end of each changed day against the end of the day before.
    let before = paying(last);
    for (const { index, changes: dayChanges } of perDay) {
      const state = dayChanges[dayChanges.length - 1];
      holdState(index);
      from = index;
      held = state;
      const after = paying(state);
      const sameCurrency = before.currency === after.currency;
      if (before.mrr > 0 && (after.mrr === 0 || !sameCurrency)) {
        happen(`revenue_moves\t${before.currency}:churned`, index, before.mrr);
        happen(`subscribers_lost\t${before.currency}`, index, 1);
      }
      if (after.mrr > 0 && (before.mrr === 0 || !sameCurrency)) {
        const move: MrrMove = paidBefore ? 'reactivated' : 'new';
        happen(`revenue_moves\t${after.currency}:${move}`, index, after.mrr);
      }
      if (before.mrr > 0 && after.mrr > 0 && sameCurrency && after.mrr !== before.mrr) {
        const move: MrrMove = after.mrr > before.mrr ? 'expansion' : 'contraction';
        happen(`revenue_moves\t${after.currency}:${move}`, index, Math.abs(after.mrr - before.mrr));
      }
      paidBefore ||= dayChanges.some((change) => paying(change).mrr > 0);
      before = after;
    }
    holdState(days.length);
  }

  return tally.rows() as MoneyRow[];
}
