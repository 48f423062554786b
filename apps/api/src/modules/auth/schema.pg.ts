import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, users } from '../../db/schema.pg';

/** PostgreSQL's twin of `./schema.ts`: browsers that completed a sign-in to an account. */
export const knownDevices = pgTable(
  'known_devices',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    device_hash: text('device_hash').notNull(),
    epoch: integer('epoch').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.device_hash] }),
    index('known_devices_created_idx').on(t.user_id, t.created_at),
  ],
);
