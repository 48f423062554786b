import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { acquirePgDatabase } from './pg-databases';

/** The engine this vitest project runs the suite on (vitest.config.ts sets TEST_DB_ENGINE for `postgres`). */
export const ENGINE: 'sqlite' | 'postgres' =
  process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

/**
 * A new, empty database for server processes, as the DATABASE_URL they are started with: a file in a
 * temporary folder on SQLite, a fresh migrated database on PostgreSQL. `dispose` once the processes are gone.
 */
export async function databaseForServers(): Promise<{ url: string; dispose: () => Promise<void> }> {
  if (ENGINE === 'postgres') {
    const database = await acquirePgDatabase();
    return { url: database.url, dispose: () => database.release() };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'app-nodes-'));
  return {
    url: `file:${path.join(dir, 'app.db')}`,
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  };
}
