import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import { dayOf, startOfDay } from '../../lib/zoned-time';
import type { ClaimedJob, JobsRepo } from './repo';

/** When a recurring job runs: every `every` milliseconds, or once per calendar day of the community's zone. */
export type Recurrence = { every: number } | { daily: true };

/**
 * One kind of background work, declared once by the module that owns it. `run` throws to be tried again later
 * (with a growing wait, up to `maxAttempts`); whatever it does must be safe to do again after a crash halfway,
 * since a run whose node stopped is run again by another node once its lease runs out.
 */
export interface JobDefinition<P = unknown> {
  /** `<module>.<what>`, unique. */
  name: string;
  /** What it does, in Spanish, for administrators (/config → Tareas en segundo plano). */
  label: string;
  /** Omitted: it runs only when enqueued (for one key: an archive, an announcement). */
  recurring?: Recurrence;
  maxAttempts?: number;
  run(job: { key: string; payload: P; attempt: number }): Promise<void>;
}

export interface JobRunnerOptions {
  repo: JobsRepo;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The community's time zone: where a daily job's day begins. */
  timeZone: string;
  /** How often each node looks for due work. */
  pollMs: number;
  /** How long a claimed run is this node's before another node may take it over. */
  leaseMs?: number;
  /** How many due runs a node takes at once (they run side by side). */
  batch?: number;
  /** This node's name in the claims (a random one by default: each process is its own node). */
  node?: string;
}

const DEFAULT_ATTEMPTS = 5;
const KEEP_FINISHED_MS = 7 * 86_400_000;

/** The wait before attempt `attempt + 1`: 30 s, 1 min, 2 min ... capped at an hour. */
export const backoffMs = (attempt: number): number => Math.min(30_000 * 2 ** (attempt - 1), 3_600_000);

const describe = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).slice(0, 1000) || 'Error sin mensaje';

/**
 * The one runner of background work on every node (Solid Queue's loop on the app's own database): each tick
 * enqueues the recurring jobs' current runs (once per period across nodes: the period is the key), claims what
 * is due, runs it and records the outcome. Failures are logged here, one way, and retried with backoff.
 */
export function createJobRunner(options: JobRunnerOptions) {
  const { repo, clock, log, timeZone, pollMs } = options;
  const leaseMs = options.leaseMs ?? 15 * 60_000;
  const batch = options.batch ?? 4;
  const node = options.node ?? randomUUID();
  const definitions = new Map<string, JobDefinition<never>>();
  /** The period each recurring job was last enqueued for by this node (saves a write per tick). */
  const enqueuedFor = new Map<string, string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  /** The key of a recurring job's current run, and when the next period starts. */
  const period = (recurrence: Recurrence, now: Date): { key: string; start: Date; next: Date } => {
    if ('daily' in recurrence) {
      const day = dayOf(now, timeZone);
      return { key: day, start: startOfDay(day, timeZone), next: startOfDay(day, timeZone, 1) };
    }
    const start = Math.floor(now.getTime() / recurrence.every) * recurrence.every;
    return {
      key: new Date(start).toISOString(),
      start: new Date(start),
      next: new Date(start + recurrence.every),
    };
  };

  async function enqueueRecurring(now: Date): Promise<void> {
    for (const definition of definitions.values()) {
      if (!definition.recurring) continue;
      const { key, start } = period(definition.recurring, now);
      if (enqueuedFor.get(definition.name) === key) continue;
      await repo.enqueue({
        name: definition.name,
        key,
        payload: null,
        runAt: start.toISOString(),
        now: now.toISOString(),
      });
      enqueuedFor.set(definition.name, key);
    }
  }

  async function runOne(job: ClaimedJob): Promise<void> {
    const definition = definitions.get(job.name);
    if (!definition) return;
    const started = Date.now();
    try {
      const payload = (job.payload === null ? undefined : JSON.parse(job.payload)) as never;
      await definition.run({ key: job.key, payload, attempt: job.attempts });
      await repo.finish(job, node, clock.now().toISOString(), { kind: 'done' });
    } catch (error) {
      const maxAttempts = definition.maxAttempts ?? DEFAULT_ATTEMPTS;
      const last = job.attempts >= maxAttempts;
      const now = clock.now();
      log.error(
        { err: error, job: job.name, key: job.key, attempt: job.attempts, ms: Date.now() - started },
        last ? 'background job failed: giving up' : 'background job failed: will retry',
      );
      const outcome = last
        ? ({ kind: 'failed', error: describe(error) } as const)
        : ({
            kind: 'retry',
            error: describe(error),
            runAt: new Date(now.getTime() + backoffMs(job.attempts)).toISOString(),
          } as const);
      await repo.finish(job, node, now.toISOString(), outcome);
    }
  }

  async function tickOnce(): Promise<void> {
    const now = clock.now();
    await enqueueRecurring(now);
    const claimed = await repo.claim(
      [...definitions.keys()],
      node,
      now.toISOString(),
      new Date(now.getTime() + leaseMs).toISOString(),
      batch,
    );
    await Promise.all(claimed.map(runOne));
    // A full batch means more may be due: take the next one at once.
    if (claimed.length === batch) again = true;
  }

  /** One pass; a pass asked for while one runs is made right after it, never two at once on a node. */
  function tick(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await tickOnce();
        } catch (error) {
          // The database was unreachable or closing: the next tick tries again.
          log.error({ err: error }, 'background jobs: tick failed');
        }
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  const runner = {
    node,

    declare<P>(definition: JobDefinition<P>): void {
      if (definitions.has(definition.name)) throw new Error(`job ${definition.name} declared twice`);
      definitions.set(definition.name, definition);
    },

    /**
     * Enqueues a run of `name` for `key` unless one exists (whatever its state): a key is run once across
     * nodes. Inside the caller's transaction, the run exists only if that transaction commits.
     */
    async enqueue(name: string, job: { key: string; payload?: unknown; runAt?: Date }): Promise<boolean> {
      if (!definitions.has(name)) throw new Error(`job ${name} is not declared`);
      const now = clock.now();
      return repo.enqueue({
        name,
        key: job.key,
        payload: job.payload === undefined ? null : JSON.stringify(job.payload),
        runAt: (job.runAt ?? now).toISOString(),
        now: now.toISOString(),
      });
    },

    /** Looks for due work now on this node (after an enqueue that should not wait for the next tick). */
    kick(): void {
      void tick();
    },

    /** Runs due work now and waits for it (tests; the start of a node). */
    runDue: (): Promise<void> => tick(),

    start(): void {
      if (timer) return;
      timer = setInterval(() => void tick(), pollMs);
      timer.unref();
      void tick();
    },

    /** Stops looking for work and waits for the runs under way to finish. */
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      timer = undefined;
      await running;
    },

    /** What /config shows: every declared job with its last and next run and its recent failures. */
    async status() {
      const now = clock.now();
      const counts = await repo.counts(
        [...definitions.keys()],
        new Date(now.getTime() - KEEP_FINISHED_MS).toISOString(),
      );
      return [...definitions.values()].map((definition) => {
        const entry = counts.get(definition.name);
        const recurring = definition.recurring;
        let nextRunAt = entry?.nextRunAt ?? null;
        if (!nextRunAt && recurring) nextRunAt = period(recurring, now).next.toISOString();
        return {
          name: definition.name,
          label: definition.label,
          every_seconds: recurring
            ? 'daily' in recurring
              ? 86_400
              : Math.round(recurring.every / 1000)
            : null,
          last_run: entry?.last ?? null,
          next_run_at: nextRunAt,
          pending: entry?.pending ?? 0,
          running: entry?.running ?? 0,
          failed_recently: entry?.failedSince ?? 0,
        };
      });
    },
  };
  // The runner's own housekeeping, declared like any other job.
  runner.declare({
    name: 'jobs.prune',
    label: 'Olvidar el registro de las tareas terminadas hace más de una semana',
    recurring: { daily: true },
    run: async () => {
      await repo.prune(new Date(clock.now().getTime() - KEEP_FINISHED_MS).toISOString());
    },
  });
  return runner;
}

export type JobRunner = ReturnType<typeof createJobRunner>;
