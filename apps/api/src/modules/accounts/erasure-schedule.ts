import { eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { currentEpoch } from './epoch';
import { accountErasures, passwordResetTokens } from './schema';

/** When the account's scheduled erasure is due, if one is. */
export async function scheduledErasure(on: Db, userId: number): Promise<string | undefined> {
  const [row] = await on
    .select({ erase_at: accountErasures.erase_at })
    .from(accountErasures)
    .where(eq(accountErasures.user_id, userId));
  return row?.erase_at;
}

/** Schedules the account's erasure unless one is; answers the row it added (none when one was there). */
export const scheduleErasure = (tx: Db, userId: number, eraseAt: string, now: string) =>
  tx
    .insert(accountErasures)
    .values({ user_id: userId, erase_at: eraseAt, requested_at: now })
    .onConflictDoNothing()
    .returning({ user_id: accountErasures.user_id });

/** Drops the account's scheduled erasure; answers the row it removed (none when there was none). */
export const unscheduleErasure = (tx: Db, userId: number) =>
  tx
    .delete(accountErasures)
    .where(eq(accountErasures.user_id, userId))
    .returning({ user_id: accountErasures.user_id });

/** The accounts whose scheduled erasure is due at `now`, oldest first, a hundred at a time. */
export const dueErasures = (on: Db, now: string) =>
  on
    .select({ user_id: accountErasures.user_id })
    .from(accountErasures)
    .where(lte(accountErasures.erase_at, now))
    .orderBy(accountErasures.erase_at)
    .limit(100);

/** Stores the hashes of links to choose a password, each under its account's current epoch. */
export async function insertPasswordLinks(
  on: Db,
  links: readonly { userId: number; hash: string }[],
  createdAt: Date,
  expiresAt: Date,
): Promise<void> {
  if (links.length === 0) return;
  await on.insert(passwordResetTokens).values(
    links.map((link) => ({
      user_id: link.userId,
      epoch: currentEpoch(link.userId),
      token_hash: link.hash,
      created_at: createdAt.toISOString(),
      expires_at: expiresAt.toISOString(),
    })),
  );
}
