import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/schema.pg';

/** PostgreSQL's twin of `./schema.ts`: the text tools' settings (one row, id 1). */
export const textoConfig = pgTable('texto_config', {
  // The one row's id; a default like SQLite's rowid, so inserts look the same on both engines.
  id: integer('id').primaryKey().default(1),
  api_url: text('api_url').notNull().default(''),
  prompt_ortografia: text('prompt_ortografia').notNull(),
  prompt_herramienta2: text('prompt_herramienta2').notNull(),
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
