import type { JobDefinition, JobRunner } from '../../src/modules/announcements';

interface Queued {
  name: string;
  key: string;
  payload: unknown;
  runAt: number;
}

/**
 * The queue of a database job runner as the tests drive it: jobs are enqueued once per name and key (as the
 * runner promises across nodes), shared by every node made from it, and run only when a test says so, on
 * the node it names. `now` is the time "due" is judged by.
 */
export function createManualJobs(now: () => number = Date.now) {
  const queue: Queued[] = [];
  const seen = new Set<string>();
  const nodes: Map<string, JobDefinition<never>>[] = [];

  /** One node's runner: it declares its own definitions and shares the queue. */
  function node(): JobRunner & { run(job: Queued): Promise<void> } {
    const definitions = new Map<string, JobDefinition<never>>();
    nodes.push(definitions);
    return {
      declare(definition) {
        definitions.set(definition.name, definition as JobDefinition<never>);
      },
      async enqueue(name, job) {
        const id = `${name}\u0000${job.key}`;
        if (seen.has(id)) return false;
        seen.add(id);
        queue.push({ name, key: job.key, payload: job.payload, runAt: job.runAt?.getTime() ?? now() });
        return true;
      },
      kick() {},
      async run(job) {
        const definition = definitions.get(job.name);
        if (!definition) throw new Error(`job ${job.name} not declared on this node`);
        await definition.run({ key: job.key, payload: job.payload as never, attempt: 1 });
      },
    };
  }

  return {
    node,
    queue: () => queue as readonly Queued[],
    /** Takes the next due job off the queue (undefined: none due). */
    take(): Queued | undefined {
      const index = queue.findIndex((job) => job.runAt <= now());
      return index < 0 ? undefined : queue.splice(index, 1)[0];
    },
    /** Runs due jobs on `runner` until none is due. */
    async drain(runner: { run(job: Queued): Promise<void> }, limit = 10_000): Promise<number> {
      let runs = 0;
      for (let job = this.take(); job && runs < limit; job = this.take()) {
        await runner.run(job);
        runs += 1;
      }
      return runs;
    },
  };
}
