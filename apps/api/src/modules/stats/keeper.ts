import {
  ACCESS_STATUSES,
  ADMIN_ROLE,
  SubscriptionStatus,
  type BillingInterval,
  type PayingState,
  type StatsMetric,
  type StatsToday,
} from '@app/contracts';
import type { AppDatabase } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { createDayTally } from './day-tally';
import { addDays, dayBounds, dayOf } from './days';
import type { EventValue, HistoryEvent } from '../history';
import type { JobDefinition } from '../jobs';
import { moneyRows } from './money';
import { createStatsRepo, type StatsRow, type UserHistoryEntry } from './repo';

/**
 * The close of each day: every finished day not closed yet gets its rows, computed from what the database
 * holds (accounts, Historial, subscriptions, AI logs, saved records, counted tool uses, dated completion marks)
 * for that day only, then is marked closed in
 * the same transaction. Each row is written with its full value (never `value + n`) and the mark is
 * insert-if-absent, so two nodes closing the same day at once write the same rows and the day counts once.
 * The first close after the upgrade starts at the first account's day: that is the back-fill.
 */

/** The bulk actions of the users table, by the code Historial keeps (settings' own names). */
const BULK_ACTIVATE = 'activate';
const BULK_SET_ROLE = 'set_role';

interface SubscriptionState {
  status: SubscriptionStatus;
  cancelling: boolean;
}

/** A subscription's state as Historial keeps it for code: `{ status, cancelling }` (billing's record of it). */
function subscriptionState(value: EventValue | undefined): SubscriptionState | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const { status, cancelling } = value as Readonly<Record<string, EventValue>>;
  const parsed = SubscriptionStatus.safeParse(status);
  return parsed.success ? { status: parsed.data, cancelling: cancelling === true } : null;
}

const grants = (state: SubscriptionState | null): boolean =>
  state !== null && ACCESS_STATUSES.includes(state.status);

/** Which of the `paying` dimensions a state is, or null when it pays nothing. */
function payingState(state: SubscriptionState | null): PayingState | null {
  if (!state) return null;
  if (state.status === 'trialing') return 'trialing';
  if (state.status === 'past_due') return 'past_due';
  if (state.status === 'active') return state.cancelling ? 'cancelling' : 'active';
  return null;
}

/** A price as monthly income in minor units: a yearly price counts a twelfth (rounded to the unit). */
function monthlyAmount(price: { amount: number; interval: BillingInterval; interval_count: number }) {
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

/** A change of an account's role or of whether it is active, as Historial kept it. */
interface AccountChange {
  at: string;
  role?: { before: string; after: string };
  active?: { before: boolean; after: boolean };
}

/** The changes of role and of being active one Historial event made to an account, role first. */
function accountChanges({ created_at: at, before, after }: HistoryEvent): AccountChange[] {
  const changes: AccountChange[] = [];
  const [roleBefore, roleAfter] = [before.role, after.role];
  if (typeof roleBefore === 'string' && typeof roleAfter === 'string' && roleBefore && roleAfter)
    changes.push({ at, role: { before: roleBefore, after: roleAfter } });
  const [activeBefore, activeAfter] = [before.is_active, after.is_active];
  if (typeof activeBefore === 'boolean' && typeof activeAfter === 'boolean')
    changes.push({ at, active: { before: activeBefore, after: activeAfter } });
  return changes;
}

export interface StatsKeeperDeps {
  database: AppDatabase;
  clock: Clock;
  timeZone: string;
}

export function createStatsKeeper({ database, clock, timeZone }: StatsKeeperDeps) {
  const repo = createStatsRepo(database);

  /**
   * The rows of `days` (consecutive, oldest first), from the database as it is now, and the newest account
   * read. With a `scope`, only what the accounts of `scope.ids` make: with `flows`, the day's events (today's
   * figures); without, their own facts alone, new members and members by role (what an import of past members
   * adds to days already closed).
   */
  async function rowsOf(
    days: readonly string[],
    scope?: { ids: readonly number[]; flows: boolean; since?: string },
  ): Promise<{ rows: StatsRow[]; lastUserId: number | null }> {
    const rows: StatsRow[] = [];
    const add = (metric: StatsMetric, day: string, dimension: string, value: number) => {
      if (value !== 0) rows.push({ metric, day, dimension, value });
    };
    const only = scope !== undefined;
    const events = !scope || scope.flows;
    const members = await repo.members(scope?.ids);
    const lastUserId = members.reduce<number | null>(
      (last, member) => (last === null || member.id > last ? member.id : last),
      null,
    );
    const history = await repo.userHistory(scope?.ids, scope?.since);
    type Prices = Awaited<ReturnType<typeof repo.subscriptionPrices>>;
    const prices = only ? (new Map() as Prices) : await repo.subscriptionPrices();

    /** Each member's role and activity changes, oldest first: what they were before, and after. */
    const changesByMember = new Map<number, AccountChange[]>();
    const subscriptionChanges = new Map<number, { at: string; after: SubscriptionState | null }[]>();
    const initialStates = new Map<number, SubscriptionState>();
    const transitions: { at: string; metrics: StatsMetric[] }[] = [];
    for (const entry of history) collect(entry);
    function collect(entry: UserHistoryEntry) {
      const account = accountChanges(entry);
      if (account.length > 0)
        changesByMember.set(entry.entity_id, [...(changesByMember.get(entry.entity_id) ?? []), ...account]);
      if (
        entry.kind === 'billing.subscription' &&
        ('suscripcion' in entry.before || 'suscripcion' in entry.after)
      ) {
        const before = subscriptionState(entry.before.suscripcion);
        const after = subscriptionState(entry.after.suscripcion);
        const list = subscriptionChanges.get(entry.entity_id) ?? [];
        if (list.length === 0 && before) initialStates.set(entry.entity_id, before);
        list.push({ at: entry.created_at, after });
        subscriptionChanges.set(entry.entity_id, list);
        transitions.push({ at: entry.created_at, metrics: transitionMetrics(before, after) });
      }
    }

    const bounds = days.map((day) => dayBounds(day, timeZone));
    const tally = createDayTally(days, bounds);
    const { dayIndex, hold } = tally;
    const happen = (key: string, at: string, times = 1) => {
      if (at < (bounds[0]?.start ?? '')) return;
      tally.count(key, dayIndex(at), times);
    };
    for (const entry of events ? history : []) {
      for (const change of accountChanges(entry)) {
        if (change.active && !change.active.before && change.active.after)
          happen('activations\t', entry.created_at);
        if (change.role) happen(`role_changes\t${change.role.after}`, entry.created_at);
      }
    }
    // A bulk action names no single account: its count goes to the day, its role to the role it gave.
    for (const entry of events ? await repo.bulkHistory(bounds[0]?.start) : []) {
      const { accion, cuentas, role } = entry.after;
      const accounts = typeof cuentas === 'number' ? cuentas : 0;
      if (accion === BULK_ACTIVATE) happen('activations\t', entry.created_at, accounts);
      if (accion === BULK_SET_ROLE && typeof role === 'string' && role)
        happen(`role_changes\t${role}`, entry.created_at, accounts);
    }

    for (const member of members) {
      // Counted under its role while active, from the day it was made: the state before its first change of
      // each kind, then each change's `after` from the change's day, and its present state after the last.
      const changes = changesByMember.get(member.id) ?? [];
      let role = changes.find((change) => change.role)?.role?.before ?? member.role;
      let active = changes.find((change) => change.active)?.active?.before ?? member.is_active;
      // A new member is counted when the account first becomes active (made active, or activated later),
      // unless it is an administrator then: a registration never activated or an inactive import never counts.
      let joined = false;
      const join = (at: string) => {
        if (!joined && active && role !== ADMIN_ROLE) happen('signups\t', at);
        joined = joined || active;
      };
      join(member.created_at);
      let from = dayIndex(member.created_at);
      for (const change of changes) {
        const until = dayIndex(change.at);
        if (active) hold(`members\t${role}`, from, until, 1);
        from = Math.max(from, until);
        role = change.role?.after ?? role;
        active = change.active?.after ?? active;
        join(change.at);
      }
      if (member.is_active) hold(`members\t${member.role}`, from, days.length, 1);
    }
    for (const transition of events ? transitions : []) {
      for (const metric of transition.metrics) happen(`${metric}\t`, transition.at);
    }
    // A subscription's state before its first change in Historial is that change's `before`; one that Historial
    // no longer holds any change of (they are pruned after its retention) has held its present state throughout.
    for (const [userId, now] of only ? [] : await repo.subscriptionStates()) {
      const changes = subscriptionChanges.get(userId);
      const status = SubscriptionStatus.safeParse(now.status);
      const initial = changes
        ? initialStates.get(userId)
        : status.success
          ? { status: status.data, cancelling: now.cancel_at_period_end }
          : null;
      if (initial) subscriptionChanges.set(userId, [{ at: '', after: initial }, ...(changes ?? [])]);
    }
    for (const [userId, changes] of only ? [] : subscriptionChanges) {
      const price = prices.get(userId);
      changes.forEach((change, i) => {
        const state = payingState(change.after);
        if (!state) return;
        const from = dayIndex(change.at);
        const next = changes[i + 1];
        const to = next ? dayIndex(next.at) : days.length;
        hold(`paying\t${state}`, from, to, 1);
        if (price) hold(`mrr\t${price.currency}:${state}`, from, to, monthlyAmount(price));
      });
    }

    // Money as Stripe counts it, from billing's revenue history (see money.ts).
    if (!only && days.length > 0) {
      const changes = await repo.revenueChanges(bounds[bounds.length - 1]?.end ?? '');
      for (const row of moneyRows(changes, days, bounds)) rows.push(row);
    }
    for (const row of tally.rows()) add(row.metric as StatsMetric, row.day, row.dimension, row.value);
    // Members active this month so far: the days of the month before the first one closed here are read once,
    // then each day's members join the month's set.
    let month = '';
    let monthActive = new Set<number>();
    for (const [i, day] of (only ? [] : days).entries()) {
      const { start, end } = bounds[i] ?? dayBounds(day, timeZone);
      const uses = await repo.toolUses(start, end, day);
      for (const [tool, value] of Object.entries(uses)) add('tool_uses', day, tool, value);
      const completions = await repo.completions(start, end);
      for (const [library, value] of Object.entries(completions)) add('completions', day, library, value);
      const active = await repo.activeIds(start, end, day, addDays(day, 1));
      add('active', day, '', active.size);
      if (day.slice(0, 7) !== month) {
        month = day.slice(0, 7);
        const first = `${month}-01`;
        monthActive = await repo.activeIds(dayBounds(first, timeZone).start, start, first, day);
      }
      for (const id of active) monthActive.add(id);
      add('active_month', day, '', monthActive.size);
    }
    return { rows, lastUserId };
  }

  /**
   * What accounts made since the last close with a date before `firstOpen` (an import of past members) add to
   * the days closed from their first day to `lastClosed`.
   */
  async function lateRows(firstOpen: string, lastClosed: string, upTo: number | null): Promise<StatsRow[]> {
    const seen = await repo.lastUserId();
    if (seen === null || upTo === null) return [];
    const start = dayBounds(firstOpen, timeZone).start;
    const late = (await repo.members()).filter(
      (member) => member.id > seen && member.id <= upTo && member.created_at < start,
    );
    if (late.length === 0) return [];
    const firstClosed = (await repo.firstClosedDay()) ?? lastClosed;
    const earliest = late.reduce((first, m) => (m.created_at < first ? m.created_at : first), start);
    let first = dayOf(new Date(earliest), timeZone);
    if (first < firstClosed) first = firstClosed;
    const days: string[] = [];
    for (let day = first; day <= lastClosed; day = addDays(day, 1)) days.push(day);
    return (await rowsOf(days, { ids: late.map((member) => member.id), flows: false })).rows;
  }

  /** Closes every finished day that is not closed yet; answers how many it closed. */
  async function closeFinishedDays(): Promise<number> {
    await repo.fillPeriods();
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
    const { rows, lastUserId } = await rowsOf(days);
    const late = lastClosed ? await lateRows(first, lastClosed, lastUserId) : [];
    await repo.writeDays(
      days,
      rows,
      await repo.classCompletions(),
      clock.now().toISOString(),
      lastUserId,
      late,
    );
    return days.length;
  }

  /**
   * Today's figures so far, live: read from today's rows of the accounts made or changed today, today's kept
   * sign-ins and tool uses, and the kept count of accounts, so their cost follows today's activity, not the
   * size of the community.
   */
  async function today(): Promise<StatsToday> {
    const now = clock.now();
    const day = dayOf(now, timeZone);
    const { start, end } = dayBounds(day, timeZone);
    const [ids, active, accounts, lastClosed] = await Promise.all([
      repo.touchedBetween(start, end),
      repo.activeIds(start, end, day, addDays(day, 1)),
      repo.activeAccounts(),
      repo.lastClosedDay(),
    ]);
    // Today's Historial only: an account reactivated today after an earlier activation counts as new here, and
    // the close of the day, which reads all of it, does not count it.
    const { rows } = await rowsOf([day], { ids, flows: true, since: start });
    const flow = (metric: StatsMetric) =>
      rows.filter((row) => row.metric === metric).reduce((sum, row) => sum + row.value, 0);
    return {
      day,
      as_of: now.toISOString(),
      time_zone: timeZone,
      last_closed: lastClosed,
      // The close runs every few minutes: today closes shortly after it ends.
      closes_at: end,
      accounts,
      active: active.size,
      new_members: flow('signups'),
      paid_signups: flow('paid_signups'),
      cancellations: flow('cancellations'),
      trial_starts: flow('trial_starts'),
    };
  }

  return {
    closeFinishedDays,
    today,
    /** Its background work: the close of the finished days, every ten minutes (the first fills the past). */
    jobs: (): JobDefinition[] => [
      {
        name: 'stats.close-days',
        label: 'Cerrar los días terminados de Estadísticas',
        recurring: { every: 10 * 60_000 },
        run: async () => {
          await closeFinishedDays();
        },
      },
    ],
  };
}
