import type { JobDefinition, JobRunner } from './job-runner';

interface Queued {
  name: string;
  key: string;
  payload: unknown;
  runAt: number;
  attempt: number;
}

/**
 * A stand-in for the database job runner (issue 60) with the same face, for as long as the app has none: jobs
 * are kept in this process only and polled on a timer. What makes a sending safe across nodes and restarts is
 * the claim of each recipient row, not this queue; a restart finds the sendings under way again (resumeAll).
 */
export function createLocalJobRunner(options: {
  pollMs: number;
  log: { error(obj: object, msg: string): void };
}): JobRunner & { stop(): Promise<void>; start(): void } {
  const definitions = new Map<string, JobDefinition<never>>();
  const seen = new Set<string>();
  const queue: Queued[] = [];
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  async function runDue(): Promise<void> {
    for (;;) {
      const now = Date.now();
      const index = queue.findIndex((job) => job.runAt <= now);
      if (index < 0 || stopped) return;
      const [job] = queue.splice(index, 1);
      const definition = definitions.get(job!.name);
      if (!definition) continue;
      try {
        await definition.run({ key: job!.key, payload: job!.payload as never, attempt: job!.attempt });
      } catch (error) {
        options.log.error({ err: error, job: job!.name, key: job!.key }, 'background job failed: will retry');
        if (job!.attempt < (definition.maxAttempts ?? 5)) {
          queue.push({ ...job!, attempt: job!.attempt + 1, runAt: now + 30_000 * 2 ** (job!.attempt - 1) });
        }
      }
    }
  }

  function tick(): void {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await runDue();
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
    });
  }

  return {
    declare(definition) {
      definitions.set(definition.name, definition as JobDefinition<never>);
    },
    async enqueue(name, job) {
      const id = `${name}\u0000${job.key}`;
      if (seen.has(id)) return false;
      seen.add(id);
      queue.push({
        name,
        key: job.key,
        payload: job.payload,
        runAt: job.runAt?.getTime() ?? Date.now(),
        attempt: 1,
      });
      return true;
    },
    kick: tick,
    start() {
      timer = setInterval(tick, options.pollMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
