import { sql } from 'drizzle-orm';
import type { Dialect } from './dialect';

const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The trigram index finds substrings of 3 characters or more; shorter searches scan with LIKE. */
const TRIGRAM = 3;

/** The search term as one FTS5 phrase: quoted, inner quotes doubled, so no input is read as query syntax. */
const ftsPhrase = (value: string): string => `"${value.replaceAll('"', '""')}"`;

/** better-sqlite3's error for a unique index or primary key a write hit, with the table and its columns. */
export function sqliteUniqueViolation(error: unknown): { table: string; columns: string[] } | undefined {
  if (!(error instanceof Error) || !('code' in error)) return undefined;
  const code = (error as { code: unknown }).code;
  if (code !== 'SQLITE_CONSTRAINT_UNIQUE' && code !== 'SQLITE_CONSTRAINT_PRIMARYKEY') return undefined;
  // "UNIQUE constraint failed: users.email" or, for an expression index, "... index 'name'".
  const message = error.message;
  const indexMatch = /index '([^']+)'/.exec(message);
  if (indexMatch?.[1]) {
    return { table: indexMatch[1].split('_')[0] ?? '', columns: [indexMatch[1]] };
  }
  const columns = message.replace(/^.*constraint failed:\s*/i, '').split(',');
  const qualified = columns.map((column) => column.trim());
  return {
    table: qualified[0]?.split('.')[0] ?? '',
    columns: qualified.map((column) => column.split('.')[1] ?? column),
  };
}

export const sqliteDialect: Dialect = {
  name: 'sqlite',
  // SQLite's LIKE ignores ASCII case already.
  contains: (column, term) => sql`${column} like ${`%${escapeLike(term.toLowerCase())}%`} escape '\\'`,
  orderIgnoringCase: (column) => sql`${column} collate nocase`,
  // Six days back, then forward to the next Monday: the Monday on or before the day.
  weekStart: (day) => sql<string>`date(${day}, '-6 days', 'weekday 1')`,
  userSearch(userId, username, email, term) {
    // The FTS5 trigram index `users_search` (migration 0007, kept by its triggers) yields the matching ids;
    // a NUL would end the FTS5 query early, and 1-2 characters are too short for trigrams: those scan.
    if (Array.from(term).length >= TRIGRAM && !term.includes('\u0000')) {
      return sql`${userId} in (select rowid from users_search where users_search match ${ftsPhrase(term)})`;
    }
    return sql`(${sqliteDialect.contains(username, term)} or ${sqliteDialect.contains(email, term)})`;
  },
  commaList: (column) => sql<string | null>`group_concat(${column})`,
  uniqueViolation: sqliteUniqueViolation,
  // Every write transaction starts with BEGIN IMMEDIATE, which takes the database's one write lock (for every
  // process on the file) until COMMIT: transactions already run one at a time.
  lockInTransaction: () => Promise.resolve(),
  skipLocked: sql``,
};
