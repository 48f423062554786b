import { boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, isoTimestamp, users } from '../../db/schema.pg';

/** PostgreSQL's twin of `./schema.ts`: second factors, sign-ins waiting for them, verified devices. */
export const totpFactors = pgTable('totp_factors', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmed_at: isoTimestamp('confirmed_at'),
  last_step: integer('last_step').notNull().default(0),
  created_at: createdAt(),
});

export const backupCodes = pgTable(
  'backup_codes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code_hash: text('code_hash').notNull(),
    used_at: isoTimestamp('used_at'),
  },
  (t) => [index('backup_codes_user_idx').on(t.user_id, t.code_hash)],
);

export const loginChallenges = pgTable(
  'login_challenges',
  {
    id_hash: text('id_hash').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    factors: text('factors').notNull(),
    needs_setup: boolean('needs_setup').notNull().default(false),
    email_code_hash: text('email_code_hash'),
    email_code_expires_at: isoTimestamp('email_code_expires_at'),
    email_tries: integer('email_tries').notNull().default(0),
    email_verified: boolean('email_verified').notNull().default(false),
    token_version: integer('token_version').notNull(),
    expires_at: isoTimestamp('expires_at').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    index('login_challenges_user_idx').on(t.user_id),
    index('login_challenges_expires_idx').on(t.expires_at),
  ],
);

export const trustedDevices = pgTable(
  'trusted_devices',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    device_hash: text('device_hash').notNull(),
    /** The account epoch the device was verified under (accounts/epoch.ts): forgotten once it moved. */
    epoch: integer('epoch').notNull().default(0),
    session_id: text('session_id'),
    expires_at: isoTimestamp('expires_at').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.device_hash] }),
    index('trusted_devices_session_idx').on(t.session_id),
  ],
);
