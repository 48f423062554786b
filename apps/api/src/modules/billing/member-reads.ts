import { ACCESS_STATUSES, BILLING_FILTER_STATUSES, type BillingFilter } from '@app/contracts';
import { and, eq, inArray, isNotNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { billingPlans, billingSubscriptions } from './schema';

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
