import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from '../../db/schema';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/**
 * An announcement: a draft until published; then the recipients are its rows below. The four counts are kept
 * by every write of a recipient's state in the same transaction, so progress and Estadísticas never count rows.
 */
export const announcements = sqliteTable(
  'announcements',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    titulo: text('titulo').notNull(),
    /** Sanitised HTML (the editor's output, cleaned on the server). */
    cuerpo_html: text('cuerpo_html').notNull(),
    /** The audience as JSON: `{ kind, ids }` (contracts' Audience). */
    audience: text('audience').notNull(),
    status: text('status', {
      enum: ['draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled'],
    })
      .notNull()
      .default('draft'),
    /** When it is (or was) to be published. */
    publish_at: text('publish_at'),
    /** When members could first read it (its recipients were chosen). */
    published_at: text('published_at'),
    /** The number of the next batch job: each batch is its own job key, run once across nodes. */
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
    created_at: text('created_at').notNull().default(now),
    updated_at: text('updated_at').notNull().default(now),
  },
  (t) => [index('announcements_published_idx').on(t.published_at)],
);

/**
 * One member of a published announcement's audience: they read it in the app, and its email is sent at most
 * once. `status` moves pending → claimed (one node's batch, until `claimed_until`) → sending (committed on its
 * own just before the message goes to the mail server) → sent | failed (or back to pending for a retry), or is
 * `unsubscribed` from the start for a member who chose no email. A `claimed` row whose lease ran out goes back
 * to pending (it never left); a `sending` one becomes `unknown`: its node stopped between the mail server's
 * answer and the commit, so it is not sent again (no second copy) and the administrator sees it apart.
 */
export const announcementRecipients = sqliteTable(
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
    claimed_until: text('claimed_until'),
    /** A temporary failure's next try (null: now). */
    retry_at: text('retry_at'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    sent_at: text('sent_at'),
    read_at: text('read_at'),
  },
  (t) => [
    primaryKey({ columns: [t.announcement_id, t.user_id] }),
    index('announcement_recipients_status_idx').on(t.announcement_id, t.status, t.user_id),
    index('announcement_recipients_user_idx').on(t.user_id),
  ],
);

/** A member's choice about announcements by email (no row: on, never changed), with its date. */
export const announcementEmailChoices = sqliteTable(
  'announcement_email_choices',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receive: integer('receive', { mode: 'boolean' }).notNull(),
    changed_at: text('changed_at').notNull(),
    /** How it was changed: `profile` (/perfil) or `link` (an email's unsubscribe link). */
    via: text('via', { enum: ['profile', 'link'] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.user_id] })],
);

/** The last permanent refusal of a member's address by the mail server (shown in /config → Usuarios). */
export const mailFailures = sqliteTable(
  'mail_failures',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    code: integer('code'),
    message: text('message').notNull(),
    failed_at: text('failed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.user_id] })],
);
