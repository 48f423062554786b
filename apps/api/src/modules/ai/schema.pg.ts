import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/schema.pg';

/** PostgreSQL's twin of `./schema.ts`: the AI connections, each tool's choice, and the tokens used. */
export const aiConnections = pgTable(
  'ai_connections',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    provider: text('provider', { enum: ['gemini', 'openai'] }).notNull(),
    base_url: text('base_url').notNull().default(''),
    api_key: text('api_key'),
    headers: text('headers').notNull().default('[]'),
    query: text('query').notNull().default('[]'),
    default_model: text('default_model').notNull().default(''),
    created_at: createdAt('created_at'),
    updated_at: createdAt('updated_at'),
  },
  (t) => [uniqueIndex('ai_connections_name_lower_unique').on(sql`lower(${t.name})`)],
);

export const aiToolSettings = pgTable('ai_tool_settings', {
  tool: text('tool', { enum: ['texto', 'redgram'] }).primaryKey(),
  connection_id: text('connection_id'),
  model: text('model').notNull().default(''),
  temperature_centi: integer('temperature_centi'),
  monthly_token_cap: integer('monthly_token_cap'),
  updated_at: createdAt('updated_at'),
});

export const aiUsage = pgTable(
  'ai_usage',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    tool: text('tool', { enum: ['texto', 'redgram'] }).notNull(),
    connection_id: text('connection_id').notNull(),
    connection_name: text('connection_name').notNull(),
    model: text('model').notNull(),
    prompt_tokens: integer('prompt_tokens').notNull(),
    completion_tokens: integer('completion_tokens').notNull(),
    day: text('day').notNull(),
    created_at: createdAt('created_at'),
  },
  (t) => [index('ai_usage_tool_day_idx').on(t.tool, t.day), index('ai_usage_day_idx').on(t.day)],
);
