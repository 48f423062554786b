/**
 * The face of the job runner (issue 60) this module is written against: a job is declared once, enqueued
 * once per key across nodes, and thrown errors are retried later.
 */
export interface JobDefinition<P = unknown> {
  name: string;
  label: string;
  recurring?: { every: number };
  maxAttempts?: number;
  run(job: { key: string; payload: P; attempt: number }): Promise<void>;
}

export interface JobRunner {
  declare(definition: JobDefinition<any>): void;
  enqueue(name: string, job: { key: string; payload?: unknown; runAt?: Date }): Promise<boolean>;
  kick(): void;
}
