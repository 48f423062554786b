import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, isoTimestamp } from '../../db/schema.pg';

/** PostgreSQL's twin of `./schema.ts`: the retention days and the purge's claim row per day. */
export const retentionSettings = pgTable('retention_settings', {
  id: integer('id').primaryKey().default(1),
  ai_days: integer('ai_days').notNull(),
  signin_days: integer('signin_days').notNull(),
  video_days: integer('video_days').notNull(),
  mail_days: integer('mail_days').notNull().default(365),
  updated_at: createdAt('updated_at'),
});

export const retentionRuns = pgTable('retention_runs', {
  day: text('day').primaryKey(),
  ran_at: isoTimestamp('ran_at').notNull(),
  removed_ai: integer('removed_ai').notNull().default(0),
  removed_signin: integer('removed_signin').notNull().default(0),
  removed_video: integer('removed_video').notNull().default(0),
  removed_mail: integer('removed_mail').notNull().default(0),
});
