import { and, count, eq, inArray, lt, max, min, or, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { jobs } from './schema';

export interface ClaimedJob {
  id: number;
  name: string;
  key: string;
  payload: string | null;
  /** This attempt's number (1 for the first): with the node, it fences a finish that came after a takeover. */
  attempts: number;
}

export type JobOutcome =
  { kind: 'done' } | { kind: 'retry'; runAt: string; error: string } | { kind: 'failed'; error: string };

export interface JobCounts {
  pending: number;
  running: number;
  failedSince: number;
  nextRunAt: string | null;
  last: { finished_at: string; ok: boolean; error: string | null } | null;
}

export function createJobsRepo(database: AppDatabase) {
  return {
    /** Inserts the job unless `(name, key)` exists; true when this call inserted it. Joins an open transaction. */
    async enqueue(job: { name: string; key: string; payload: string | null; runAt: string; now: string }) {
      return database.transaction(async (tx) => {
        const rows = await tx
          .insert(jobs)
          .values({
            name: job.name,
            key: job.key,
            payload: job.payload,
            run_at: job.runAt,
            created_at: job.now,
          })
          .onConflictDoNothing()
          .returning({ id: jobs.id });
        return rows.length > 0;
      });
    },

    /**
     * Takes up to `limit` due jobs of `names` for `node` until `lockedUntil`: pending ones whose time came, and
     * running ones whose lease ran out (their node stopped). Two nodes never take the same row: PostgreSQL
     * skips the rows another transaction is claiming, SQLite runs one write transaction at a time.
     */
    async claim(names: readonly string[], node: string, now: string, lockedUntil: string, limit: number) {
      if (names.length === 0) return [];
      return database.transaction(async (tx) => {
        const due = sql`select ${jobs.id} from ${jobs} where ${and(
          inArray(jobs.name, [...names]),
          or(
            and(eq(jobs.status, 'pending'), sql`${jobs.run_at} <= ${now}`),
            and(eq(jobs.status, 'running'), lt(jobs.locked_until, now)),
          ),
        )} order by ${jobs.run_at} limit ${limit} ${database.dialect.skipLocked}`;
        const rows: ClaimedJob[] = await tx
          .update(jobs)
          .set({
            status: 'running',
            attempts: sql`${jobs.attempts} + 1`,
            locked_by: node,
            locked_until: lockedUntil,
          })
          .where(sql`${jobs.id} in (${due})`)
          .returning({
            id: jobs.id,
            name: jobs.name,
            key: jobs.key,
            payload: jobs.payload,
            attempts: jobs.attempts,
          });
        return rows;
      });
    },

    /**
     * Records how a run ended, unless the run is no longer this node's (its lease ran out and another node took
     * the job over): that node's run decides. Answers whether it was recorded.
     */
    async finish(job: ClaimedJob, node: string, now: string, outcome: JobOutcome): Promise<boolean> {
      const changes =
        outcome.kind === 'done'
          ? { status: 'done' as const, finished_at: now, last_error: null }
          : outcome.kind === 'retry'
            ? { status: 'pending' as const, run_at: outcome.runAt, last_error: outcome.error }
            : { status: 'failed' as const, finished_at: now, last_error: outcome.error };
      return database.transaction(async (tx) => {
        const rows = await tx
          .update(jobs)
          .set({ ...changes, locked_by: null, locked_until: null })
          .where(
            and(
              eq(jobs.id, job.id),
              eq(jobs.status, 'running'),
              eq(jobs.locked_by, node),
              eq(jobs.attempts, job.attempts),
            ),
          )
          .returning({ id: jobs.id });
        return rows.length > 0;
      });
    },

    /** Forgets the finished runs older than `before` (the record /config shows is a week). */
    async prune(before: string): Promise<number> {
      return database.transaction(async (tx) => {
        const gone = await tx
          .delete(jobs)
          .where(and(inArray(jobs.status, ['done', 'failed']), lt(jobs.finished_at, before)))
          .returning({ id: jobs.id });
        return gone.length;
      });
    },

    /** Per job name: what waits, what runs, how many runs gave up since `since`, and the last finished run. */
    async counts(names: readonly string[], since: string): Promise<Map<string, JobCounts>> {
      const result = new Map<string, JobCounts>(
        names.map((name) => [name, { pending: 0, running: 0, failedSince: 0, nextRunAt: null, last: null }]),
      );
      if (names.length === 0) return result;
      const grouped = await database.read
        .select({
          name: jobs.name,
          status: jobs.status,
          n: count(),
          next: min(jobs.run_at),
          lastFinished: max(jobs.finished_at),
          failedSince: sql<number>`sum(case when ${jobs.finished_at} >= ${since} then 1 else 0 end)`,
        })
        .from(jobs)
        .where(inArray(jobs.name, [...names]))
        .groupBy(jobs.name, jobs.status);
      const lastAt = new Map<string, string>();
      for (const row of grouped) {
        const entry = result.get(row.name);
        if (!entry) continue;
        if (row.status === 'pending') {
          entry.pending = row.n;
          entry.nextRunAt = row.next;
        } else if (row.status === 'running') entry.running = row.n;
        else if (row.status === 'failed') entry.failedSince = Number(row.failedSince);
        if (row.lastFinished && row.lastFinished > (lastAt.get(row.name) ?? '')) {
          lastAt.set(row.name, row.lastFinished);
        }
      }
      for (const [name, finishedAt] of lastAt) {
        const [row] = await database.read
          .select({ status: jobs.status, error: jobs.last_error })
          .from(jobs)
          .where(and(eq(jobs.name, name), eq(jobs.finished_at, finishedAt)))
          .limit(1);
        const entry = result.get(name);
        if (row && entry) {
          entry.last = { finished_at: finishedAt, ok: row.status === 'done', error: row.error };
        }
      }
      return result;
    },
  };
}

export type JobsRepo = ReturnType<typeof createJobsRepo>;
