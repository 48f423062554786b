import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

const now = (name: string) =>
  text(name)
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`);

/**
 * The AI connections administrators define once (Gemini, or an OpenAI-compatible server). The key and the
 * values of secret headers are sealed by the secret box; `headers` and `query` are JSON arrays of {name, value}.
 */
export const aiConnections = sqliteTable(
  'ai_connections',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    provider: text('provider', { enum: ['gemini', 'openai'] }).notNull(),
    base_url: text('base_url').notNull().default(''),
    api_key: text('api_key'),
    headers: text('headers').notNull().default('[]'),
    query: text('query').notNull().default('[]'),
    default_model: text('default_model').notNull().default(''),
    created_at: now('created_at'),
    updated_at: now('updated_at'),
  },
  (t) => [uniqueIndex('ai_connections_name_lower_unique').on(sql`lower(${t.name})`)],
);

/**
 * What each AI tool uses: the connection (a stored one's id as text, or `env:<id>`), the model (blank: the
 * connection's default), the temperature in hundredths (null: the provider's default) and the monthly token cap.
 */
export const aiToolSettings = sqliteTable('ai_tool_settings', {
  tool: text('tool', { enum: ['texto', 'redgram'] }).primaryKey(),
  connection_id: text('connection_id'),
  model: text('model').notNull().default(''),
  temperature_centi: integer('temperature_centi'),
  monthly_token_cap: integer('monthly_token_cap'),
  updated_at: now('updated_at'),
});

/** The tokens one generation used, as its provider reported them; `day` is the community's calendar day. */
export const aiUsage = sqliteTable(
  'ai_usage',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    tool: text('tool', { enum: ['texto', 'redgram'] }).notNull(),
    connection_id: text('connection_id').notNull(),
    /** Copied, so Estadísticas still names a connection deleted since. */
    connection_name: text('connection_name').notNull(),
    model: text('model').notNull(),
    prompt_tokens: integer('prompt_tokens').notNull(),
    completion_tokens: integer('completion_tokens').notNull(),
    day: text('day').notNull(),
    created_at: now('created_at'),
  },
  (t) => [index('ai_usage_tool_day_idx').on(t.tool, t.day), index('ai_usage_day_idx').on(t.day)],
);
