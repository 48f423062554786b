import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { isoTimestamp } from '../../db/schema.pg';

/** PostgreSQL's twin of `./schema.ts`: the queue of background work. */
export const jobs = pgTable(
  'jobs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    key: text('key').notNull(),
    payload: text('payload'),
    status: text('status', { enum: ['pending', 'running', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    run_at: isoTimestamp('run_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    locked_by: text('locked_by'),
    locked_until: isoTimestamp('locked_until'),
    last_error: text('last_error'),
    created_at: isoTimestamp('created_at').notNull(),
    finished_at: isoTimestamp('finished_at'),
  },
  (t) => [
    uniqueIndex('jobs_name_key_unique').on(t.name, t.key),
    index('jobs_due_idx').on(t.status, t.run_at),
    index('jobs_name_finished_idx').on(t.name, t.finished_at),
  ],
);
