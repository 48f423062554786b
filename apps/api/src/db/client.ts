import { AsyncLocalStorage } from 'node:async_hooks';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Mutex } from 'async-mutex';
import Sqlite from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { MIGRATIONS_DIR } from '../lib/paths';
import type { Dialect } from './dialect/dialect';
import { sqliteDialect } from './dialect/sqlite';
import type { Db } from './query-builder';
import * as schema from './schema';

export type { Db };

/**
 * The application's database, whatever the engine: reads outside a transaction go to connections that see
 * only committed data; writes run inside `transaction`, which sees its own writes through `read` too.
 */
export interface AppDatabase {
  readonly dialect: Dialect;
  /** The open transaction's executor when called inside one, else the read connection (committed data only). */
  readonly read: Db;
  /**
   * Runs `work` in one transaction (async code inside is fine): committed when it resolves, rolled back when
   * it throws. Nested calls join the enclosing transaction.
   */
  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T>;
  /** Whether the caller runs inside `transaction` (a write that must join the change it records checks it). */
  readonly inTransaction: boolean;
  /**
   * Runs `work` while no transaction of this process holds the database's write lock. For another connection
   * to the same SQLite file (the rate limits' store): its write would otherwise wait, blocking the event loop,
   * for a transaction that can only finish on that same loop, and fail after the busy timeout.
   */
  besideTransactions<T>(work: () => Promise<T>): Promise<T>;
  /**
   * After deleting personal data (an erasure), once committed: SQLite moves the write-ahead log into the file
   * and empties it (`secure_delete` already zeroed the freed pages), so neither file keeps the deleted text.
   * PostgreSQL has nothing to do here: its autovacuum reclaims the dead rows (see docs/data-rights.md).
   */
  forgetDeleted(): Promise<void>;
  close(): Promise<void>;
  /** SQLite only: the write connection, for tests, the seed and the command line (synchronous use). */
  readonly writer: Db;
}

// secure_delete: a deleted row's bytes are overwritten with zeros, not left in free pages of the file.
const PRAGMAS = [
  'journal_mode = WAL',
  'synchronous = NORMAL',
  'foreign_keys = ON',
  'busy_timeout = 5000',
  'secure_delete = ON',
];

function connect(file: string, options: Sqlite.Options = {}): Db {
  const sqlite = new Sqlite(file, options);
  for (const pragma of PRAGMAS) sqlite.pragma(pragma);
  const db: Db = drizzle(sqlite, { schema });
  return db;
}

/**
 * SQLite as mature SQLite servers run it (PocketBase's single writer + read pool): one write connection behind
 * an async lock, so a whole transaction (`BEGIN IMMEDIATE` ... `COMMIT`, with awaits inside) runs alone on it,
 * and a separate read connection that, in WAL mode, sees only committed data. No request ever reads another
 * request's uncommitted write, and no write waits on SQLite's busy timeout within this process.
 */
class SqliteDatabase implements AppDatabase {
  readonly dialect = sqliteDialect;
  private readonly lock = new Mutex();
  private readonly open = new AsyncLocalStorage<Db>();

  constructor(
    readonly writer: Db,
    private readonly reader: Db,
    private readonly cleanup: () => void,
  ) {}

  get read(): Db {
    return this.open.getStore() ?? this.reader;
  }

  get inTransaction(): boolean {
    return this.open.getStore() !== undefined;
  }

  besideTransactions<T>(work: () => Promise<T>): Promise<T> {
    // Inside a transaction the lock is this caller's own: waiting for it would never end.
    return this.inTransaction ? work() : this.lock.runExclusive(work);
  }

  async forgetDeleted(): Promise<void> {
    if (this.inTransaction) throw new Error('forgetDeleted runs once the transaction has committed');
    await this.lock.runExclusive(() => {
      this.writer.$client.pragma('wal_checkpoint(TRUNCATE)');
    });
  }

  async transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    const enclosing = this.open.getStore();
    if (enclosing) return work(enclosing);
    return this.lock.runExclusive(async () => {
      const client = this.writer.$client;
      client.exec('BEGIN IMMEDIATE');
      try {
        const result = await this.open.run(this.writer, () => work(this.writer));
        client.exec('COMMIT');
        return result;
      } catch (error) {
        if (client.inTransaction) client.exec('ROLLBACK');
        throw error;
      }
    });
  }

  async close(): Promise<void> {
    await this.lock.waitForUnlock();
    this.reader.$client.close();
    this.writer.$client.close();
    this.cleanup();
  }
}

/**
 * A migrated empty database, made once per process: ':memory:' databases (tests) start as a copy of it. Its path
 * is kept on the global object, since test files that share a process each load this module afresh.
 */
const TEMPLATE = Symbol.for('app.db.migratedTemplate');
function migratedTemplate(): string {
  const holder = globalThis as { [TEMPLATE]?: string };
  let template = holder[TEMPLATE];
  if (!template) {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'app-db-template-')), 'app.db');
    const db = connect(file);
    migrate(db, { migrationsFolder: MIGRATIONS_DIR.sqlite });
    db.$client.pragma('wal_checkpoint(TRUNCATE)');
    db.$client.close();
    template = file;
    holder[TEMPLATE] = file;
    process.once('exit', () => rmSync(path.dirname(file), { recursive: true, force: true }));
  }
  return template;
}

/**
 * Opens the SQLite database (creating its folder) and applies the committed migrations. ':memory:' (tests)
 * is a fresh temporary file instead, removed on close: two connections cannot share an in-memory database.
 */
export function openDatabase(databasePath: string): AppDatabase {
  let file = databasePath;
  let cleanup = (): void => undefined;
  if (databasePath === ':memory:') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'app-db-'));
    file = path.join(dir, 'app.db');
    copyFileSync(migratedTemplate(), file);
    cleanup = () => rmSync(dir, { recursive: true, force: true });
  } else {
    mkdirSync(path.dirname(databasePath), { recursive: true });
  }
  const writer = connect(file);
  if (databasePath !== ':memory:') migrate(writer, { migrationsFolder: MIGRATIONS_DIR.sqlite });
  const reader = connect(file);
  return new SqliteDatabase(writer, reader, cleanup);
}
