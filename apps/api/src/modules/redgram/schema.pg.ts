import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, users } from '../../db/schema.pg';

/** PostgreSQL's twin of `./schema.ts`: RedGram's settings (one row, id 1). */
export const redgramConfig = pgTable('redgram_config', {
  // The one row's id; a default like SQLite's rowid, so inserts look the same on both engines.
  id: integer('id').primaryKey().default(1),
  prompt_escribir: text('prompt_escribir').notNull().default(''),
  prompt_reescribir: text('prompt_reescribir').notNull().default(''),
  // The provider settings kept here before AI connections: read once by the start-up carry-over
  // (modules/ai/carry-over.ts), then cleared. Kept so an older database can be carried over.
  gemini_api_key: text('gemini_api_key'),
  provider: text('provider', { enum: ['gemini', 'openai'] })
    .notNull()
    .default('gemini'),
  openai_base_url: text('openai_base_url').notNull().default(''),
  openai_model: text('openai_model').notNull().default(''),
  openai_api_key: text('openai_api_key'),
  updated_at: createdAt('updated_at'),
});

export const redgramProfiles = pgTable(
  'redgram_profiles',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    social_network: text('social_network').notNull(),
    sector: text('sector').notNull(),
    target_audience: text('target_audience').notNull(),
    specific_audience: text('specific_audience').notNull(),
    visual_optimization: text('visual_optimization').notNull(),
    created_at: createdAt(),
  },
  (t) => [index('redgram_profiles_user_idx').on(t.user_id)],
);

export const redgramLogs = pgTable(
  'redgram_logs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    profile_id: integer('profile_id').references(() => redgramProfiles.id, { onDelete: 'set null' }),
    mode: text('mode', { enum: ['escribir', 'reescribir'] }).notNull(),
    input_text: text('input_text').notNull(),
    prompt: text('prompt').notNull(),
    api_response: text('api_response'),
    error_message: text('error_message'),
    created_at: createdAt(),
  },
  (t) => [index('redgram_logs_created_idx').on(t.created_at)],
);

export const redgramHistory = pgTable(
  'redgram_history',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    profile_id: integer('profile_id').references(() => redgramProfiles.id, { onDelete: 'set null' }),
    profile_name: text('profile_name').notNull(),
    social_network: text('social_network').notNull(),
    mode: text('mode', { enum: ['escribir', 'reescribir'] }).notNull(),
    input_text: text('input_text').notNull(),
    variants: text('variants').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    index('redgram_history_user_created_idx').on(t.user_id, t.created_at, t.id),
    index('redgram_history_created_idx').on(t.created_at),
  ],
);
