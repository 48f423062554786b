import type { PlanPrice } from '@app/contracts';
import { eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { roles } from '../../db/schema';
import { planPriceColumns } from './plans-repo';
import { billingPrices, billingSubscriptions } from './schema';

/** A member's row at the provider as their own screens read it. */
export interface MemberBilling {
  customer_id: string;
  subscription_id: string | null;
  status: string | null;
  plan: string | null;
  price: PlanPrice | null;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
}

/** Each member's customer at the provider and their subscription's last known state (one row per member). */
export function createCustomersRepo(database: AppDatabase) {
  const db = () => database.read;

  return {
    async findByUser(userId: number): Promise<MemberBilling | undefined> {
      const [row] = await db()
        .select({
          customer_id: billingSubscriptions.customer_id,
          subscription_id: billingSubscriptions.subscription_id,
          status: billingSubscriptions.status,
          current_period_end: billingSubscriptions.current_period_end,
          cancel_at_period_end: billingSubscriptions.cancel_at_period_end,
          plan: roles.name,
          // Null when the price is no longer any plan's.
          price: planPriceColumns,
        })
        .from(billingSubscriptions)
        .leftJoin(billingPrices, eq(billingPrices.price_id, billingSubscriptions.price_id))
        .leftJoin(roles, eq(roles.id, billingSubscriptions.plan_role_id))
        .where(eq(billingSubscriptions.user_id, userId));
      return row;
    },

    /**
     * Remembers the member's new customer. A concurrent first checkout of the same member may have stored one
     * already: that one stays (the other checkout's subscription still names the member in its metadata).
     */
    saveCustomer: (userId: number, customerId: string): Promise<void> =>
      database.transaction(async (tx) => {
        await tx
          .insert(billingSubscriptions)
          .values({ user_id: userId, customer_id: customerId })
          .onConflictDoNothing({ target: billingSubscriptions.user_id });
      }),
  };
}

export type CustomersRepo = ReturnType<typeof createCustomersRepo>;
