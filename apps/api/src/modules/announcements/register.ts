import type { Mailer } from '../../integrations/mailer';
import type { HistoryRecorder } from '../history';
import type { JobRunner } from '../jobs';
import { defineModule, type BaseContext } from '../registration';
import { ensureAnnouncementsPermission } from './permission';
import { announcementsPersonalData } from './personal-data';
import { createAnnouncementsRepo } from './repo';
import { announcementsRoutes } from './routes';
import { createAnnouncementsService } from './service';
import { unsubscribeKey } from './token';

/**
 * Comunicados: its permission on a database seeded before it, its routes, and its sending job (each batch of
 * recipients is one run of `announcements.send`, which the job runner claims on one node at a time).
 */
export const announcementsModule = defineModule({
  name: 'announcements',
  personalData: announcementsPersonalData,
  register: async (
    context: BaseContext & { history: HistoryRecorder; mailer: Mailer; jobs: JobRunner },
  ): Promise<void> => {
    const { app, config, db, clock, history, mailer, jobs, publicUrl } = context;
    await ensureAnnouncementsPermission(db);
    let key: Promise<Buffer> | undefined;
    const service = createAnnouncementsService({
      repo: createAnnouncementsRepo(db),
      mailer,
      clock,
      history,
      jobs,
      publicUrl,
      unsubscribeKey: () => (key ??= unsubscribeKey(db)),
      sending: config.announcements,
      log: app.log,
    });
    jobs.declare(service.job);
    await announcementsRoutes(app, service);
  },
});
