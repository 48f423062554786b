import { ACCESS_STATUSES, BILLING_FILTER_STATUSES, type BillingFilter } from '@app/contracts';
import { and, asc, eq, exists, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../db/client';
import { roles, users } from '../../db/schema';
import { billingPlans, billingPrices, billingRevenueChanges, billingSubscriptions } from './schema';

/** A live subscription of an account (one that still charges or grants): what an administrator may end. */
export interface LiveSubscription {
  user_id: number;
  subscription_id: string;
}

/** The live subscriptions of the accounts `where` selects. */
export const liveSubscriptions = async (on: Db, where: SQL | undefined): Promise<LiveSubscription[]> => {
  const rows = await on
    .select({ user_id: users.id, subscription_id: billingSubscriptions.subscription_id })
    .from(users)
    .innerJoin(billingSubscriptions, eq(billingSubscriptions.user_id, users.id))
    .where(
      and(
        where,
        isNotNull(billingSubscriptions.subscription_id),
        inArray(billingSubscriptions.status, [...ACCESS_STATUSES]),
      ),
    );
  return rows.flatMap((row) =>
    row.subscription_id ? [{ ...row, subscription_id: row.subscription_id }] : [],
  );
};

/** The Stripe customers of the accounts `where` selects (an erasure deletes them at Stripe). */
export const stripeCustomers = async (on: Db, where: SQL | undefined): Promise<string[]> => {
  const rows = await on
    .select({ customer_id: billingSubscriptions.customer_id })
    .from(users)
    .innerJoin(billingSubscriptions, eq(billingSubscriptions.user_id, users.id))
    .where(and(where, isNotNull(billingSubscriptions.customer_id)));
  return [...new Set(rows.flatMap((row) => (row.customer_id ? [row.customer_id] : [])))];
};

/** The members whose subscription is in one of the filter's statuses (billing_subscriptions_status_idx). */
export const subscribersIn = (on: Db, filter: BillingFilter): SQL =>
  inArray(
    users.id,
    on
      .select({ id: billingSubscriptions.user_id })
      .from(billingSubscriptions)
      .where(inArray(billingSubscriptions.status, [...BILLING_FILTER_STATUSES[filter]])),
  );

/**
 * Whether a paid plan uses this role: as the role it grants, or (`endOnly`) as the role its members move to
 * when their subscription ends.
 */
export async function planUsesRole(on: Db, roleId: number, endOnly = false): Promise<boolean> {
  const [row] = await on
    .select({ id: billingPlans.role_id })
    .from(billingPlans)
    .where(
      endOnly
        ? eq(billingPlans.end_role_id, roleId)
        : or(eq(billingPlans.role_id, roleId), eq(billingPlans.end_role_id, roleId)),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Each member's subscription as a derived table to left-join on `user_id` (the users list shows each member's
 * plan and state). One table, no join inside: both engines fold it into the outer query.
 */
export const subscriptionsByMember = () =>
  new QueryBuilder()
    .select({
      user_id: billingSubscriptions.user_id,
      subscription_id: billingSubscriptions.subscription_id,
      plan_role_id: billingSubscriptions.plan_role_id,
      status: billingSubscriptions.status,
    })
    .from(billingSubscriptions)
    .as('member_subscriptions');

/** The member's subscription as an erasure needs it (to end it and delete the customer), if they have one. */
export async function subscriptionOf(on: Db, userId: number) {
  const [row] = await on
    .select({
      customer_id: billingSubscriptions.customer_id,
      subscription_id: billingSubscriptions.subscription_id,
      status: billingSubscriptions.status,
      current_period_end: billingSubscriptions.current_period_end,
    })
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.user_id, userId));
  return row;
}

/**
 * The condition on `users` that the member has a subscription in one of `statuses` (and, given `planRoleIds`,
 * on one of those plans): an announcement's audience by plan or payment state.
 */
export function subscribed(statuses: readonly string[], planRoleIds?: readonly number[]): SQL {
  const status =
    statuses.length === 1 && statuses[0] !== undefined
      ? eq(billingSubscriptions.status, statuses[0])
      : inArray(billingSubscriptions.status, [...statuses]);
  const where = planRoleIds
    ? and(inArray(billingSubscriptions.plan_role_id, [...planRoleIds]), status)
    : status;
  return exists(
    sql`(select 1 from ${billingSubscriptions} where ${billingSubscriptions.user_id} = ${users.id} and ${where})`,
  );
}

/** The roles paid plans grant, in the plans' order: members holding one without a subscription are courtesy. */
export const planRoles = (on: Db): Promise<{ id: number; name: string }[]> =>
  on
    .select({ id: roles.id, name: roles.name })
    .from(billingPlans)
    .innerJoin(roles, eq(roles.id, billingPlans.role_id))
    .orderBy(asc(billingPlans.position), asc(roles.id));

/** Each member's subscription state now, by member. */
export async function subscriptionStates(on: Db) {
  const rows = await on
    .select({
      user_id: billingSubscriptions.user_id,
      status: billingSubscriptions.status,
      cancel_at_period_end: billingSubscriptions.cancel_at_period_end,
    })
    .from(billingSubscriptions);
  return new Map(rows.map((row) => [row.user_id, row]));
}

/** The price each member's subscription is on now (currency in lower case), by member. */
export async function subscriptionPrices(on: Db) {
  const rows = await on
    .select({
      user_id: billingSubscriptions.user_id,
      amount: billingPrices.amount,
      currency: billingPrices.currency,
      interval: billingPrices.interval,
      interval_count: billingPrices.interval_count,
    })
    .from(billingSubscriptions)
    .innerJoin(billingPrices, eq(billingPrices.price_id, billingSubscriptions.price_id));
  return new Map(rows.map((row) => [row.user_id, { ...row, currency: row.currency.toLowerCase() }]));
}

/** A change of a member's revenue as billing kept it: the plan by its role's name ('' when the plan is gone). */
export interface RevenueChange {
  user_id: number;
  /** ISO 8601: from when this state holds. */
  at: string;
  status: string;
  plan: string;
  mrr: number;
  /** Lower case. */
  currency: string;
}

/** The revenue history billing kept before `end`, oldest first: what Estadísticas' money rows count. */
export async function revenueChangesBefore(on: Db, end: string): Promise<RevenueChange[]> {
  const rows = await on
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
}
