import { index, integer, pgTable } from 'drizzle-orm/pg-core';
import { createdAt, isoTimestamp, users } from '../../db/schema.pg';

/** PostgreSQL's twin of `./schema.ts`: the erasures scheduled for the end of a paid period. */
export const accountErasures = pgTable(
  'account_erasures',
  {
    user_id: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    erase_at: isoTimestamp('erase_at').notNull(),
    requested_at: createdAt('requested_at'),
  },
  (t) => [index('account_erasures_erase_at_idx').on(t.erase_at)],
);
