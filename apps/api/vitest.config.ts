import { defineConfig } from 'vitest/config';

// The API suite runs once per database engine: the `sqlite` project on embedded SQLite, the `postgres` project
// on the PostgreSQL server `pnpm test:setup` starts (TEST_DATABASE_URL to use another). Files named
// *.pg.test.ts need PostgreSQL and run only in the second.
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    testTimeout: 20_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: ['**/*.pg.test.ts', '**/node_modules/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: ['src/**/*.pg.test.ts', 'test/**/*.pg.test.ts', 'test/two-nodes.test.ts'],
          globalSetup: ['test/support/pg-global-setup.ts'],
          env: { TEST_DB_ENGINE: 'postgres' },
        },
      },
    ],
  },
});
