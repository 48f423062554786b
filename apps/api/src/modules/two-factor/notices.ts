import type { Mailer, MailMessage } from '../../integrations/mailer';
import { AppError } from '../../lib/errors';
import { FACTOR_CHANGES, type FactorChange } from './decide';
import { codesRenewedEmail, signInCodeEmail, totpOffEmail, totpOnEmail } from './emails';
import type { TwoFactorRepo } from './repo';

const FACTOR_EMAILS = {
  'totp-on': totpOnEmail,
  'totp-off': totpOffEmail,
  'codes-renewed': codesRenewedEmail,
};

interface Owner {
  id: number;
  username: string;
  email: string;
}

/** What a change of factors does beyond itself: the sessions it ends, and the emails to the account's owner. */
export function createNotices(deps: {
  repo: Pick<TwoFactorRepo, 'factorAdded'>;
  mailer: Mailer;
  log: { error(obj: object, msg: string): void };
  publicUrl: () => string;
}) {
  const { mailer, log } = deps;

  /** Sends an account email; a failure is logged, never turned into a failed request (the change is made). */
  const notify = async (message: MailMessage): Promise<void> => {
    try {
      await mailer.send(message);
    } catch (error) {
      log.error({ err: error, to: message.to }, 'two-factor email not sent');
    }
  };

  /** Where the owner reviews their account's security (Perfil). */
  const securityLink = () => `${deps.publicUrl()}/perfil`;

  return {
    notify,
    securityLink,

    /**
     * Acts on a change of factors as FACTOR_CHANGES says: the sessions it ends (keeping `keep`), and the email
     * to the owner. Answers the account's epoch after, when it moved.
     */
    async factorChanged(change: FactorChange, user: Owner, keep: string | null): Promise<number | undefined> {
      const { ends, email } = FACTOR_CHANGES[change];
      const epoch =
        ends === 'nothing'
          ? undefined
          : await deps.repo.factorAdded(user.id, ends === 'other-sessions' ? keep : null);
      await notify(FACTOR_EMAILS[email](user, securityLink()));
      return epoch;
    },

    /** Emails a sign-in code; a failure is the Spanish 503, so the member knows to try again. */
    async sendSignInCode(user: Owner, code: string): Promise<void> {
      try {
        await mailer.send(signInCodeEmail(user, code));
      } catch (error) {
        log.error({ err: error, userId: user.id }, 'sign-in code not sent');
        throw new AppError(
          503,
          'No hemos podido enviarte el código por correo. Inténtalo de nuevo en unos minutos.',
        );
      }
    },
  };
}
