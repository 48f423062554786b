import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from '../../db/schema';

const createdAt = () =>
  text('created_at')
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`);

/**
 * An account's authenticator app (RFC 6238). A row without `confirmed_at` is a set-up waiting for its first code.
 * `last_step` is the newest time step a code was accepted for: a code is taken only by the update that raises it,
 * so the same code cannot be used twice, on any node.
 */
export const totpFactors = sqliteTable(
  'totp_factors',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secret: text('secret').notNull(),
    confirmed_at: text('confirmed_at'),
    last_step: integer('last_step').notNull().default(0),
    created_at: createdAt(),
  },
  // A table constraint, not the column's: SQLite's INTEGER PRIMARY KEY column would be a rowid with a default.
  (t) => [primaryKey({ columns: [t.user_id] })],
);

/** Single-use recovery codes: only a SHA-256 hash of each is kept. */
export const backupCodes = sqliteTable(
  'backup_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code_hash: text('code_hash').notNull(),
    used_at: text('used_at'),
  },
  (t) => [index('backup_codes_user_idx').on(t.user_id, t.code_hash)],
);

/**
 * A sign-in between its password and its second step: what it may be completed with, and the emailed code (a
 * hash, its expiry and the tries spent). The browser holds only a short-lived token naming the row (by hash).
 */
export const loginChallenges = sqliteTable(
  'login_challenges',
  {
    id_hash: text('id_hash').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Comma list of the factors that complete it. */
    factors: text('factors').notNull(),
    needs_setup: integer('needs_setup', { mode: 'boolean' }).notNull().default(false),
    email_code_hash: text('email_code_hash'),
    email_code_expires_at: text('email_code_expires_at'),
    email_tries: integer('email_tries').notNull().default(0),
    email_verified: integer('email_verified', { mode: 'boolean' }).notNull().default(false),
    token_version: integer('token_version').notNull(),
    expires_at: text('expires_at').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    index('login_challenges_user_idx').on(t.user_id),
    index('login_challenges_expires_idx').on(t.expires_at),
  ],
);

/**
 * Browsers an administrator verified (30 days): no emailed code while the row lives. It is tied to the account
 * epoch it was verified under and to the session it started, so a credential change or the end of that session
 * from the sessions list forgets it.
 */
export const trustedDevices = sqliteTable(
  'trusted_devices',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    device_hash: text('device_hash').notNull(),
    /** The account epoch the device was verified under (accounts/epoch.ts): forgotten once it moved. */
    epoch: integer('epoch').notNull().default(0),
    session_id: text('session_id'),
    expires_at: text('expires_at').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.device_hash] }),
    index('trusted_devices_session_idx').on(t.session_id),
  ],
);
