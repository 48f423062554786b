import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { roles, users } from '../../db/schema';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/**
 * A paid tier: the role a subscription grants, what happens when the subscription ends, and the options of its
 * hosted Checkout. One row per paid role; the admin role is never a plan.
 */
export const billingPlans = sqliteTable(
  'billing_plans',
  {
    role_id: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    /** 'role': move the member to end_role_id; 'deactivate': deactivate the account. */
    end_action: text('end_action', { enum: ['role', 'deactivate'] }).notNull(),
    end_role_id: integer('end_role_id').references(() => roles.id, { onDelete: 'restrict' }),
    trial_days: integer('trial_days'),
    allow_promotion_codes: integer('allow_promotion_codes', { mode: 'boolean' }).notNull().default(false),
    automatic_tax: integer('automatic_tax', { mode: 'boolean' }).notNull().default(false),
    updated_at: text('updated_at').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.role_id] })],
);

/** A provider price of a plan, as read from the provider when the admin saved the plan. */
export const billingPrices = sqliteTable(
  'billing_prices',
  {
    price_id: text('price_id').primaryKey(),
    role_id: integer('role_id')
      .notNull()
      .references(() => billingPlans.role_id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    interval: text('interval', { enum: ['day', 'week', 'month', 'year'] }).notNull(),
    interval_count: integer('interval_count').notNull().default(1),
  },
  (t) => [index('billing_prices_role_idx').on(t.role_id, t.position)],
);

/**
 * A member's customer at the provider and the state of their subscription, as last fetched from the provider.
 * `provider_updated_at` is the provider's time of that state, so an older state never overwrites a newer one.
 */
export const billingSubscriptions = sqliteTable(
  'billing_subscriptions',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customer_id: text('customer_id').notNull(),
    subscription_id: text('subscription_id'),
    price_id: text('price_id'),
    /** The plan's role the subscription grants (kept when the plan is later removed). */
    plan_role_id: integer('plan_role_id').references(() => roles.id, { onDelete: 'set null' }),
    /** The plan's end rule as sold: it still applies when the price or the plan is retired later. */
    end_action: text('end_action', { enum: ['role', 'deactivate'] }),
    end_role_id: integer('end_role_id').references(() => roles.id, { onDelete: 'set null' }),
    status: text('status'),
    cancel_at_period_end: integer('cancel_at_period_end', { mode: 'boolean' }).notNull().default(false),
    current_period_end: text('current_period_end'),
    /** Monthly recurring revenue in `currency`'s minor unit: the items' amounts after discounts, tax excluded. */
    mrr: integer('mrr'),
    currency: text('currency'),
    provider_updated_at: integer('provider_updated_at').notNull().default(0),
    updated_at: text('updated_at').notNull().default(now),
  },
  (t) => [
    primaryKey({ columns: [t.user_id] }),
    uniqueIndex('billing_subscriptions_customer_unique').on(t.customer_id),
    uniqueIndex('billing_subscriptions_subscription_unique').on(t.subscription_id),
    index('billing_subscriptions_status_idx').on(t.status),
  ],
);

/** Every provider event applied: its id is unique, so an event is applied once whichever node receives it. */
export const billingEvents = sqliteTable(
  'billing_events',
  {
    event_id: text('event_id').notNull(),
    type: text('type').notNull(),
    received_at: text('received_at').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.event_id] }), index('billing_events_received_idx').on(t.received_at)],
);

/**
 * A visitor's subscription paid with the email of an existing account: it grants nothing until the owner of that
 * address follows the emailed link (only a SHA-256 hash of its token is kept). Later events keep its state.
 */
export const billingWaitingPayments = sqliteTable(
  'billing_waiting_payments',
  {
    subscription_id: text('subscription_id').notNull(),
    customer_id: text('customer_id').notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    price_id: text('price_id'),
    status: text('status').notNull(),
    cancel_at_period_end: integer('cancel_at_period_end', { mode: 'boolean' }).notNull().default(false),
    current_period_end: text('current_period_end'),
    provider_updated_at: integer('provider_updated_at').notNull().default(0),
    token_hash: text('token_hash').notNull(),
    created_at: text('created_at').notNull().default(now),
  },
  (t) => [
    primaryKey({ columns: [t.subscription_id] }),
    uniqueIndex('billing_waiting_payments_token_unique').on(t.token_hash),
    index('billing_waiting_payments_user_idx').on(t.user_id),
    index('billing_waiting_payments_created_idx').on(t.created_at),
  ],
);

/**
 * Each state of a member's subscription as billing stored it, oldest first: its status and its monthly
 * recurring revenue (after discounts, tax excluded) from `at`, the provider's time of that state. Estadísticas
 * reads these to count revenue and its movements; nothing here is ever updated.
 */
export const billingRevenueChanges = sqliteTable(
  'billing_revenue_changes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    user_id: integer('user_id').notNull(),
    subscription_id: text('subscription_id').notNull(),
    at: text('at').notNull(),
    status: text('status').notNull(),
    cancel_at_period_end: integer('cancel_at_period_end', { mode: 'boolean' }).notNull().default(false),
    plan_role_id: integer('plan_role_id'),
    mrr: integer('mrr').notNull().default(0),
    currency: text('currency').notNull(),
  },
  (t) => [
    index('billing_revenue_changes_at_idx').on(t.at),
    index('billing_revenue_changes_user_idx').on(t.user_id, t.at),
  ],
);
