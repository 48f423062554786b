import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from '../../db/schema';

/**
 * Browsers that completed a sign-in to an account (a password and any second step): their password logins get a
 * budget of their own, so strangers' failures do not lock the owner out. Only a hash of the cookie's device id is
 * kept; a row counts only under the account epoch it was made in, and an account keeps a few (the newest).
 */
export const knownDevices = sqliteTable(
  'known_devices',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    device_hash: text('device_hash').notNull(),
    epoch: integer('epoch').notNull(),
    created_at: text('created_at')
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.device_hash] }),
    index('known_devices_created_idx').on(t.user_id, t.created_at),
  ],
);
