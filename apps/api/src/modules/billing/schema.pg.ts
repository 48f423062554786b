import { bigint, boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, isoTimestamp, roles, users } from '../../db/schema.pg';

/** PostgreSQL's twin of `./schema.ts`: plans, their prices, members' subscriptions and applied events. */
export const billingPlans = pgTable('billing_plans', {
  role_id: integer('role_id')
    .primaryKey()
    .references(() => roles.id, { onDelete: 'cascade' }),
  position: integer('position').notNull().default(0),
  end_action: text('end_action', { enum: ['role', 'deactivate'] }).notNull(),
  end_role_id: integer('end_role_id').references(() => roles.id, { onDelete: 'restrict' }),
  trial_days: integer('trial_days'),
  allow_promotion_codes: boolean('allow_promotion_codes').notNull().default(false),
  automatic_tax: boolean('automatic_tax').notNull().default(false),
  updated_at: createdAt('updated_at'),
});

export const billingPrices = pgTable(
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

export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    user_id: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    customer_id: text('customer_id').notNull(),
    subscription_id: text('subscription_id'),
    price_id: text('price_id'),
    plan_role_id: integer('plan_role_id').references(() => roles.id, { onDelete: 'set null' }),
    end_action: text('end_action', { enum: ['role', 'deactivate'] }),
    end_role_id: integer('end_role_id').references(() => roles.id, { onDelete: 'set null' }),
    status: text('status'),
    cancel_at_period_end: boolean('cancel_at_period_end').notNull().default(false),
    current_period_end: isoTimestamp('current_period_end'),
    mrr: integer('mrr'),
    currency: text('currency'),
    provider_updated_at: bigint('provider_updated_at', { mode: 'number' }).notNull().default(0),
    updated_at: createdAt('updated_at'),
  },
  (t) => [
    uniqueIndex('billing_subscriptions_customer_unique').on(t.customer_id),
    uniqueIndex('billing_subscriptions_subscription_unique').on(t.subscription_id),
    index('billing_subscriptions_status_idx').on(t.status),
  ],
);

export const billingEvents = pgTable(
  'billing_events',
  {
    event_id: text('event_id').notNull(),
    type: text('type').notNull(),
    received_at: createdAt('received_at'),
  },
  (t) => [primaryKey({ columns: [t.event_id] }), index('billing_events_received_idx').on(t.received_at)],
);

export const billingWaitingPayments = pgTable(
  'billing_waiting_payments',
  {
    subscription_id: text('subscription_id').primaryKey(),
    customer_id: text('customer_id').notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    price_id: text('price_id'),
    status: text('status').notNull(),
    cancel_at_period_end: boolean('cancel_at_period_end').notNull().default(false),
    current_period_end: isoTimestamp('current_period_end'),
    provider_updated_at: bigint('provider_updated_at', { mode: 'number' }).notNull().default(0),
    token_hash: text('token_hash').notNull(),
    created_at: createdAt('created_at'),
  },
  (t) => [
    uniqueIndex('billing_waiting_payments_token_unique').on(t.token_hash),
    index('billing_waiting_payments_user_idx').on(t.user_id),
    index('billing_waiting_payments_created_idx').on(t.created_at),
  ],
);

export const billingRevenueChanges = pgTable(
  'billing_revenue_changes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    user_id: integer('user_id').notNull(),
    subscription_id: text('subscription_id').notNull(),
    at: isoTimestamp('at').notNull(),
    status: text('status').notNull(),
    cancel_at_period_end: boolean('cancel_at_period_end').notNull().default(false),
    plan_role_id: integer('plan_role_id'),
    mrr: integer('mrr').notNull().default(0),
    currency: text('currency').notNull(),
  },
  (t) => [
    index('billing_revenue_changes_at_idx').on(t.at),
    index('billing_revenue_changes_user_idx').on(t.user_id, t.at),
  ],
);
