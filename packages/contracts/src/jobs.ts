import { z } from 'zod';
import { endpointsOf } from './http';

const endpoint = endpointsOf('jobs');

/**
 * "Tareas en segundo plano" (/config): each background job the server declares, with its last run, its next
 * run and its recent failures, as Solid Queue's dashboard shows them.
 */
export const JobStatus = z.strictObject({
  name: z.string(),
  label: z.string(),
  /** How often it runs by itself, in seconds; null for a job that runs only when something asks for it. */
  every_seconds: z.number().int().nullable(),
  last_run: z
    .strictObject({ finished_at: z.string(), ok: z.boolean(), error: z.string().nullable() })
    .nullable(),
  next_run_at: z.string().nullable(),
  pending: z.number().int(),
  running: z.number().int(),
  /** Runs that gave up after their last attempt, in the last 7 days. */
  failed_recently: z.number().int(),
});
export type JobStatus = z.infer<typeof JobStatus>;

export const JOBS_MESSAGES = {
  load: 'Error al cargar las tareas en segundo plano',
} as const;

export const getJobs = endpoint({
  summary: 'Muestra las tareas en segundo plano: última ejecución, próxima y fallos recientes',
  method: 'GET',
  path: '/api/admin/jobs',
  response: z.strictObject({ jobs: z.array(JobStatus) }),
});
