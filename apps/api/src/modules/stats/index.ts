/** What Estadísticas offers the app: its routes, the close of each day, the permission's upgrade, the tool-use counter. */
import type { JobRunner } from '../jobs';
import { datePastCompletions } from '../library';
import { defineModule, type BaseContext } from '../registration';
import { createStatsKeeper } from './keeper';

export { createStatsKeeper };
import { ensureStatsPermission } from './permission';
import { statsPersonalData } from './personal-data';
import { createStatsRepo } from './repo';
import { statsRoutes } from './routes';
import { createStatsService } from './service';

export { SIGN_IN } from './repo';
export { createToolUseCounter } from './tool-uses';

/**
 * Estadísticas: its permission on a database seeded before it, its routes, and the close of each finished day
 * (the first one fills the days before the upgrade), a background job. Gives the overview's figures.
 */
export const statsModule = defineModule({
  name: 'stats',
  personalData: statsPersonalData,
  register: async ({ app, config, db, clock, jobs }: BaseContext & { jobs: JobRunner }) => {
    await ensureStatsPermission(db);
    await datePastCompletions(db);
    const keeper = createStatsKeeper({ database: db, clock, timeZone: config.timeZone });
    for (const job of keeper.jobs()) jobs.declare(job);
    const stats = createStatsService({ repo: createStatsRepo(db), timeZone: config.timeZone });
    statsRoutes(app, stats, keeper.today);
    return { overview: () => stats.overview('30'), today: keeper.today };
  },
});
