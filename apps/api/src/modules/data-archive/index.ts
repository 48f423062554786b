/** What the data-archive module offers the app. */
import type { ArchivePart, ArchiveSources } from '../../db/personal-data';
import type { Mailer } from '../../integrations/mailer';
import type { HistoryRecorder } from '../history';
import type { JobRunner } from '../jobs';
import { defineModule, type BaseContext } from '../registration';
import { dataArchivePersonalData } from './personal-data';
import { createDataArchiveRepo } from './repo';
import { dataArchiveRoutes } from './routes';
import { createDataArchiveService } from './service';

interface DataArchiveContext extends BaseContext {
  history: HistoryRecorder;
  mailer: Mailer;
  jobs: JobRunner;
  /** What the archive holds: every module's declared parts. */
  archiveParts: readonly ArchivePart[];
  /** What the archive reads beyond the database (Stripe's invoices). */
  archiveSources: ArchiveSources;
}

/** Members' data archives: each request enqueues its build, which any node's runner takes. */
export const dataArchiveModule = defineModule({
  name: 'data-archive',
  personalData: dataArchivePersonalData,
  register: (context: DataArchiveContext) => {
    const { app, config, db, clock, history, mailer, jobs, publicUrl } = context;
    const archives = createDataArchiveService({
      parts: context.archiveParts,
      repo: createDataArchiveRepo(db),
      database: db,
      clock,
      history,
      mailer,
      publicUrl,
      timeZone: config.timeZone,
      log: app.log,
      sources: context.archiveSources,
      queue: jobs,
    });
    dataArchiveRoutes(app, archives);
    for (const job of archives.jobs()) jobs.declare(job);
  },
});
