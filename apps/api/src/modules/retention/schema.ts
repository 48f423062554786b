import { sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** "Conservación de datos": days each kind of personal data is kept (one row, id 1; no row means the defaults). */
export const retentionSettings = sqliteTable('retention_settings', {
  id: integer('id').primaryKey(),
  ai_days: integer('ai_days').notNull(),
  signin_days: integer('signin_days').notNull(),
  video_days: integer('video_days').notNull(),
  mail_days: integer('mail_days').notNull().default(365),
  updated_at: text('updated_at')
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
});

/**
 * One row per day the purge ran: the node that inserts the day's row runs the purge and writes what it
 * removed; another node finds the row taken and does nothing, so a day's purge is counted once.
 */
export const retentionRuns = sqliteTable('retention_runs', {
  day: text('day').primaryKey(),
  ran_at: text('ran_at').notNull(),
  removed_ai: integer('removed_ai').notNull().default(0),
  removed_signin: integer('removed_signin').notNull().default(0),
  removed_video: integer('removed_video').notNull().default(0),
  removed_mail: integer('removed_mail').notNull().default(0),
});
