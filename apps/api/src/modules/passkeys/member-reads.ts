import { eq, notExists, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { passkeys } from './schema';

/** How many passkeys the account has (each is a second factor too). */
export const countPasskeys = async (on: Db, userId: number): Promise<number> =>
  (await on.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.user_id, userId))).length;

/** Removes the account's passkeys in the caller's transaction (a reset of its second factors). */
export async function removePasskeys(tx: Db, userId: number): Promise<void> {
  await tx.delete(passkeys).where(eq(passkeys.user_id, userId));
}

/** The condition on `users` that the account has no passkey. */
export const withoutPasskey = (on: Db): SQL =>
  notExists(
    on
      .select({ one: sql`1` })
      .from(passkeys)
      .where(eq(passkeys.user_id, users.id)),
  );
