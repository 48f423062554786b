import { EMAIL_CODE_TRIES, TWO_FACTOR_MESSAGES as T, type TotpSetup } from '@app/contracts';
import { badRequest, unauthorized } from '../../lib/errors';
import type { Budget } from '../../lib/rate-limits';
import type { Challenges } from './challenges';
import type { AfterSecondStep, FactorChecks, TwoFactorServiceDeps } from './checks';
import { hashCode, sameHash } from './codes';
import { afterCode } from './decide';
import type { ChallengeRow } from './repo';

/** The second step answered: a code, a passkey, or the set-up the community's rules require. */
export function createSecondStep(deps: TwoFactorServiceDeps, checks: FactorChecks, challenges: Challenges) {
  const { repo, clock, limits } = deps;
  const stepTries = (challenge: ChallengeRow, ip: string): [Budget, string][] => [
    ...checks.accountTries(challenge.user_id),
    [limits.secondStepByIp, ip],
  ];

  /** The emailed code: not expired, within its tries, the one sent, and used once. */
  async function checkEmailCode(challenge: ChallengeRow, code: string): Promise<void> {
    if (!challenge.email_code_hash || !challenge.email_code_expires_at) throw unauthorized(T.stepExpired);
    if (challenge.email_code_expires_at <= clock.now().toISOString()) throw unauthorized(T.emailCodeExpired);
    if (!(await repo.spendEmailTry(challenge.id_hash, EMAIL_CODE_TRIES)))
      throw unauthorized(T.emailCodeTries);
    const hash = hashCode(code);
    if (!sameHash(hash, challenge.email_code_hash) || !(await repo.useEmailCode(challenge.id_hash, hash))) {
      throw badRequest(T.invalidCode, 'code');
    }
  }

  /** The set-up is owed by a challenge that requires it and offers no factor to answer with. */
  async function owedSetup(token: string): Promise<ChallengeRow> {
    const challenge = await challenges.live(token);
    if (!challenge.needs_setup || challenge.factors.length > 0) throw unauthorized(T.stepExpired);
    return challenge;
  }

  return {
    /** Checks the second step's code; tries are limited per account and per IP across nodes. */
    async verify(
      token: string,
      body: { method: 'totp' | 'email' | 'backup'; code: string },
      ip: string,
    ): Promise<AfterSecondStep> {
      const challenge = await challenges.live(token);
      if (!challenge.factors.includes(body.method)) throw badRequest(T.invalidCode, 'code');
      await checks.withTries(stepTries(challenge, ip), async () => {
        if (body.method === 'totp') {
          const totp = await repo.findTotp(challenge.user_id);
          if (!totp?.confirmed_at) throw badRequest(T.invalidCode, 'code');
          await checks.checkTotp(challenge.user_id, totp.secret, body.code);
        } else if (body.method === 'backup') {
          const spent = await repo.spendBackupCode(
            challenge.user_id,
            hashCode(body.code),
            clock.now().toISOString(),
          );
          if (!spent) throw badRequest(T.invalidCode, 'code');
        } else {
          await checkEmailCode(challenge, body.code);
        }
      });
      if (afterCode(body.method, challenge.needs_setup) === 'setup') {
        const second_step = {
          factors: [],
          setup_required: true,
          email_sent_to: null,
          expires_at: challenge.expires_at,
        };
        return { kind: 'setup', answer: { second_step } };
      }
      return challenges.finish(challenge, body.method);
    },

    /**
     * The second step answered with a passkey: `userId` is the account the passkey proved (checked by the
     * passkeys module), which must be the one whose password opened this step.
     */
    async verifyPasskey(token: string, userId: number): Promise<AfterSecondStep> {
      const challenge = await challenges.live(token);
      if (!challenge.factors.includes('passkey') || challenge.user_id !== userId) {
        throw unauthorized(T.stepExpired);
      }
      return challenges.finish(challenge, 'passkey');
    },

    /** The forced set-up's first half: the app's secret, for a challenge that owes it. */
    async startRequiredTotp(token: string): Promise<TotpSetup> {
      const challenge = await owedSetup(token);
      const account = await repo.findAccount(challenge.user_id);
      if (!account) throw unauthorized(T.stepExpired);
      return checks.totpSetupFor(account);
    },

    /** The forced set-up's end: the app confirmed, the session opens with the backup codes to keep. */
    async confirmRequiredTotp(token: string, code: string, ip: string) {
      const challenge = await owedSetup(token);
      const codes = await checks.withTries(stepTries(challenge, ip), () =>
        checks.confirmTotpFor(challenge.user_id, code),
      );
      const done = await challenges.finish(challenge, 'totp');
      const epoch = await checks.factorChanged('app-on-at-sign-in', done.user, null);
      return { ...done, token_version: epoch ?? done.token_version, backup_codes: codes };
    },
  };
}
