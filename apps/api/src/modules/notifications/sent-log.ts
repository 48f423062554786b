import type { Mailer } from '../../integrations/mailer';
import type { Clock } from '../../lib/clock';
import type { NotificationsRepo } from './repo';

/**
 * The mailer every module sends through, recording each email delivered to a member's address (subject and
 * time) for the member's data archive. A failed record is logged: the email has gone, the action stands.
 */
export function withSentLog(
  mailer: Mailer,
  deps: { repo: NotificationsRepo; clock: Clock; log: { error(obj: object, msg: string): void } },
): Mailer {
  return {
    get kept() {
      return mailer.kept;
    },
    async send(message) {
      await mailer.send(message);
      await deps.repo
        .logSent(message.to, message.subject, deps.clock.now())
        .catch((err: unknown) => deps.log.error({ err }, 'sent email could not be recorded'));
    },
    close: () => mailer.close(),
  };
}
