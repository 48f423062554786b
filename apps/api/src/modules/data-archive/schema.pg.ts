import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { isoTimestamp, users } from '../../db/schema.pg';

/** PostgreSQL's twin of `./schema.ts`: the members' data archives. */
export const dataArchives = pgTable(
  'data_archives',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requested_by: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['pending', 'running', 'ready', 'failed'] }).notNull(),
    progress: integer('progress').notNull().default(0),
    claimed_by: text('claimed_by'),
    claimed_at: isoTimestamp('claimed_at'),
    requested_at: isoTimestamp('requested_at').notNull(),
    ready_at: isoTimestamp('ready_at'),
    expires_at: isoTimestamp('expires_at'),
    size: integer('size'),
    content: text('content'),
  },
  (t) => [
    index('data_archives_user_idx').on(t.user_id, t.requested_at),
    index('data_archives_requester_idx').on(t.requested_by, t.requested_at),
    index('data_archives_status_idx').on(t.status),
  ],
);
