import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { addUser, createTestApp } from '../../../test/helper';
import { jobs } from '../jobs/schema';
import { dataArchives } from './schema';

describe('data archive jobs at start-up', () => {
  it('resume a build that a stopped node left half done, and leave one that a live node holds', async () => {
    const { app, db } = await createTestApp();
    const member = await addUser(db, { email: 'pendiente@example.com' });
    const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
    const [left, held] = await db
      .insert(dataArchives)
      .values(
        [-11, -1].map((minutes) => ({
          user_id: member.id,
          requested_by: member.id,
          status: 'running' as const,
          progress: 40,
          claimed_by: 'nodo-anterior',
          claimed_at: minutesFromNow(minutes),
          requested_at: minutesFromNow(minutes),
        })),
      )
      .returning({ id: dataArchives.id });
    // The stopped node's lease ran out a minute ago; the live node's lasts 14 more minutes.
    await db.insert(jobs).values(
      [
        [left!.id, -1],
        [held!.id, 14],
      ].map(([id, leaseEnd]) => ({
        name: 'data-archive.build',
        key: String(id),
        status: 'running' as const,
        attempts: 1,
        locked_by: 'nodo-anterior',
        locked_until: minutesFromNow(leaseEnd!),
        run_at: minutesFromNow(-11),
        created_at: minutesFromNow(-11),
      })),
    );

    await app.ready();
    const statusOf = async (id: number) =>
      (await db.select({ status: dataArchives.status }).from(dataArchives).where(eq(dataArchives.id, id)))[0]
        ?.status;
    await vi.waitFor(async () => expect(await statusOf(left!.id)).toBe('ready'), { timeout: 15_000 });
    expect(await statusOf(held!.id)).toBe('running');
  });
});
