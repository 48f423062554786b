/** What the jobs module offers the app: the one runner of background work, and its view in /config. */
export { createJobsRepo } from './repo';
export { jobsRoutes } from './routes';
export { createJobRunner, type JobDefinition, type JobRunner } from './runner';
