import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from '../../db/schema';

/** Which account emails the community sends (one row, id 1; no row means every email on). */
export const mailSettings = sqliteTable('mail_settings', {
  id: integer('id').primaryKey(),
  new_registration: integer('new_registration', { mode: 'boolean' }).notNull().default(true),
  account_activated: integer('account_activated', { mode: 'boolean' }).notNull().default(true),
  account_refused: integer('account_refused', { mode: 'boolean' }).notNull().default(true),
  updated_at: text('updated_at')
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
});

/**
 * Per admin: when the last registration email went out, and when the digest of the sign-ups that arrived since
 * is due. Kept in the database, so every API node throttles alike and a digest is sent once.
 */
export const adminMailThrottle = sqliteTable(
  'admin_mail_throttle',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    last_sent_at: text('last_sent_at').notNull(),
    digest_due_at: text('digest_due_at'),
  },
  (t) => [primaryKey({ columns: [t.user_id] }), index('admin_mail_throttle_digest_idx').on(t.digest_due_at)],
);

/**
 * Every email the app sent to a member's address: subject and time, so a member's data archive can list what
 * the community wrote to them. Addresses that belong to no account (a visitor's checkout) are not kept.
 */
export const sentEmails = sqliteTable(
  'sent_emails',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    sent_at: text('sent_at').notNull(),
  },
  (t) => [index('sent_emails_user_idx').on(t.user_id, t.sent_at)],
);
