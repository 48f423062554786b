import type Sqlite from 'better-sqlite3';
import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import type * as schema from './schema';

/**
 * The query builder every repository is written against: `await` its builders (and `.returning()`), never the
 * SQLite-only `.run()/.all()/.get()`, so the same code runs on PostgreSQL's drizzle instance.
 */
export type Db = BetterSQLite3Database<typeof schema> & { $client: Sqlite.Database };
