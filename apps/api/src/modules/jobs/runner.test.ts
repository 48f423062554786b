import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, addUser, createTestApp, signIn } from '../../../test/helper';
import { directDb, ENGINE, openTestDatabase } from '../../../test/support/engine';
import type { AppDatabase } from '../../db/client';
import { createJobsRepo } from './repo';
import { backoffMs, createJobRunner, type JobDefinition } from './runner';
import { jobs } from './schema';

const T0 = new Date('2026-11-20T09:00:00.000Z').getTime();
const MINUTE = 60_000;

const opened: AppDatabase[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((database) => database.close()));
});

async function database(): Promise<AppDatabase> {
  const { database } = await openTestDatabase();
  opened.push(database);
  return database;
}

interface Logged {
  level: string;
  fields: Record<string, unknown>;
  message: string;
}

/** A node: its own runner on the shared database, its own clock reading the shared time, its own log. */
function node(db: AppDatabase, now: () => number, name: string, options: { leaseMs?: number } = {}) {
  const logged: Logged[] = [];
  const logAt =
    (level: string) =>
    (fields: Record<string, unknown>, message: string): void => {
      logged.push({ level, fields, message });
    };
  const log = {
    error: logAt('error'),
    warn: logAt('warn'),
    info: logAt('info'),
    debug: logAt('debug'),
    trace: logAt('trace'),
    fatal: logAt('fatal'),
    silent: () => undefined,
    level: 'info',
    child: () => log,
  };
  const runner = createJobRunner({
    repo: createJobsRepo(db),
    clock: { now: () => new Date(now()) },
    log: log as never,
    timeZone: 'Europe/Madrid',
    pollMs: 60_000,
    node: name,
    ...options,
  });
  return { runner, logged };
}

/** A job that records which node ran which key, optionally failing its first `failures` attempts. */
function recorder(name: string, extra: Partial<JobDefinition> = {}, failures = 0) {
  const runs: { node: string; key: string; attempt: number }[] = [];
  const definition = (nodeName: string): JobDefinition => ({
    name,
    label: 'Prueba',
    ...extra,
    run: async ({ key, attempt }) => {
      runs.push({ node: nodeName, key, attempt });
      if (attempt <= failures) throw new Error(`fallo ${attempt}`);
    },
  });
  return { runs, definition };
}

describe('the job runner', () => {
  it('runs a recurring job once per period, whichever of two nodes gets there', async () => {
    const db = await database();
    let now = T0;
    const job = recorder('test.every-ten', { recurring: { every: 10 * MINUTE } });
    const a = node(db, () => now, 'a');
    const b = node(db, () => now, 'b');
    a.runner.declare(job.definition('a'));
    b.runner.declare(job.definition('b'));

    await Promise.all([a.runner.runDue(), b.runner.runDue(), a.runner.runDue(), b.runner.runDue()]);
    expect(job.runs).toHaveLength(1);
    now += 9 * MINUTE;
    await Promise.all([a.runner.runDue(), b.runner.runDue()]);
    expect(job.runs).toHaveLength(1);
    now += MINUTE;
    await Promise.all([a.runner.runDue(), b.runner.runDue()]);
    expect(job.runs.map((run) => run.key)).toEqual([
      new Date(T0).toISOString(),
      new Date(T0 + 10 * MINUTE).toISOString(),
    ]);
  });

  it('runs a daily job once per day of the community, at its midnight', async () => {
    const db = await database();
    // 22:30 UTC on 20/11 is 23:30 in Madrid; midnight in Madrid is 23:00 UTC.
    let now = new Date('2026-11-20T22:30:00.000Z').getTime();
    const job = recorder('test.daily', { recurring: { daily: true } });
    const a = node(db, () => now, 'a');
    a.runner.declare(job.definition('a'));
    await a.runner.runDue();
    now += 20 * MINUTE;
    await a.runner.runDue();
    now += 20 * MINUTE;
    await a.runner.runDue();
    expect(job.runs.map((run) => run.key)).toEqual(['2026-11-20', '2026-11-21']);
  });

  it('runs an enqueued key once, however many times and nodes enqueue it', async () => {
    const db = await database();
    const job = recorder('test.keyed');
    const a = node(db, () => T0, 'a');
    const b = node(db, () => T0, 'b');
    a.runner.declare(job.definition('a'));
    b.runner.declare(job.definition('b'));
    const enqueued = await Promise.all([
      a.runner.enqueue('test.keyed', { key: '7' }),
      b.runner.enqueue('test.keyed', { key: '7' }),
      a.runner.enqueue('test.keyed', { key: '8' }),
    ]);
    expect(enqueued.filter(Boolean)).toHaveLength(2);
    await Promise.all([a.runner.runDue(), b.runner.runDue()]);
    await a.runner.enqueue('test.keyed', { key: '7' });
    await Promise.all([a.runner.runDue(), b.runner.runDue()]);
    expect(job.runs.map((run) => run.key).sort()).toEqual(['7', '8']);
  });

  it('gives each of many due jobs to exactly one of two nodes claiming at the same time', async () => {
    const db = await database();
    const job = recorder('test.many');
    const a = node(db, () => T0, 'a');
    const b = node(db, () => T0, 'b');
    a.runner.declare(job.definition('a'));
    b.runner.declare(job.definition('b'));
    for (let key = 0; key < 40; key++) await a.runner.enqueue('test.many', { key: String(key) });
    await Promise.all([a.runner.runDue(), b.runner.runDue(), a.runner.runDue(), b.runner.runDue()]);
    const keys = job.runs.map((run) => Number(run.key)).sort((x, y) => x - y);
    expect(keys).toEqual([...Array(40).keys()]);
  });

  it('runs a job enqueued in a transaction only if the transaction commits', async () => {
    const db = await database();
    const job = recorder('test.tx');
    const a = node(db, () => T0, 'a');
    a.runner.declare(job.definition('a'));
    await expect(
      db.transaction(async () => {
        await a.runner.enqueue('test.tx', { key: 'no' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await db.transaction(() => a.runner.enqueue('test.tx', { key: 'yes', payload: { id: 3 } }));
    await a.runner.runDue();
    expect(job.runs.map((run) => run.key)).toEqual(['yes']);
  });

  it('retries a failing run with a growing wait, logs each failure once, and gives up after its attempts', async () => {
    const db = await database();
    let now = T0;
    const job = recorder('test.flaky', { maxAttempts: 3 }, 5);
    const a = node(db, () => now, 'a');
    a.runner.declare(job.definition('a'));
    await a.runner.enqueue('test.flaky', { key: 'x' });
    await a.runner.runDue();
    expect(job.runs).toHaveLength(1);
    // Not before its wait is over.
    now += backoffMs(1) - 1;
    await a.runner.runDue();
    expect(job.runs).toHaveLength(1);
    now += 1;
    await a.runner.runDue();
    now += backoffMs(2);
    await a.runner.runDue();
    now += backoffMs(3) * 10;
    await a.runner.runDue();
    expect(job.runs.map((run) => run.attempt)).toEqual([1, 2, 3]);
    expect(a.logged.filter((entry) => entry.level === 'error').map((entry) => entry.message)).toEqual([
      'background job failed: will retry',
      'background job failed: will retry',
      'background job failed: giving up',
    ]);
    expect(a.logged[0]!.fields).toMatchObject({ job: 'test.flaky', key: 'x', attempt: 1 });
    const [status] = (await a.runner.status()).filter((entry) => entry.name === 'test.flaky');
    expect(status).toMatchObject({
      failed_recently: 1,
      pending: 0,
      last_run: { ok: false, error: 'fallo 3' },
    });
  });

  it("takes over a run whose node stopped once its lease ran out, and ignores that node's late finish", async () => {
    const db = await database();
    let now = T0;
    let release: () => void = () => undefined;
    const stuck = new Promise<void>((resolve) => {
      release = resolve;
    });
    const runs: string[] = [];
    const a = node(db, () => now, 'a', { leaseMs: 5 * MINUTE });
    const b = node(db, () => now, 'b', { leaseMs: 5 * MINUTE });
    a.runner.declare({
      name: 'test.lease',
      label: 'Prueba',
      run: async () => {
        runs.push('a');
        await stuck;
      },
    });
    b.runner.declare({
      name: 'test.lease',
      label: 'Prueba',
      run: async () => {
        runs.push('b');
      },
    });
    await a.runner.enqueue('test.lease', { key: 'k' });
    const aRunning = a.runner.runDue();
    await expect.poll(() => runs).toEqual(['a']);
    // Within the lease, the other node leaves it.
    now += 4 * MINUTE;
    await b.runner.runDue();
    expect(runs).toEqual(['a']);
    now += 2 * MINUTE;
    await b.runner.runDue();
    expect(runs).toEqual(['a', 'b']);
    release();
    await aRunning;
    const [row] = await directDb(db).select().from(jobs).where(eq(jobs.name, 'test.lease'));
    expect(row).toMatchObject({ status: 'done', attempts: 2, locked_by: null });
  });

  it('forgets finished runs after a week, keeping the ones still waiting', async () => {
    const db = await database();
    let now = T0;
    const job = recorder('test.old');
    const a = node(db, () => now, 'a');
    a.runner.declare(job.definition('a'));
    await a.runner.enqueue('test.old', { key: 'done' });
    await a.runner.runDue();
    await a.runner.enqueue('test.old', { key: 'later', runAt: new Date(T0 + 30 * 86_400_000) });
    now += 8 * 86_400_000;
    await a.runner.runDue();
    const left = await directDb(db).select({ key: jobs.key }).from(jobs).where(eq(jobs.name, 'test.old'));
    expect(left.map((row) => row.key)).toEqual(['later']);
  });
});

describe('Tareas en segundo plano in /config', () => {
  it('lists every declared job with its last and next run, to administrators only', async () => {
    const { app, db } = await createTestApp();
    const member = await addUser(db, { email: 'miembro@example.com' });
    const memberCookie = await signIn(app, member.email, member.password);
    expect((await app.inject({ url: '/api/admin/jobs', headers: { cookie: memberCookie } })).statusCode).toBe(
      403,
    );
    expect((await app.inject({ url: '/api/admin/jobs' })).statusCode).toBe(401);

    const cookie = await signIn(app, ADMIN.email, ADMIN.password);
    const response = await app.inject({ url: '/api/admin/jobs', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const listed = (response.json() as { jobs: { name: string; last_run: unknown; next_run_at: string }[] })
      .jobs;
    expect(listed.map((job) => job.name).sort()).toEqual([
      'announcements.send',
      'data-archive.build',
      'data-archive.expire',
      'erasure.due',
      'jobs.prune',
      'notifications.digests',
      'retention.purge',
      'stats.close-days',
    ]);
    // The first pass ran as the app started: each recurring job has run once and says when it runs next.
    const stats = listed.find((job) => job.name === 'stats.close-days')!;
    expect(stats.last_run).toMatchObject({ ok: true, error: null });
    expect(Date.parse(stats.next_run_at)).toBeGreaterThan(Date.now());
    expect(JSON.stringify(listed)).not.toContain(ENGINE === 'postgres' ? 'postgres://' : 'file:');
  });
});
