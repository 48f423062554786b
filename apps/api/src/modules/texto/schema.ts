import { sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** The text tools' settings: one row (id 1). The key stays on the server. */
export const textoConfig = sqliteTable('texto_config', {
  id: integer('id').primaryKey(),
  /** Base URL the server calls Gemini at for these tools; blank uses GEMINI_BASE_URL / Google's. */
  api_url: text('api_url').notNull().default(''),
  prompt_ortografia: text('prompt_ortografia').notNull(),
  prompt_herramienta2: text('prompt_herramienta2').notNull(),
  // The provider settings kept here before AI connections: read once by the start-up carry-over
  // (modules/ai/carry-over.ts), then cleared. Kept so an older database can be carried over.
  gemini_api_key: text('gemini_api_key'),
  /** Who writes the texts: Gemini, or the OpenAI-compatible server below. */
  provider: text('provider', { enum: ['gemini', 'openai'] })
    .notNull()
    .default('gemini'),
  openai_base_url: text('openai_base_url').notNull().default(''),
  openai_model: text('openai_model').notNull().default(''),
  openai_api_key: text('openai_api_key'),
  updated_at: text('updated_at')
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
});
