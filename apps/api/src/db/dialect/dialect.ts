import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { Db } from '../query-builder';

/**
 * What differs between the engines, in one place; repositories call these and nothing engine-specific.
 * dialect/sqlite.ts and dialect/pg.ts each provide every member; client.ts and client.pg.ts pick theirs.
 */
export interface Dialect {
  readonly name: 'sqlite' | 'pg';
  /** `column` contains `term`, ignoring (ASCII) case, with LIKE's wildcards in `term` taken literally. */
  contains(column: SQLWrapper, term: string): SQL;
  /** An ORDER BY term sorting text ignoring case. */
  orderIgnoringCase(column: SQLWrapper): SQL;
  /** The users whose username or email contains `term` (ignoring case), through the engine's search index. */
  userSearch(userId: SQLWrapper, username: SQLWrapper, email: SQLWrapper, term: string): SQL;
  /** The Monday (AAAA-MM-DD) of the week a day stored as AAAA-MM-DD text falls in. */
  weekStart(day: SQLWrapper): SQL<string>;
  /** The values of `column` over the grouped rows as one comma-separated text. */
  commaList(column: SQLWrapper): SQL<string | null>;
  /** Which unique index a failed write hit (undefined for any other error). */
  uniqueViolation(error: unknown): { table: string; columns: string[] } | undefined;
  /**
   * Waits until no other transaction (of any process) holds `key`, then holds it until `tx` ends, so a rule's
   * reads and the writes it allows never interleave with another transaction taking the same key.
   */
  lockInTransaction(tx: Db, key: number): Promise<void>;
  /**
   * Ends a SELECT inside a transaction so that two transactions claiming rows never wait for nor take the same
   * ones (PostgreSQL's `FOR UPDATE SKIP LOCKED`; SQLite's single writer already runs them one at a time).
   */
  readonly skipLocked: SQL;
}
