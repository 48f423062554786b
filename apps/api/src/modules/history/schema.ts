import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Historial: one row per administrator action, written in the transaction of the change itself. The actor's
 * id carries no foreign key and the actor's username is copied, so a deleted administrator's entries keep
 * reading right and stay selectable by the "admin" filter. `kind` is the event's code. `summary` is a small JSON
 * object: the entity's before / after values as the Spanish line shows them (changed fields only on an edit),
 * never a secret. `before_values` and `after_values` keep the same fields' values as code reads them (a role's
 * name, a boolean, a subscription's status), so nothing reads the wording back.
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
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
    created_at: text('created_at')
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
  },
  (t) => [
    // The list newest first, alone or by admin or kind, with the id that breaks ties so a page key seeks the
    // index; and the retention prune by date.
    index('audit_log_created_idx').on(t.created_at, t.id),
    index('audit_log_actor_created_idx').on(t.actor_id, t.created_at, t.id),
    index('audit_log_kind_created_idx').on(t.kind, t.created_at, t.id),
  ],
);

/** Entries per kind, kept by the recorder in the entry's transaction: the totals of the whole list and of a kind. */
export const historyKindCounts = sqliteTable('history_kind_counts', {
  kind: text('kind').primaryKey(),
  n: integer('n').notNull().default(0),
});
