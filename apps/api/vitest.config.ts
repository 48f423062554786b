import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// The API suite runs once per database engine: the `sqlite` project on embedded SQLite, the `postgres` project
// on the PostgreSQL server `pnpm test:setup` starts (TEST_DATABASE_URL to use another). createTestApp and the
// helpers of test/support/engine.ts give each test a database of the project's engine. Files named
// *.pg.test.ts need PostgreSQL and run only in the second; SQLite's file tools only in the first.
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    // Limits that only catch a hang: a machine half as fast, running the whole suite, must stay well inside them.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // expect.poll waits for what a background job or another process does: its default second is a fast
    // machine's figure (a digest sent by the job runner once took longer beside the e2e stage).
    expect: { poll: { timeout: 30_000 } },
    // A worker per core, not vitest's default of one fewer: the tests spend much of their time waiting on
    // PostgreSQL, the password-hashing threads and child processes, so a second worker fills that time.
    maxWorkers: Math.max(2, availableParallelism()),
    // A worker's files share its modules, the packages and the app's own, loaded once instead of once per file;
    // test/support/setup.ts gives a file that mocks a module, and the file after it, a fresh copy.
    isolate: false,
    setupFiles: ['test/support/setup.ts'],
    // The server and the operator commands, bundled once per run for the tests that start them as processes.
    globalSetup: ['test/support/server-bundle.ts'],
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
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // SQLite's own files: its backup/restore (with the secrets' key file), the in-place upgrade of a database
          // made by older code, and what an erasure leaves in the database and write-ahead log files.
          exclude: [
            'test/backup.test.ts',
            'test/secrets-backup.test.ts',
            'test/upgrade.test.ts',
            'test/erased-from-files.test.ts',
            '**/node_modules/**',
          ],
          globalSetup: ['test/support/server-bundle.ts', 'test/support/pg-global-setup.ts'],
          env: { TEST_DB_ENGINE: 'postgres' },
        },
      },
    ],
  },
});
