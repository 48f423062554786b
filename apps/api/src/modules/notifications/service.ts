import { REGISTRATION_MAIL_INTERVAL_MINUTES, type MailSettings } from '@app/contracts';
import type { Mailer, MailMessage } from '../../integrations/mailer';
import type { Clock } from '../../lib/clock';
import { diff, type Actor, type HistoryRecorder } from '../history';
import {
  newPaidMemberEmail,
  newRegistrationEmail,
  refusalEmail,
  registrationDigestEmail,
  welcomeEmail,
} from './emails';
import type { JobDefinition } from '../jobs';
import type { NotificationsRepo } from './repo';

export interface NotifierDeps {
  repo: NotificationsRepo;
  mailer: Mailer;
  clock: Clock;
  /** The public address of the web app (links in emails). */
  publicUrl(): string;
  log: { error(obj: object, msg: string): void };
  history: HistoryRecorder;
}

const MAIL_SETTING_FIELDS = ['new_registration', 'account_activated', 'account_refused'] as const;

export interface Member {
  email: string;
  username: string;
}

const INTERVAL_MS = REGISTRATION_MAIL_INTERVAL_MINUTES * 60 * 1000;

/**
 * The account emails. Every method is called after the change it reports is committed and the answer is on
 * its way; a mail server that fails is logged and never fails the action.
 */
export function createNotifier(deps: NotifierDeps) {
  const { repo, mailer, clock, log } = deps;
  const send = (message: MailMessage) =>
    mailer.send(message).catch((err: unknown) => {
      log.error({ err, to: message.to, subject: message.subject }, 'account email could not be sent');
    });
  const pendingLink = () => `${deps.publicUrl()}/config?pendientes=1`;
  const guard = (work: () => Promise<void>) => () =>
    work().catch((err: unknown) => log.error({ err }, 'account emails failed'));

  return {
    settings: (): Promise<MailSettings> => repo.settings(),

    async saveSettings(settings: MailSettings, actor: Actor): Promise<MailSettings> {
      await repo.transaction(async () => {
        const before = await repo.settings();
        await repo.saveSettings(settings);
        await deps.history.recordAction(actor, {
          kind: 'mail_settings.save',
          entity_type: 'mail_settings',
          label: 'Correos',
          changes: diff(before, settings, MAIL_SETTING_FIELDS),
        });
      });
      return repo.settings();
    },

    /**
     * A visitor registered: each active admin gets an email, at most one per interval; the sign-ups inside an
     * admin's interval join the digest sent when it ends.
     */
    registered(member: Member): Promise<void> {
      // The moment of the sign-up, read before any wait: the throttle counts from it.
      const now = clock.now();
      return guard(async () => {
        if (!(await repo.settings()).new_registration) return;
        for (const admin of await repo.activeAdmins()) {
          if (await repo.claimImmediate(admin.id, now, new Date(now.getTime() - INTERVAL_MS))) {
            await send(newRegistrationEmail(admin, member, pendingLink()));
          } else {
            await repo.scheduleDigest(admin.id, new Date(now.getTime() + INTERVAL_MS));
          }
        }
      })();
    },

    /**
     * A payment made a new account (no admin has to activate it): each active admin hears of it at once, under
     * the same setting as new registrations, since each one is a paying member rather than a queue to review.
     */
    paidMember: (member: Member, plan: string): Promise<void> =>
      guard(async () => {
        if (!(await repo.settings()).new_registration) return;
        for (const admin of await repo.activeAdmins()) {
          await send(newPaidMemberEmail(admin, member, plan, `${deps.publicUrl()}/config`));
        }
      })(),

    /** Sends the digests that are due (every API node runs this; each digest is claimed by one). */
    /** The digests that are due (a background job: a failure is the runner's to log and retry). */
    async sendDueDigests(): Promise<void> {
      const now = clock.now();
      for (const due of await repo.dueDigests(now)) {
        if (!due.digest_due_at || !(await repo.claimDigest(due.user_id, due.digest_due_at, now))) continue;
        const admin = await repo.activeAdmin(due.user_id);
        const pending = await repo.countPending();
        if (admin && pending > 0) await send(registrationDigestEmail(admin, pending, pendingLink()));
      }
    },

    /** Its background work: the registration digests that are due, looked for every minute. */
    jobs(): JobDefinition[] {
      return [
        {
          name: 'notifications.digests',
          label: 'Enviar a los administradores el resumen de registros pendientes',
          recurring: { every: 60_000 },
          run: () => this.sendDueDigests(),
        },
      ];
    },

    /** An admin activated these accounts. */
    activated: (members: readonly Member[]): Promise<void> =>
      guard(async () => {
        if (members.length === 0 || !(await repo.settings()).account_activated) return;
        for (const member of members) await send(welcomeEmail(member, `${deps.publicUrl()}/login`));
      })(),

    /** An admin deleted these accounts while they were still pending. */
    refused: (members: readonly Member[], reason?: string): Promise<void> =>
      guard(async () => {
        if (members.length === 0 || !(await repo.settings()).account_refused) return;
        for (const member of members) await send(refusalEmail(member, reason === '' ? undefined : reason));
      })(),
  };
}

export type Notifier = ReturnType<typeof createNotifier>;
