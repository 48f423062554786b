import {
  EMAIL_CODE_RESEND_SECONDS,
  TRUSTED_DEVICE_DAYS,
  TWO_FACTOR_MESSAGES as T,
  type SecondFactor,
  type SessionUser,
} from '@app/contracts';
import { badRequest, tooManyRequests, unauthorized } from '../../lib/errors';
import { spendAll } from '../../lib/rate-limits';
import type { Challenges } from './challenges';
import type { AfterPassword, DeviceCookie, FactorChecks, TwoFactorServiceDeps } from './checks';
import { hashCode, newEmailCode, randomToken } from './codes';
import {
  afterPassword as decideAfterPassword,
  deviceAfterSignIn,
  holdsAdministration,
  isRequired,
  resendWaitMs,
  STEP_MS,
} from './decide';
import { newDeviceEmail } from './emails';

const DAY_MS = 24 * 60 * 60_000;

/** The sign-in's side of the second step: what a right password leads to, codes by email, remembered browsers. */
export function createSignInSteps(deps: TwoFactorServiceDeps, checks: FactorChecks, challenges: Challenges) {
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
          factors.length === 0 && (administers || required) && (await challenges.isTrusted(user.id, device)),
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

    /**
     * After a session opened: an administrator's browser is remembered for a while (no emailed code from it),
     * and a device new to the account is told to its owner by email (decide.ts says which).
     */
    async afterSignIn(
      user: SessionUser,
      sessionId: string,
      device: DeviceCookie | null,
      method: SecondFactor | null,
    ): Promise<DeviceCookie | null> {
      const administers = holdsAdministration(user);
      const trusted = administers && !!device && (await challenges.isTrusted(user.id, device));
      const decision = deviceAfterSignIn({ administers, trusted, method });
      if (decision.kind === 'touch' && device) {
        await repo.touchTrustedDevice(user.id, hashCode(device.deviceId), sessionId);
      }
      if (decision.kind !== 'remember') return null;
      const account = await repo.findAccount(user.id);
      if (!account) return null;
      const deviceId = randomToken();
      await repo.trustDevice({
        user_id: user.id,
        device_hash: hashCode(deviceId),
        epoch: account.token_version,
        session_id: sessionId,
        expires_at: new Date(clock.now().getTime() + TRUSTED_DEVICE_DAYS * DAY_MS).toISOString(),
      });
      if (decision.tellOwner) await checks.notify(newDeviceEmail(user, `${deps.publicUrl()}/perfil`));
      return { userId: user.id, deviceId };
    },
  };
}
