import { boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, isoTimestamp, users } from '../../db/schema.pg';

/** PostgreSQL's twin of `./schema.ts`: announcements, their recipients, members' email choices, failures. */
export const announcements = pgTable(
  'announcements',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    titulo: text('titulo').notNull(),
    cuerpo_html: text('cuerpo_html').notNull(),
    audience: text('audience').notNull(),
    status: text('status', {
      enum: ['draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled'],
    })
      .notNull()
      .default('draft'),
    publish_at: isoTimestamp('publish_at'),
    published_at: isoTimestamp('published_at'),
    batch_no: integer('batch_no').notNull().default(0),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    total: integer('total').notNull().default(0),
    sent: integer('sent').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    unsubscribed: integer('unsubscribed').notNull().default(0),
    /**
     * Handed to the mail server by a node that stopped before it recorded the answer: maybe delivered, maybe
     * not. Never sent again (no second copy); shown to the administrator apart (see docs/announcements.md).
     */
    unknown: integer('unknown').notNull().default(0),
    created_at: createdAt(),
    updated_at: createdAt('updated_at'),
  },
  (t) => [index('announcements_published_idx').on(t.published_at)],
);

export const announcementRecipients = pgTable(
  'announcement_recipients',
  {
    announcement_id: integer('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', {
      enum: ['pending', 'claimed', 'sending', 'sent', 'failed', 'unsubscribed', 'unknown'],
    })
      .notNull()
      .default('pending'),
    claimed_by: text('claimed_by'),
    claimed_until: isoTimestamp('claimed_until'),
    retry_at: isoTimestamp('retry_at'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    sent_at: isoTimestamp('sent_at'),
    read_at: isoTimestamp('read_at'),
  },
  (t) => [
    primaryKey({ columns: [t.announcement_id, t.user_id] }),
    index('announcement_recipients_status_idx').on(t.announcement_id, t.status, t.user_id),
    index('announcement_recipients_user_idx').on(t.user_id),
  ],
);

export const announcementEmailChoices = pgTable('announcement_email_choices', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  receive: boolean('receive').notNull(),
  changed_at: isoTimestamp('changed_at').notNull(),
  via: text('via', { enum: ['profile', 'link'] }).notNull(),
});

export const mailFailures = pgTable('mail_failures', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  code: integer('code'),
  message: text('message').notNull(),
  failed_at: isoTimestamp('failed_at').notNull(),
});
