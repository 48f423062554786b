import { defineConfig } from 'drizzle-kit';

// SQLite's migrations, from the schema.ts files; drizzle.pg.config.ts does the same for PostgreSQL, and
// `pnpm db:generate` runs both, so one schema change gives one migration per engine.
export default defineConfig({
  dialect: 'sqlite',
  // The core tables, plus one schema.ts per module that owns tables.
  schema: ['./src/db/schema.ts', './src/modules/*/schema.ts'],
  out: './drizzle/sqlite',
});
