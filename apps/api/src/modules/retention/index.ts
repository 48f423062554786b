/** What the retention module offers the app: "Conservación de datos" and its daily purge. */
import type { PersonalTable } from '../../db/personal-data';
import type { HistoryRecorder } from '../history';
import type { JobRunner } from '../jobs';
import { defineModule, type BaseContext } from '../registration';
import { createRetentionRepo } from './repo';
import { retentionRoutes } from './routes';
import { createRetentionService } from './service';

interface RetentionContext extends BaseContext {
  history: HistoryRecorder;
  jobs: JobRunner;
  /** Every table the modules declared as holding member data, with what retention purges of it. */
  personalTables: readonly PersonalTable[];
}

/** «Conservación de datos» and the day's purge. Gives how many days AI texts are kept. */
export const retentionModule = defineModule({
  name: 'retention',
  register: ({ app, db, clock, history, jobs, personalTables }: RetentionContext) => {
    const repo = createRetentionRepo(db, personalTables);
    const retention = createRetentionService({ repo, history, clock });
    retentionRoutes(app, retention);
    for (const job of retention.jobs()) jobs.declare(job);
    return { aiTextDays: async () => (await repo.settings()).ai_days };
  },
});
