import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, isoTimestamp, users } from '../../db/schema.pg';

/** PostgreSQL's twin of `./schema.ts`: the account-email switches and the per-admin registration throttle. */
export const mailSettings = pgTable('mail_settings', {
  id: integer('id').primaryKey().default(1),
  new_registration: boolean('new_registration').notNull().default(true),
  account_activated: boolean('account_activated').notNull().default(true),
  account_refused: boolean('account_refused').notNull().default(true),
  updated_at: createdAt('updated_at'),
});

export const adminMailThrottle = pgTable(
  'admin_mail_throttle',
  {
    user_id: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    last_sent_at: isoTimestamp('last_sent_at').notNull(),
    digest_due_at: isoTimestamp('digest_due_at'),
  },
  (t) => [index('admin_mail_throttle_digest_idx').on(t.digest_due_at)],
);

export const sentEmails = pgTable(
  'sent_emails',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    sent_at: isoTimestamp('sent_at').notNull(),
  },
  (t) => [index('sent_emails_user_idx').on(t.user_id, t.sent_at)],
);
