import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * The one queue of background work (Solid Queue's shape on the app's own database): a row per run of a declared
 * job. `(name, key)` is unique, so a job is enqueued once per key whoever asks (a day, a period, a row's id);
 * a node claims a due row by moving it to `running` with a lease, and a row whose lease ran out (its node
 * stopped) is claimed again. Finished rows stay a week as the record /config shows.
 */
export const jobs = sqliteTable(
  'jobs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    key: text('key').notNull(),
    /** The job's input as JSON text (null when the key says it all). */
    payload: text('payload'),
    status: text('status', { enum: ['pending', 'running', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    run_at: text('run_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    locked_by: text('locked_by'),
    locked_until: text('locked_until'),
    last_error: text('last_error'),
    created_at: text('created_at').notNull(),
    finished_at: text('finished_at'),
  },
  (t) => [
    uniqueIndex('jobs_name_key_unique').on(t.name, t.key),
    index('jobs_due_idx').on(t.status, t.run_at),
    index('jobs_name_finished_idx').on(t.name, t.finished_at),
  ],
);
