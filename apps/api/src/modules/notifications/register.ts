import { brandedMailer } from '../../integrations/letter';
import type { Mailer } from '../../integrations/mailer';
import type { HistoryRecorder } from '../history';
import type { JobRunner } from '../jobs';
import { defineModule, type BaseContext } from '../registration';
import { notificationsPersonalData } from './personal-data';
import { createNotificationsRepo } from './repo';
import { notificationsRoutes } from './routes';
import { withSentLog } from './sent-log';
import { createNotifier } from './service';

interface NotificationsContext extends BaseContext {
  history: HistoryRecorder;
  jobs: JobRunner;
  /** The SMTP mailer (or the tests' own). */
  transport: Mailer;
  /** The community's name and logo, read for each letter. */
  community: () => Promise<{ name: string | null; logo_url: string | null }>;
}

/**
 * The mail to members and administrators, and the sweep that sends the registration digests that are due.
 * Gives the mailer every other module sends through, and the notifier.
 */
export const notificationsModule = defineModule({
  name: 'notifications',
  personalData: notificationsPersonalData,
  register: ({ app, clock, db, history, jobs, transport, community, publicUrl }: NotificationsContext) => {
    const repo = createNotificationsRepo(db);
    // Every letter carries the community's name and logo; each one sent to a member is logged (subject, date).
    const branded = brandedMailer(transport, async () => {
      const { name, logo_url } = await community();
      return { name, logoUrl: logo_url && `${publicUrl()}${logo_url}` };
    });
    const mailer = withSentLog(branded, { repo, clock, log: app.log });
    app.addHook('onClose', () => mailer.close());
    const notifier = createNotifier({ repo, mailer, clock, publicUrl, log: app.log, history });
    notificationsRoutes(app, notifier);
    for (const job of notifier.jobs()) jobs.declare(job);
    return { mailer, notifier };
  },
});
