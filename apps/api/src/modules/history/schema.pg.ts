import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/schema.pg';

/** PostgreSQL's twin of `./schema.ts`: the administrators' action history. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    actor_id: integer('actor_id'),
    actor_name: text('actor_name').notNull(),
    /** Copied like the name: a name can look like another admin's, the email tells them apart. */
    actor_email: text('actor_email'),
    kind: text('kind').notNull(),
    entity_type: text('entity_type').notNull(),
    entity_id: integer('entity_id'),
    entity_label: text('entity_label').notNull().default(''),
    summary: text('summary').notNull().default('{}'),
    before_values: text('before_values').notNull().default('{}'),
    after_values: text('after_values').notNull().default('{}'),
    created_at: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.created_at, t.id),
    index('audit_log_actor_created_idx').on(t.actor_id, t.created_at, t.id),
    index('audit_log_kind_created_idx').on(t.kind, t.created_at, t.id),
  ],
);

export const historyKindCounts = pgTable('history_kind_counts', {
  kind: text('kind').primaryKey(),
  n: integer('n').notNull().default(0),
});
