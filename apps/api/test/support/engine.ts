import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type { DatabaseTarget } from '../../src/config';
import { openDatabase, type AppDatabase, type Db } from '../../src/db/client';
import { openPgAppDatabase } from '../../src/db/client.pg';
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

/**
 * A fresh, migrated, empty application database on this project's engine: a temporary SQLite file, or a
 * PostgreSQL database copied from the migrated template (given back for reuse on close).
 */
export async function openTestDatabase(): Promise<{ database: AppDatabase; target: DatabaseTarget }> {
  if (ENGINE === 'sqlite') {
    return { database: openDatabase(':memory:'), target: { dialect: 'sqlite', path: ':memory:' } };
  }
  const held = await acquirePgDatabase();
  return {
    database: withRelease(await openPgAppDatabase(held.url, { max: 4 }), held.release),
    target: { dialect: 'pg', url: held.url },
  };
}

/** Closes `database`, then runs `release` (gives a PostgreSQL test database back). */
export function withRelease(database: AppDatabase, release: () => Promise<void>): AppDatabase {
  return {
    dialect: database.dialect,
    get read() {
      return database.read;
    },
    get writer() {
      return database.writer;
    },
    get inTransaction() {
      return database.inTransaction;
    },
    transaction: (work) => database.transaction(work),
    besideTransactions: (work) => database.besideTransactions(work),
    forgetDeleted: () => database.forgetDeleted(),
    close: async () => {
      await database.close();
      await release();
    },
  };
}

/**
 * The handle a test's own set-up and checks use between requests: SQLite's write connection, PostgreSQL's
 * pool. Statements on it autocommit, so the app sees them at once. Use only `await` on its builders (never the
 * SQLite-only `.get()/.run()/.all()`), so the test runs on both engines.
 */
export function directDb(database: AppDatabase): Db {
  return ENGINE === 'sqlite' ? database.writer : database.read;
}

/** Runs a raw `sql` template on either engine (drizzle renders the parameters) and returns its rows. */
export async function rawRows<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  if (ENGINE === 'sqlite') return db.all(query) as T[];
  const result = await (db as unknown as { execute(q: SQL): Promise<{ rows: T[] }> }).execute(query);
  return result.rows;
}

/**
 * The plan the engine chooses for `query`, as text: SQLite's EXPLAIN QUERY PLAN details, or PostgreSQL's
 * EXPLAIN with sequential scans and sorts priced out (a test database holds a few rows, where a scan is
 * cheapest; what matters is that an index CAN serve the query and its order).
 */
export async function explain(database: AppDatabase, query: SQL): Promise<string> {
  if (ENGINE === 'sqlite') {
    const rows = await rawRows<{ detail: string }>(directDb(database), sql`explain query plan ${query}`);
    return rows.map((row) => row.detail).join('\n');
  }
  return database.transaction(async (tx) => {
    // A bitmap scan stays allowed (the trigram indexes serve only through one); a sort is priced out too, so
    // a plan that still sorts has no index for the order.
    await rawRows(tx, sql`set local enable_seqscan = off`);
    await rawRows(tx, sql`set local enable_sort = off`);
    const rows = await rawRows<{ 'QUERY PLAN': string }>(tx, sql`explain ${query}`);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}
