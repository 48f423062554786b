import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { addUser, createTestApp } from '../../../test/helper';
import { dataArchives } from './schema';

describe('data archive jobs at start-up', () => {
  it('resume a job that a stopped node left half done, and leave one that a live node holds', async () => {
    const { app, db } = await createTestApp();
    const member = await addUser(db, { email: 'pendiente@example.com' });
    const claimedAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const [left, held] = await db
      .insert(dataArchives)
      .values(
        [11, 1].map((minutes) => ({
          user_id: member.id,
          requested_by: member.id,
          status: 'running' as const,
          progress: 40,
          claimed_by: 'nodo-anterior',
          claimed_at: claimedAgo(minutes),
          requested_at: claimedAgo(minutes),
        })),
      )
      .returning({ id: dataArchives.id });

    await app.ready();
    const statusOf = async (id: number) =>
      (await db.select({ status: dataArchives.status }).from(dataArchives).where(eq(dataArchives.id, id)))[0]
        ?.status;
    await vi.waitFor(async () => expect(await statusOf(left!.id)).toBe('ready'), { timeout: 15_000 });
    expect(await statusOf(held!.id)).toBe('running');
  });
});
