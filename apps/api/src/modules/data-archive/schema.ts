import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from '../../db/schema';

/**
 * A member's data archive: asked for by the member or by an administrator, built in the background by whichever
 * node claims it (a conditional update of `status`), kept here as the ZIP's base64 text until it expires, so
 * any node can serve the download.
 */
export const dataArchives = sqliteTable(
  'data_archives',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The member whose data the archive holds. */
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who asked for it and alone may download it: the member, or an administrator. */
    requested_by: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['pending', 'running', 'ready', 'failed'] }).notNull(),
    /** Per cent of the archive's parts written so far. */
    progress: integer('progress').notNull().default(0),
    /** The node that runs it and when it claimed it: a claim left by a stopped node is taken over later. */
    claimed_by: text('claimed_by'),
    claimed_at: text('claimed_at'),
    requested_at: text('requested_at').notNull(),
    ready_at: text('ready_at'),
    expires_at: text('expires_at'),
    size: integer('size'),
    /** The ZIP as base64 text: the same column type on both engines, cleared when the archive expires. */
    content: text('content'),
  },
  (t) => [
    index('data_archives_user_idx').on(t.user_id, t.requested_at),
    index('data_archives_requester_idx').on(t.requested_by, t.requested_at),
    index('data_archives_status_idx').on(t.status),
  ],
);
