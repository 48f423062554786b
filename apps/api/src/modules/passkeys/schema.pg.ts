import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, isoTimestamp, users } from '../../db/schema.pg';

/** PostgreSQL's twin of `./schema.ts`: passkeys and the pending WebAuthn challenges. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credential_id: text('credential_id').notNull().unique(),
    public_key: text('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    transports: text('transports').notNull().default(''),
    name: text('name').notNull(),
    created_at: createdAt(),
    last_used_at: isoTimestamp('last_used_at'),
  },
  (t) => [index('passkeys_user_idx').on(t.user_id)],
);

export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose').notNull(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expires_at: isoTimestamp('expires_at').notNull(),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expires_at)],
);
