import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from '../../db/schema';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/**
 * A member's passkeys (WebAuthn credentials): the public key and signature counter the browser's assertions are
 * checked against, the name the member gave it, and when it was last used to sign in.
 */
export const passkeys = sqliteTable(
  'passkeys',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url, as the browser sends it back in every assertion. */
    credential_id: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. */
    public_key: text('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    /** Comma list of the transports the authenticator reported (internal, hybrid, usb...). */
    transports: text('transports').notNull().default(''),
    name: text('name').notNull(),
    created_at: text('created_at').notNull().default(now),
    last_used_at: text('last_used_at'),
  },
  (t) => [index('passkeys_user_idx').on(t.user_id)],
);

/**
 * WebAuthn challenges, kept in the database so any node can check the answer to one another node issued. Each is
 * deleted by the first answer that names it (single use) and is good for a few minutes only.
 */
export const webauthnChallenges = sqliteTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    /** 'registration' (adding a passkey, signed in) or 'authentication' (signing in). */
    purpose: text('purpose').notNull(),
    /** The signed-in member adding a passkey; null for a sign-in challenge. */
    user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expires_at: text('expires_at').notNull(),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expires_at)],
);
