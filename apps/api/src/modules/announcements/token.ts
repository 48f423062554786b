import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { settings } from '../../db/schema';

const KEY = 'announcements_unsubscribe_key';

/**
 * The key that signs the unsubscribe links: made once, kept in the database so every node signs and checks
 * alike (two nodes starting at once: the first one's key wins, as with the session secret).
 */
export async function unsubscribeKey(database: AppDatabase): Promise<Buffer> {
  const value = await database.transaction(async (tx) => {
    await tx
      .insert(settings)
      .values({ key: KEY, value: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await tx.select().from(settings).where(eq(settings.key, KEY));
    if (!row) throw new Error('unsubscribe key missing');
    return row.value;
  });
  return Buffer.from(value, 'base64url');
}

const mac = (key: Buffer, id: string) =>
  createHmac('sha256', key).update(`announcements-unsubscribe:${id}`).digest('base64url');

/** A link token naming the account: it works without a session, and only for that account. */
export const signUnsubscribe = (key: Buffer, userId: number): string => {
  const id = userId.toString(36);
  return `${id}.${mac(key, id)}`;
};

/** The account a token names, or null when its signature does not hold. */
export function verifyUnsubscribe(key: Buffer, token: string): number | null {
  const [id, signature] = token.split('.');
  if (!id || !signature) return null;
  const expected = Buffer.from(mac(key, id));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const userId = parseInt(id, 36);
  return Number.isSafeInteger(userId) && userId > 0 ? userId : null;
}
