import { EMAIL_CODE_RESEND_SECONDS, TWO_FACTOR_MESSAGES as T, type SessionUser } from '@app/contracts';
import { badRequest, tooManyRequests, unauthorized } from '../../lib/errors';
import { spendAll } from '../../lib/rate-limits';
import type { Challenges } from './challenges';
import type { Devices } from './devices';
import type { AfterPassword, DeviceCookie, FactorChecks, TwoFactorServiceDeps } from './checks';
import { hashCode, newEmailCode } from './codes';
import {
  afterPassword as decideAfterPassword,
  holdsAdministration,
  isRequired,
  resendWaitMs,
  STEP_MS,
} from './decide';

/** The sign-in's side of the second step: what a right password leads to, and the codes sent by email. */
export function createSignInSteps(
  deps: TwoFactorServiceDeps,
  checks: FactorChecks,
  challenges: Challenges,
  devices: Devices,
) {
  const { repo, clock, log, limits } = deps;

  return {
    /** Decides what a right password leads to (decide.ts), then opens the second step it needs. */
    async afterPassword(
      user: SessionUser,
      tokenVersion: number,
      device: DeviceCookie | null,
    ): Promise<AfterPassword> {
      const factors = await checks.secondFactorsOf(user.id);
      const required = isRequired(user, await checks.readRules());
      const administers = holdsAdministration(user);
      const decision = decideAfterPassword({
        factors,
        required,
        administers,
        // Only asked when it matters: the cookie is checked against the database.
        trustedDevice:
          factors.length === 0 && (administers || required) && (await devices.isTrusted(user.id, device)),
        mailConfigured: deps.mailConfigured,
      });
      if (decision.warnNoMail) {
        log.warn(
          { userId: user.id },
          'administrator signed in from a new device without an emailed code: SMTP_URL is not set',
        );
      }
      if (decision.kind === 'session') return { kind: 'session' };
      const emailCode = decision.factors.includes('email') ? newEmailCode() : null;
      if (emailCode) await limits.emailCodeSends.spend(String(user.id));
      const opened = await challenges.open(user, tokenVersion, {
        factors: decision.factors,
        needsSetup: decision.needsSetup,
        emailCode,
        ttlMs: STEP_MS[decision.step],
      });
      if (emailCode) await checks.sendSignInCode(user, emailCode);
      return opened;
    },

    /**
     * «Reenviar código»: a new emailed code for the same sign-in, at most one a minute (EMAIL_CODE_RESEND_SECONDS),
     * each spending a point of the second step's budgets and of the account's emailed codes, so resends cannot
     * flood a mailbox.
     */
    async resendEmailCode(token: string, ip: string): Promise<void> {
      const challenge = await challenges.live(token);
      if (!challenge.factors.includes('email') || !challenge.email_code_hash) throw badRequest(T.noEmailStep);
      const now = clock.now();
      const waitMs = resendWaitMs(challenge.email_code_expires_at, now);
      if (waitMs > 0) throw tooManyRequests(T.resendWait, Math.ceil(waitMs / 1000));
      await spendAll([
        ...checks.accountTries(challenge.user_id),
        [limits.secondStepByIp, ip],
        [limits.emailCodeSends, String(challenge.user_id)],
      ]);
      const account = await repo.findAccount(challenge.user_id);
      if (!account) throw unauthorized(T.stepExpired);
      const code = newEmailCode();
      const replaced = await repo.replaceEmailCode(
        challenge.id_hash,
        { hash: hashCode(code), expires_at: new Date(now.getTime() + STEP_MS.long).toISOString() },
        new Date(now.getTime() + STEP_MS.long - EMAIL_CODE_RESEND_SECONDS * 1000).toISOString(),
      );
      if (!replaced) throw tooManyRequests(T.resendWait, EMAIL_CODE_RESEND_SECONDS);
      await checks.sendSignInCode(account, code);
    },
  };
}
