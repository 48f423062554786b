import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, isoTimestamp, users } from '../../db/schema.pg';

/** PostgreSQL's twin of `./schema.ts`: password-recovery links (only a SHA-256 hash of each token). */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull().unique(),
    created_at: createdAt(),
    expires_at: isoTimestamp('expires_at').notNull(),
    /** The account epoch the link was sent under (epoch.ts): refused once it moved. */
    epoch: integer('epoch').notNull().default(0),
    used_at: isoTimestamp('used_at'),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.user_id)],
);

export const emailConfirmations = pgTable(
  'email_confirmations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    token_hash: text('token_hash').notNull().unique(),
    created_at: createdAt(),
    expires_at: isoTimestamp('expires_at').notNull(),
    /** The account epoch the link was sent under (epoch.ts): refused once it moved. */
    epoch: integer('epoch').notNull().default(0),
  },
  (t) => [index('email_confirmations_user_idx').on(t.user_id)],
);

/** The erasures scheduled for the end of a paid period. */
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
