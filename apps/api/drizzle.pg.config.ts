import { defineConfig } from 'drizzle-kit';

// PostgreSQL's migrations, from the schema.pg.ts twins; `pnpm db:generate` runs this after drizzle.config.ts.
// Never `push`: the server applies the committed migrations at start-up, as on SQLite.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/db/schema.pg.ts', './src/modules/*/schema.pg.ts'],
  out: './drizzle/pg',
});
