import { defineConfig } from 'drizzle-kit';

// One drizzle-kit configuration per dialect: `pnpm db:generate` writes SQLite's migrations to drizzle/sqlite.
// (PostgreSQL's live in drizzle/pg, generated from drizzle.pg.config.ts.)
export default defineConfig({
  dialect: 'sqlite',
  // The core tables, plus one schema.ts per module that owns tables.
  schema: ['./src/db/schema.ts', './src/modules/*/schema.ts'],
  out: './drizzle/sqlite',
});
