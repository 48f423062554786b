import { count, sql } from 'drizzle-orm';
import type { Db } from './client';
import { userCounts, users } from './schema';

/**
 * The counts the lists show, kept in rows that every write changes in its own transaction (Discourse's topic
 * counts, Mastodon's account_stats), so a page reads one row instead of counting the table. Each change is an
 * `n = n + delta` upsert: concurrent writers on either engine add up instead of overwriting each other.
 * The functions answer the statement unrun: a repository awaits it, the synchronous command line runs it.
 */

/** Accounts in one state (active or pending) changed by `delta`. */
export const bumpUserCount = (tx: Db, isActive: boolean, delta: number) =>
  tx
    .insert(userCounts)
    .values({ is_active: isActive, n: delta })
    .onConflictDoUpdate({ target: userCounts.is_active, set: { n: sql`${userCounts.n} + ${delta}` } });

/** Counts the written accounts' states into the kept counts (`sign` 1 for added rows, -1 for removed ones). */
export async function tallyUsers(
  tx: Db,
  rows: readonly { is_active: boolean }[],
  sign: 1 | -1,
): Promise<void> {
  const active = rows.filter((row) => row.is_active).length;
  if (active > 0) await bumpUserCount(tx, true, sign * active);
  if (rows.length > active) await bumpUserCount(tx, false, sign * (rows.length - active));
}

/** Recomputes the accounts' kept counts from the rows (recount-all.ts says when). */
export async function recountUsers(tx: Db): Promise<void> {
  await tx.delete(userCounts);
  const states = await tx
    .select({ is_active: users.is_active, n: count() })
    .from(users)
    .groupBy(users.is_active);
  for (const state of states) await bumpUserCount(tx, state.is_active, state.n);
}
