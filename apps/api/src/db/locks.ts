import type { AppDatabase } from './client';

/**
 * The keys of the transaction locks (`Dialect.lockInTransaction`), each naming the data whose rules must not
 * see a change from another request or node halfway. Distinct from the migration lock of client.pg.ts.
 */
const LOCK_KEYS = {
  /**
   * Who holds which role and what each role grants: the lock-out rule (an active config holder remains) and
   * the role-in-use rule (no role deleted while a user holds it) read them before the writes they allow.
   */
  roleHolders: 7_341_902_118,
  /** A member's archive requests: the once-a-day rule reads the last one before inserting the next. */
  dataArchiveRequests: 7_341_902_119,
} as const;

/**
 * Holds `lock` until the caller's transaction ends; every transaction taking it runs its reads after the
 * previous one committed. Outside a transaction it would end with its statement: a programming error.
 */
export async function holdLock(database: AppDatabase, lock: keyof typeof LOCK_KEYS): Promise<void> {
  if (!database.inTransaction) throw new Error(`the ${lock} lock is held only inside a transaction`);
  await database.dialect.lockInTransaction(database.read, LOCK_KEYS[lock]);
}
