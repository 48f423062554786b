import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../client';
import { uniqueViolation } from '../unique-violation';

/**
 * What differs between the engines, in one place; repositories call these and nothing engine-specific.
 * A PostgreSQL dialect (dialect/pg.ts) provides the same members: `contains` with ILIKE, `orderIgnoringCase`
 * with lower(), `userSearch` with ILIKE over a pg_trgm GIN index, `commaList` with string_agg, and
 * `uniqueViolation` reading error code 23505 and its constraint name, and `lockInTransaction` with an
 * advisory lock.
 */
export interface Dialect {
  readonly name: 'sqlite' | 'pg';
  /** `column` contains `term`, ignoring (ASCII) case, with LIKE's wildcards in `term` taken literally. */
  contains(column: SQLWrapper, term: string): SQL;
  /** An ORDER BY term sorting text ignoring case. */
  orderIgnoringCase(column: SQLWrapper): SQL;
  /** The users whose username or email contains `term` (ignoring case), through the engine's search index. */
  userSearch(userId: SQLWrapper, username: SQLWrapper, email: SQLWrapper, term: string): SQL;
  /** The values of `column` over the grouped rows as one comma-separated text. */
  commaList(column: SQLWrapper): SQL<string | null>;
  /** Which unique index a failed write hit (undefined for any other error). */
  uniqueViolation(error: unknown): { table: string; columns: string[] } | undefined;
  /**
   * Waits until no other transaction (of any process) holds `key`, then holds it until `tx` ends, so a rule's
   * reads and the writes it allows never interleave with another transaction taking the same key.
   */
  lockInTransaction(tx: Db, key: number): Promise<void>;
}

const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The trigram index finds substrings of 3 characters or more; shorter searches scan with LIKE. */
const TRIGRAM = 3;

/** The search term as one FTS5 phrase: quoted, inner quotes doubled, so no input is read as query syntax. */
const ftsPhrase = (value: string): string => `"${value.replaceAll('"', '""')}"`;

export const sqliteDialect: Dialect = {
  name: 'sqlite',
  // SQLite's LIKE ignores ASCII case already.
  contains: (column, term) => sql`${column} like ${`%${escapeLike(term.toLowerCase())}%`} escape '\\'`,
  orderIgnoringCase: (column) => sql`${column} collate nocase`,
  userSearch(userId, username, email, term) {
    // The FTS5 trigram index `users_search` (migration 0007, kept by its triggers) yields the matching ids;
    // a NUL would end the FTS5 query early, and 1-2 characters are too short for trigrams: those scan.
    if (Array.from(term).length >= TRIGRAM && !term.includes('\u0000')) {
      return sql`${userId} in (select rowid from users_search where users_search match ${ftsPhrase(term)})`;
    }
    return sql`(${sqliteDialect.contains(username, term)} or ${sqliteDialect.contains(email, term)})`;
  },
  commaList: (column) => sql<string | null>`group_concat(${column})`,
  uniqueViolation,
  // Every write transaction starts with BEGIN IMMEDIATE, which takes the database's one write lock (for every
  // process on the file) until COMMIT: transactions already run one at a time.
  lockInTransaction: () => Promise.resolve(),
};
