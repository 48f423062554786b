import { and, asc, eq, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { rolePermissions, roles, tools, users } from '../../db/schema';
import { usernameSkeleton } from '../../db/username-skeleton';
import { monthly, type Revenue } from './revenue';
import {
  billingEvents,
  billingRevenueChanges,
  billingPlans,
  billingPrices,
  billingSubscriptions,
  billingWaitingPayments,
} from './schema';

/** A member's subscription as stored: which account it grants, and the provider's state last applied. */
export type StoredSubscription = typeof billingSubscriptions.$inferSelect;

/** A visitor's payment waiting for the owner of its email. */
export type WaitingRow = typeof billingWaitingPayments.$inferSelect;

/** The provider's state of one subscription, as fetched (or, when it is gone, as its last event carried it). */
export interface SubscriptionState {
  subscriptionId: string;
  customerId: string;
  priceId: string | undefined;
  status: string;
  cancelAtPeriodEnd: boolean;
  /** ISO 8601, or null when the provider gives none. */
  currentPeriodEnd: string | null;
  /** When the provider's state was read (ms since the epoch): an older state never overwrites a newer one. */
  observedAt: number;
  /** Its monthly recurring revenue as fetched; undefined when not fetched (its plan's list price stands in). */
  revenue?: Revenue;
}

/** The plan a price belongs to: the role it grants and what happens when the subscription ends. */
export interface PricePlan {
  role_id: number;
  role: string;
  end_action: 'role' | 'deactivate';
  end_role_id: number | null;
}

const waitingState = (state: SubscriptionState) => ({
  subscription_id: state.subscriptionId,
  customer_id: state.customerId,
  price_id: state.priceId ?? null,
  status: state.status,
  cancel_at_period_end: state.cancelAtPeriodEnd,
  current_period_end: state.currentPeriodEnd,
  provider_updated_at: state.observedAt,
});

/** The subscriptions the provider's webhooks keep, and the events already applied. */
export function createSubscriptionsRepo(database: AppDatabase) {
  const db = () => database.read;

  /** A price's list amount made monthly: the revenue of a state not fetched from the provider. */
  async function listRevenue(priceId: string | undefined): Promise<Revenue | undefined> {
    if (!priceId) return undefined;
    const [price] = await db().select().from(billingPrices).where(eq(billingPrices.price_id, priceId));
    if (!price) return undefined;
    return {
      mrr: Math.round(monthly(price.amount, price.interval, price.interval_count)),
      currency: price.currency,
    };
  }

  return {
    /** Whether the event was applied already (a replay skips the provider call). */
    async eventApplied(eventId: string): Promise<boolean> {
      const [row] = await db()
        .select({ id: billingEvents.event_id })
        .from(billingEvents)
        .where(eq(billingEvents.event_id, eventId));
      return row !== undefined;
    },

    /**
     * Records the event as applied, in the caller's transaction; false when another transaction (this node's
     * or another's) recorded it first: the primary key refuses the second row, and waits for the first to end.
     */
    async claimEvent(eventId: string, type: string): Promise<boolean> {
      const rows = await db()
        .insert(billingEvents)
        .values({ event_id: eventId, type })
        .onConflictDoNothing()
        .returning({ id: billingEvents.event_id });
      return rows.length > 0;
    },

    /** The stored subscription of this subscription id, or else the one of this customer. */
    async findLink(subscriptionId: string, customerId: string): Promise<StoredSubscription | undefined> {
      const rows = await db()
        .select()
        .from(billingSubscriptions)
        .where(
          or(
            eq(billingSubscriptions.subscription_id, subscriptionId),
            eq(billingSubscriptions.customer_id, customerId),
          ),
        );
      return rows.find((row) => row.subscription_id === subscriptionId) ?? rows[0];
    },

    async findByUser(userId: number): Promise<StoredSubscription | undefined> {
      const [row] = await db()
        .select()
        .from(billingSubscriptions)
        .where(eq(billingSubscriptions.user_id, userId));
      return row;
    },

    async planForPrice(priceId: string): Promise<PricePlan | undefined> {
      const [row] = await db()
        .select({
          role_id: billingPlans.role_id,
          role: roles.name,
          end_action: billingPlans.end_action,
          end_role_id: billingPlans.end_role_id,
        })
        .from(billingPrices)
        .innerJoin(billingPlans, eq(billingPlans.role_id, billingPrices.role_id))
        .innerJoin(roles, eq(roles.id, billingPlans.role_id))
        .where(eq(billingPrices.price_id, priceId));
      return row;
    },

    /** The names of the tools a role grants. */
    async roleTools(roleId: number): Promise<string[]> {
      const rows = await db()
        .select({ tool: tools.name })
        .from(rolePermissions)
        .innerJoin(tools, eq(tools.id, rolePermissions.tool_id))
        .where(eq(rolePermissions.role_id, roleId));
      return rows.map((row) => row.tool);
    },

    /**
     * The plan a stored subscription was sold under, for a price no plan holds any more: its role, and its end
     * rule as stored (or, for a row stored before the rule was, the role's plan as it is now).
     */
    async soldPlan(subscriptionId: string): Promise<PricePlan | undefined> {
      const [row] = await db()
        .select({
          role_id: roles.id,
          role: roles.name,
          end_action: billingSubscriptions.end_action,
          end_role_id: billingSubscriptions.end_role_id,
          plan_end_action: billingPlans.end_action,
          plan_end_role_id: billingPlans.end_role_id,
        })
        .from(billingSubscriptions)
        .innerJoin(roles, eq(roles.id, billingSubscriptions.plan_role_id))
        .leftJoin(billingPlans, eq(billingPlans.role_id, billingSubscriptions.plan_role_id))
        .where(eq(billingSubscriptions.subscription_id, subscriptionId));
      if (!row) return undefined;
      const end_action = row.end_action ?? row.plan_end_action;
      if (!end_action) return undefined;
      return {
        role_id: row.role_id,
        role: row.role,
        end_action,
        end_role_id: row.end_action ? row.end_role_id : (row.plan_end_role_id ?? null),
      };
    },

    async roleName(roleId: number): Promise<string | undefined> {
      const [row] = await db().select({ name: roles.name }).from(roles).where(eq(roles.id, roleId));
      return row?.name;
    },

    /** The account with this email, in any case. */
    async userIdByEmail(email: string): Promise<number | undefined> {
      const [row] = await db()
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
      return row?.id;
    },

    /**
     * An account that has had another subscription here (stored, or waiting for its owner) under this customer
     * or this email: the trial of a new subscription for them would be a second one.
     */
    async earlierSubscriber(
      subscriptionId: string,
      customerId: string,
      email: string | undefined,
    ): Promise<{ id: number; username: string } | undefined> {
      const [owner] = email
        ? await db()
            .select({ id: users.id })
            .from(users)
            .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
        : [];
      const emailAccount = owner?.id;
      const whose = (table: typeof billingSubscriptions | typeof billingWaitingPayments) =>
        emailAccount === undefined
          ? eq(table.customer_id, customerId)
          : or(eq(table.customer_id, customerId), eq(table.user_id, emailAccount));
      const [stored] = await db()
        .select({ id: users.id, username: users.username })
        .from(billingSubscriptions)
        .innerJoin(users, eq(users.id, billingSubscriptions.user_id))
        .where(
          and(
            whose(billingSubscriptions),
            isNotNull(billingSubscriptions.subscription_id),
            ne(billingSubscriptions.subscription_id, subscriptionId),
          ),
        )
        .limit(1);
      if (stored) return stored;
      const [waiting] = await db()
        .select({ id: users.id, username: users.username })
        .from(billingWaitingPayments)
        .innerJoin(users, eq(users.id, billingWaitingPayments.user_id))
        .where(and(whose(billingWaitingPayments), ne(billingWaitingPayments.subscription_id, subscriptionId)))
        .limit(1);
      return waiting;
    },

    /** Whether a new account could not take this username: the same name in any case, or a look-alike. */
    async usernameTaken(username: string): Promise<boolean> {
      const [row] = await db()
        .select({ id: users.id })
        .from(users)
        .where(
          or(
            eq(sql`lower(${users.username})`, username.toLowerCase()),
            eq(users.username_skeleton, usernameSkeleton(username)),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Stores the account's customer and subscription state (one row per account), in the caller's transaction. */
    async saveSubscription(
      userId: number,
      state: SubscriptionState,
      plan: PricePlan,
      now: Date,
    ): Promise<void> {
      const revenue = state.revenue ?? (await listRevenue(state.priceId));
      const values = {
        customer_id: state.customerId,
        subscription_id: state.subscriptionId,
        price_id: state.priceId ?? null,
        plan_role_id: plan.role_id,
        end_action: plan.end_action,
        end_role_id: plan.end_role_id,
        status: state.status,
        cancel_at_period_end: state.cancelAtPeriodEnd,
        current_period_end: state.currentPeriodEnd,
        mrr: revenue?.mrr ?? null,
        currency: revenue?.currency ?? null,
        provider_updated_at: state.observedAt,
        updated_at: now.toISOString(),
      };
      await db()
        .insert(billingSubscriptions)
        .values({ user_id: userId, ...values })
        .onConflictDoUpdate({ target: billingSubscriptions.user_id, set: values });
      // Estadísticas' revenue history: one row per state stored, dated by the provider's time of it.
      if (revenue) {
        await db()
          .insert(billingRevenueChanges)
          .values({
            user_id: userId,
            subscription_id: state.subscriptionId,
            at: new Date(state.observedAt).toISOString(),
            status: state.status,
            cancel_at_period_end: state.cancelAtPeriodEnd,
            plan_role_id: plan.role_id,
            mrr: revenue.mrr,
            currency: revenue.currency,
          });
      }
    },

    /** The waiting payment of this subscription, if it waits. */
    async findWaiting(subscriptionId: string): Promise<WaitingRow | undefined> {
      const [row] = await db()
        .select()
        .from(billingWaitingPayments)
        .where(eq(billingWaitingPayments.subscription_id, subscriptionId));
      return row;
    },

    async findWaitingByToken(tokenHash: string): Promise<WaitingRow | undefined> {
      const [row] = await db()
        .select()
        .from(billingWaitingPayments)
        .where(eq(billingWaitingPayments.token_hash, tokenHash));
      return row;
    },

    /**
     * Records the subscription as waiting for the account `userId`, in the caller's transaction; false when it
     * waits already (another event of the same payment came first): only the first sends the link.
     */
    async insertWaiting(userId: number, state: SubscriptionState, tokenHash: string): Promise<boolean> {
      const rows = await db()
        .insert(billingWaitingPayments)
        .values({ user_id: userId, token_hash: tokenHash, ...waitingState(state) })
        .onConflictDoNothing()
        .returning({ id: billingWaitingPayments.subscription_id });
      return rows.length > 0;
    },

    /** Keeps a waiting payment's state current; an older state never overwrites a newer one. */
    async updateWaiting(state: SubscriptionState): Promise<void> {
      await db()
        .update(billingWaitingPayments)
        .set(waitingState(state))
        .where(
          and(
            eq(billingWaitingPayments.subscription_id, state.subscriptionId),
            lt(billingWaitingPayments.provider_updated_at, state.observedAt),
          ),
        );
    },

    /** Spends a waiting payment (it is attached now); false when another request spent it first. */
    async deleteWaiting(subscriptionId: string): Promise<boolean> {
      const rows = await db()
        .delete(billingWaitingPayments)
        .where(eq(billingWaitingPayments.subscription_id, subscriptionId))
        .returning({ id: billingWaitingPayments.subscription_id });
      return rows.length > 0;
    },

    /** Every waiting payment with its account and plan, oldest first, for the administrators. */
    async listWaiting() {
      return db()
        .select({
          subscription_id: billingWaitingPayments.subscription_id,
          user_id: billingWaitingPayments.user_id,
          username: users.username,
          email: users.email,
          plan: roles.name,
          status: billingWaitingPayments.status,
          created_at: billingWaitingPayments.created_at,
        })
        .from(billingWaitingPayments)
        .innerJoin(users, eq(users.id, billingWaitingPayments.user_id))
        .leftJoin(billingPrices, eq(billingPrices.price_id, billingWaitingPayments.price_id))
        .leftJoin(roles, eq(roles.id, billingPrices.role_id))
        .orderBy(asc(billingWaitingPayments.created_at), asc(billingWaitingPayments.subscription_id));
    },

    transaction: <T>(work: () => Promise<T>): Promise<T> => database.transaction(() => work()),
  };
}

export type SubscriptionsRepo = ReturnType<typeof createSubscriptionsRepo>;
