import { AsyncLocalStorage } from 'node:async_hooks';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../lib/paths';
import type { AppDatabase, Db } from './client';
import { pgDialect } from './dialect/pg';
import * as sqliteSchema from './schema';
import * as schema from './schema.pg';

export type PgDb = NodePgDatabase<typeof schema> & { $client: pg.Pool };

// count(*) and other bigints come back as numbers, as on SQLite (our counts stay far below 2^53).
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface PgPoolOptions {
  /** Connections per process; two nodes at the default stay well under PostgreSQL's default of 100. */
  max?: number;
  /** Called when an idle connection is lost (server restart, pg_terminate_backend): the pool replaces it. */
  onIdleError?: (error: Error) => void;
}

/** A connection pool to PostgreSQL; a lost connection is dropped from the pool, never crashes the process. */
function openPgPool(url: string, options: PgPoolOptions = {}): pg.Pool {
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

async function migratePg(db: PgDb): Promise<void> {
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

/**
 * The application's database on PostgreSQL: a pool; reads outside a transaction take any connection (READ
 * COMMITTED: committed data only), a transaction holds one connection from BEGIN to COMMIT.
 *
 * Repositories are written once against the SQLite schema's table objects. The PostgreSQL schema declares the
 * same tables with the same column names and row types (schema-parity.test.ts), so drizzle's PostgreSQL query
 * builder renders those objects into the same statements; SQLite's boolean columns map true/false to 1/0,
 * which PostgreSQL reads as booleans, and times are ISO text on both engines.
 */
class PgAppDatabase implements AppDatabase {
  readonly dialect = pgDialect;
  private readonly open = new AsyncLocalStorage<Db>();

  constructor(
    private readonly db: NodePgDatabase<typeof sqliteSchema> & { $client: pg.Pool },
    private readonly pool: pg.Pool,
  ) {}

  get read(): Db {
    return this.open.getStore() ?? (this.db as unknown as Db);
  }

  get inTransaction(): boolean {
    return this.open.getStore() !== undefined;
  }

  /** PostgreSQL's rows are locked one by one and its connections wait without blocking the process. */
  besideTransactions<T>(work: () => Promise<T>): Promise<T> {
    return work();
  }

  /** Deleted rows stay in the table's pages until (auto)vacuum reclaims them: see docs/data-rights.md. */
  forgetDeleted(): Promise<void> {
    return Promise.resolve();
  }

  async transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    const enclosing = this.open.getStore();
    if (enclosing) return work(enclosing);
    return this.db.transaction(async (tx) => {
      const executor = tx as unknown as Db;
      return this.open.run(executor, () => work(executor));
    });
  }

  get writer(): Db {
    throw new Error('PostgreSQL has no single write connection: use transaction() or read');
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/** Opens the PostgreSQL database behind DATABASE_URL and applies its migrations. */
export async function openPgAppDatabase(url: string, options: PgPoolOptions = {}): Promise<AppDatabase> {
  const migrated = await openPgDatabase(url, options);
  const pool = migrated.$client;
  return new PgAppDatabase(drizzle(pool, { schema: sqliteSchema }), pool);
}
