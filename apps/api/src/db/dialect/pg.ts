import { sql, type SQL } from 'drizzle-orm';
import type { Dialect } from './dialect';

const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** PostgreSQL's error for a unique index or constraint a write hit: code 23505 with the table and its name. */
export function pgUniqueViolation(error: unknown): { table: string; columns: string[] } | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, table, constraint } = e as { code?: unknown; table?: unknown; constraint?: unknown };
    if (code === '23505') {
      // The index names say the columns (users_email_lower_unique, video_records_owner_video_unique, ...).
      return {
        table: typeof table === 'string' ? table : '',
        columns: [typeof constraint === 'string' ? constraint : ''],
      };
    }
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** PostgreSQL's side of the few differences (dialect.ts describes each member). */
export const pgDialect: Dialect = {
  name: 'pg',
  contains: (column, term) => sql`${column} ilike ${`%${escapeLike(term)}%`}`,
  orderIgnoringCase: (column) => sql`lower(${column})`,
  // ISO weeks start on Monday.
  weekStart: (day) => sql<string>`to_char(date_trunc('week', ${day}::date), 'YYYY-MM-DD')`,
  // ILIKE over the pg_trgm GIN indexes on username and email (migration 0000); shorter terms scan. The matching
  // ids are gathered first (an InitPlan): left in the page query, the planner may walk the whole created_at index
  // expecting the page's rows early, though counting the matches needs them all.
  userSearch: (userId, username, email, term) =>
    sql`${userId} = any(array(select ${userId} from "users" where ${pgDialect.contains(username, term)} or ${pgDialect.contains(email, term)}))`,
  commaList: (column) => sql<string | null>`string_agg(${column}::text, ',')`,
  uniqueViolation: pgUniqueViolation,
  // A transaction-scoped advisory lock: released by COMMIT or ROLLBACK, also when the connection is lost.
  async lockInTransaction(tx, key) {
    // The repositories' executor is typed as SQLite's; on PostgreSQL it is drizzle's node-postgres one.
    const executor = tx as unknown as { execute(query: SQL): Promise<unknown> };
    await executor.execute(sql`select pg_advisory_xact_lock(${key}::bigint)`);
  },
  skipLocked: sql`for update skip locked`,
};
