/** What the jobs module offers the app: the one runner of background work, and its view in /config. */
export { jobsModule } from './register';
/** The bench runs a runner of its own. */
export { createJobsRepo } from './repo';
export { createJobRunner, type JobDefinition, type JobRunner } from './runner';
