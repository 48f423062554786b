import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from '../../db/schema';

/**
 * A member who chose to keep access until their paid period ends: the account is erased once `erase_at` has
 * passed, by the sweep every node runs (whichever node gets there first; the erasure of a gone account is a no-op).
 */
export const accountErasures = sqliteTable(
  'account_erasures',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    erase_at: text('erase_at').notNull(),
    requested_at: text('requested_at')
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
  },
  (t) => [primaryKey({ columns: [t.user_id] }), index('account_erasures_erase_at_idx').on(t.erase_at)],
);
