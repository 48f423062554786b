import {
  ACCESS_STATUSES,
  SUBSCRIPTION_STATUS_LABELS,
  type BillingInterval,
  type PayingState,
  type StatsMetric,
  type SubscriptionStatus,
} from '@app/contracts';
import type { AppDatabase } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { addDays, dayBounds, dayOf } from './days';
import { createStatsRepo, type StatsRow, type UserHistoryEntry } from './repo';

/**
 * The close of each day: every finished day not closed yet gets its rows, computed from what the database
 * holds (accounts, Historial, subscriptions, AI logs, saved records) for that day only, then is marked closed in
 * the same transaction. Each row is written with its full value (never `value + n`) and the mark is
 * insert-if-absent, so two nodes closing the same day at once write the same rows and the day counts once.
 * The first close after the upgrade starts at the first account's day: that is the back-fill.
 */

const CANCELLING_SUFFIX = ' (no se renovará)';
const LABEL_STATUS = new Map<string, SubscriptionStatus>(
  Object.entries(SUBSCRIPTION_STATUS_LABELS).map(([status, label]) => [label, status as SubscriptionStatus]),
);

interface SubscriptionState {
  status: SubscriptionStatus;
  cancelling: boolean;
}

/** A subscription's state from the label Historial keeps for it (billing's own wording). */
export function parseSubscriptionLabel(label: string | null | undefined): SubscriptionState | null {
  if (!label) return null;
  const cancelling = label.endsWith(CANCELLING_SUFFIX);
  const status = LABEL_STATUS.get(cancelling ? label.slice(0, -CANCELLING_SUFFIX.length) : label);
  return status ? { status, cancelling } : null;
}

const grants = (state: SubscriptionState | null): boolean =>
  state !== null && ACCESS_STATUSES.includes(state.status);

/** Which of the `paying` dimensions a state is, or null when it pays nothing. */
export function payingState(state: SubscriptionState | null): PayingState | null {
  if (!state) return null;
  if (state.status === 'trialing') return 'trialing';
  if (state.status === 'past_due') return 'past_due';
  if (state.status === 'active') return state.cancelling ? 'cancelling' : 'active';
  return null;
}

/** A price as monthly income in minor units: a yearly price counts a twelfth (rounded to the unit). */
export function monthlyAmount(price: { amount: number; interval: BillingInterval; interval_count: number }) {
  const perInterval = price.amount / Math.max(1, price.interval_count);
  const perMonth = {
    day: (perInterval * 365) / 12,
    week: (perInterval * 52) / 12,
    month: perInterval,
    year: perInterval / 12,
  };
  return Math.round(perMonth[price.interval]);
}

/** What one subscription change in Historial counts as, from its before and after states. */
function transitionMetrics(before: SubscriptionState | null, after: SubscriptionState | null): StatsMetric[] {
  const metrics: StatsMetric[] = [];
  if (!grants(before) && grants(after)) metrics.push('paid_signups');
  if (after?.status === 'trialing' && before?.status !== 'trialing') metrics.push('trial_starts');
  if (before?.status === 'trialing' && after?.status === 'active') metrics.push('trial_conversions');
  if (grants(before) && !grants(after)) metrics.push('cancellations');
  return metrics;
}

/** The value of a field at `instant`: the `before` of its first change at or after it, else its value now. */
function valueAt<T>(changes: readonly { at: string; before: T }[] | undefined, now: T, instant: string): T {
  const later = changes?.find((change) => change.at >= instant);
  return later ? later.before : now;
}

export interface StatsKeeperDeps {
  database: AppDatabase;
  clock: Clock;
  timeZone: string;
}

export function createStatsKeeper({ database, clock, timeZone }: StatsKeeperDeps) {
  const repo = createStatsRepo(database);

  /** The rows of `days` (consecutive, oldest first), from the database as it is now. */
  async function rowsOf(days: readonly string[]): Promise<StatsRow[]> {
    const rows: StatsRow[] = [];
    const add = (metric: StatsMetric, day: string, dimension: string, value: number) => {
      if (value !== 0) rows.push({ metric, day, dimension, value });
    };
    const members = await repo.members();
    const history = await repo.userHistory();
    const prices = await repo.subscriptionPrices();

    const roleChanges = new Map<number, { at: string; before: string }[]>();
    const subscriptionChanges = new Map<number, { at: string; after: SubscriptionState | null }[]>();
    const transitions: { at: string; metrics: StatsMetric[] }[] = [];
    for (const entry of history) collect(entry);
    function collect(entry: UserHistoryEntry) {
      for (const change of entry.changes) {
        if (change.field === 'role' && change.before) {
          const list = roleChanges.get(entry.user_id) ?? [];
          list.push({ at: entry.created_at, before: change.before });
          roleChanges.set(entry.user_id, list);
        }
        if (change.field === 'suscripcion' && entry.kind === 'billing.subscription') {
          const before = parseSubscriptionLabel(change.before);
          const after = parseSubscriptionLabel(change.after);
          const list = subscriptionChanges.get(entry.user_id) ?? [];
          list.push({ at: entry.created_at, after });
          subscriptionChanges.set(entry.user_id, list);
          transitions.push({ at: entry.created_at, metrics: transitionMetrics(before, after) });
        }
      }
    }

    for (const day of days) {
      const { start, end } = dayBounds(day, timeZone);
      const inDay = (at: string) => at >= start && at < end;

      add('signups', day, '', members.filter((member) => inDay(member.created_at)).length);
      const flows = new Map<StatsMetric, number>();
      for (const transition of transitions.filter((t) => inDay(t.at))) {
        for (const metric of transition.metrics) flows.set(metric, (flows.get(metric) ?? 0) + 1);
      }
      for (const [metric, value] of flows) add(metric, day, '', value);
      const uses = await repo.toolUses(start, end);
      for (const [tool, value] of Object.entries(uses)) add('tool_uses', day, tool, value);
      add('active', day, '', await repo.activeMembers(start, end));

      const byRole = new Map<string, number>();
      for (const member of members) {
        if (member.created_at >= end || !member.is_active) continue;
        const role = valueAt(roleChanges.get(member.id), member.role, end);
        byRole.set(role, (byRole.get(role) ?? 0) + 1);
      }
      for (const [role, value] of byRole) add('members', day, role, value);

      const paying = new Map<string, number>();
      const mrr = new Map<string, number>();
      for (const [userId, changes] of subscriptionChanges) {
        const state = payingState(changes.filter((change) => change.at < end).at(-1)?.after ?? null);
        if (!state) continue;
        paying.set(state, (paying.get(state) ?? 0) + 1);
        const price = prices.get(userId);
        if (price) {
          const key = `${price.currency}:${state}`;
          mrr.set(key, (mrr.get(key) ?? 0) + monthlyAmount(price));
        }
      }
      for (const [state, value] of paying) add('paying', day, state, value);
      for (const [key, value] of mrr) add('mrr', day, key, value);
    }
    return rows;
  }

  /** Closes every finished day that is not closed yet; answers how many it closed. */
  async function closeFinishedDays(): Promise<number> {
    const lastDay = addDays(dayOf(clock.now(), timeZone), -1);
    const lastClosed = await repo.lastClosedDay();
    let first: string;
    if (lastClosed) first = addDays(lastClosed, 1);
    else {
      const oldest = await repo.oldestAccount();
      first = oldest ? dayOf(new Date(oldest), timeZone) : lastDay;
    }
    if (first > lastDay) return 0;
    const days: string[] = [];
    for (let day = first; day <= lastDay; day = addDays(day, 1)) days.push(day);
    const rows = await rowsOf(days);
    await repo.writeDays(days, rows, clock.now().toISOString());
    return days.length;
  }

  return { closeFinishedDays, rowsOf };
}

export type StatsKeeper = ReturnType<typeof createStatsKeeper>;
