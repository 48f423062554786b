import { defineConfig } from 'drizzle-kit';

// PostgreSQL's migrations: `pnpm db:generate` writes them to drizzle/pg from the *.pg.ts schema twins. Never
// `push`: the server applies the committed migrations at start-up, as on SQLite.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/db/schema.pg.ts', './src/modules/*/schema.pg.ts'],
  out: './drizzle/pg',
});
