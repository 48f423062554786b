import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  // The core tables, plus one schema.ts per module that owns tables.
  schema: ['./src/db/schema.ts', './src/modules/*/schema.ts'],
  out: './drizzle',
});
