import { defineModule, type BaseContext } from '../registration';
import { createJobsRepo } from './repo';
import { jobsRoutes } from './routes';
import { createJobRunner, type JobRunner } from './runner';

/**
 * The one runner of background work and its view in /config: started once the app is ready (the first pass
 * runs before the first request is answered) and stopped before the database closes, after the runs under
 * way finish. Gives the runner, on which the other modules declare their jobs.
 */
export const jobsModule = defineModule({
  name: 'jobs',
  register: ({ app, config, db, clock, pollMs }: BaseContext & { pollMs: number }): JobRunner => {
    const jobs = createJobRunner({
      repo: createJobsRepo(db),
      clock,
      log: app.log,
      timeZone: config.timeZone,
      pollMs,
    });
    jobsRoutes(app, jobs);
    app.addHook('onReady', async () => {
      jobs.start();
      await jobs.runDue();
    });
    app.addHook('preClose', async () => {
      await jobs.stop();
    });
    return jobs;
  },
});
