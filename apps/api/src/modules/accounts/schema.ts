import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from '../../db/schema';

/**
 * Password-recovery links. Only a SHA-256 hash of the token is stored, so a copy of the database cannot be
 * used to reset anyone's password. A new request replaces the user's earlier links; a reset spends them all; a new email or password, or a
 * deactivation, deletes them.
 */
export const passwordResetTokens = sqliteTable(
  'password_reset_tokens',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull().unique(),
    created_at: text('created_at')
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
    expires_at: text('expires_at').notNull(),
    /** The account epoch the link was sent under (epoch.ts): refused once it moved. */
    epoch: integer('epoch').notNull().default(0),
    used_at: text('used_at'),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.user_id)],
);

/**
 * Links that prove an email: the one sent at registration (the account's own address) and the one sent to a new
 * address saved in /perfil, which becomes the account's only once its link is followed. Hashes only.
 */
export const emailConfirmations = sqliteTable(
  'email_confirmations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    token_hash: text('token_hash').notNull().unique(),
    created_at: text('created_at')
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
    expires_at: text('expires_at').notNull(),
    /** The account epoch the link was sent under (epoch.ts): refused once it moved. */
    epoch: integer('epoch').notNull().default(0),
  },
  (t) => [index('email_confirmations_user_idx').on(t.user_id)],
);

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
