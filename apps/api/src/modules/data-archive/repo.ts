import { and, desc, eq, inArray, isNotNull, lt, ne } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { holdLock } from '../../db/locks';
import { users } from '../../db/schema';
import { dataArchives } from './schema';

/** A job as its requester and the runner see it: every column but the ZIP itself. */
const job = {
  id: dataArchives.id,
  user_id: dataArchives.user_id,
  requested_by: dataArchives.requested_by,
  status: dataArchives.status,
  progress: dataArchives.progress,
  requested_at: dataArchives.requested_at,
  ready_at: dataArchives.ready_at,
  expires_at: dataArchives.expires_at,
  size: dataArchives.size,
};

export function createDataArchiveRepo(database: AppDatabase) {
  const db = () => database.read;
  const write = database.transaction.bind(database);

  return {
    /**
     * Runs `work` in one transaction holding the archive-request lock: the once-a-day rule's read and the
     * insert it allows see no other request halfway, on any node.
     */
    whileRequesting: <T>(work: () => Promise<T>): Promise<T> =>
      write(async () => {
        await holdLock(database, 'dataArchiveRequests');
        return work();
      }),

    async member(id: number): Promise<{ id: number; username: string; email: string } | undefined> {
      const [row] = await db()
        .select({ id: users.id, username: users.username, email: users.email })
        .from(users)
        .where(eq(users.id, id));
      return row;
    },

    /** The newest archive of `userId` that `requestedBy` asked for (failed ones left out when asked). */
    async latest(userId: number, requestedBy: number, options: { skipFailed?: boolean } = {}) {
      const [row] = await db()
        .select(job)
        .from(dataArchives)
        .where(
          and(
            eq(dataArchives.user_id, userId),
            eq(dataArchives.requested_by, requestedBy),
            options.skipFailed ? ne(dataArchives.status, 'failed') : undefined,
          ),
        )
        .orderBy(desc(dataArchives.requested_at), desc(dataArchives.id))
        .limit(1);
      return row;
    },

    insert: (values: { user_id: number; requested_by: number; requested_at: string }) =>
      write(async (tx) => {
        const [row] = await tx
          .insert(dataArchives)
          .values({ ...values, status: 'pending' })
          .returning(job);
        if (!row) throw new Error('the archive request was not stored');
        return row;
      }),

    /** Takes the archive for run `run` (a retry or a takeover takes it from an earlier run): its job, or none. */
    start: (id: number, run: string, now: string) =>
      write(async (tx) => {
        const [row] = await tx
          .update(dataArchives)
          .set({ status: 'running', claimed_by: run, claimed_at: now, progress: 0 })
          .where(and(eq(dataArchives.id, id), inArray(dataArchives.status, ['pending', 'running'])))
          .returning(job);
        return row;
      }),

    /** The run's progress (written only while the archive is still that run's). */
    progress: (id: number, run: string, progress: number, now: string): Promise<void> =>
      write(async (tx) => {
        await tx
          .update(dataArchives)
          .set({ progress, claimed_at: now })
          .where(and(eq(dataArchives.id, id), eq(dataArchives.claimed_by, run)));
      }),

    finish: (
      id: number,
      run: string,
      values: { content: string; size: number; ready_at: string; expires_at: string },
    ): Promise<boolean> =>
      write(async (tx) => {
        const rows = await tx
          .update(dataArchives)
          .set({ ...values, status: 'ready', progress: 100 })
          .where(
            and(
              eq(dataArchives.id, id),
              eq(dataArchives.claimed_by, run),
              eq(dataArchives.status, 'running'),
            ),
          )
          .returning({ id: dataArchives.id });
        return rows.length > 0;
      }),

    fail: (id: number, run: string): Promise<void> =>
      write(async (tx) => {
        await tx
          .update(dataArchives)
          .set({ status: 'failed' })
          .where(and(eq(dataArchives.id, id), eq(dataArchives.claimed_by, run)));
      }),

    /** Drops the ZIPs whose download period ended: the request stays listed, the data goes. */
    expire: (now: string): Promise<void> =>
      write(async (tx) => {
        await tx
          .update(dataArchives)
          .set({ content: null })
          .where(and(isNotNull(dataArchives.content), lt(dataArchives.expires_at, now)));
      }),

    async withContent(id: number) {
      const [row] = await db()
        .select({ ...job, content: dataArchives.content })
        .from(dataArchives)
        .where(eq(dataArchives.id, id));
      return row;
    },

    async job(id: number) {
      const [row] = await db().select(job).from(dataArchives).where(eq(dataArchives.id, id));
      return row;
    },

    /** The accounts named by the ids, for the "ready" email. */
    accounts: (ids: number[]) =>
      db()
        .select({ id: users.id, username: users.username, email: users.email })
        .from(users)
        .where(inArray(users.id, ids)),
  };
}

export type DataArchiveRepo = ReturnType<typeof createDataArchiveRepo>;
export type DataArchiveJob = NonNullable<Awaited<ReturnType<DataArchiveRepo['job']>>>;
