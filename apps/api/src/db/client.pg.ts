import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../lib/paths';
import * as schema from './schema.pg';

export type PgDb = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export interface PgPoolOptions {
  /** Connections per process; two nodes at the default stay well under PostgreSQL's default of 100. */
  max?: number;
  /** Called when an idle connection is lost (server restart, pg_terminate_backend): the pool replaces it. */
  onIdleError?: (error: Error) => void;
}

/** A connection pool to PostgreSQL; a lost connection is dropped from the pool, never crashes the process. */
export function openPgPool(url: string, options: PgPoolOptions = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 20,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // Without a listener, an idle client's socket error is an unhandled 'error' event and ends the process.
  pool.on('error', (error) => options.onIdleError?.(error));
  return pool;
}

/** Opens a pool and applies the committed PostgreSQL migrations (drizzle/pg), under an advisory lock. */
export async function openPgDatabase(url: string, options: PgPoolOptions = {}): Promise<PgDb> {
  const pool = openPgPool(url, options);
  const db = drizzle(pool, { schema });
  try {
    await migratePg(db);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return db;
}

// Two nodes starting at once must not both run the same migration: the first holds this lock meanwhile.
const MIGRATION_LOCK = 4_815_162_342;

export async function migratePg(db: PgDb): Promise<void> {
  const client = await db.$client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_DIR.pg });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
