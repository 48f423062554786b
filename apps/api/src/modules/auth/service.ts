import { hashDeviceId } from '../../plugins/session';
import { MESSAGES, type LoginBody, type SessionUser } from '@app/contracts';
import { AppError, unauthorized } from '../../lib/errors';
import { checkPassword, hashPassword, verifyAgainstDummy } from '../../lib/password';
import { spendAll, type Budget, type RateLimits } from '../../lib/rate-limits';
import type { SessionRepo } from './repo';

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** A browser that signed in to an account before (from its signed known-device cookie). */
export interface KnownDevice {
  userId: number;
  deviceId: string;
}

export interface AuthServiceDeps {
  repo: SessionRepo;
  limits: Pick<RateLimits, 'loginByAccount' | 'loginByIp' | 'loginByDevice'>;
}

export function createAuthService({ repo, limits }: AuthServiceDeps) {
  return {
    /**
     * Checks credentials. Every attempt spends its points before the password is verified (and gets them back
     * when it succeeds), so simultaneous attempts cannot pass the limits. A browser that completed a sign-in to
     * this account under its current epoch has a budget of its own: strangers' failures (per account, per IP) do
     * not lock it out, while its own failures also count against the account. An unknown email costs the same
     * work and gets the same answer as a wrong password; an inactive account is told so only after its password
     * was proven.
     */
    async login(
      body: LoginBody,
      client: { ip: string; device: KnownDevice | null },
    ): Promise<{
      user: SessionUser;
      session: { id: number; token_version: number };
    }> {
      const email = normalizeEmail(body.email);
      const found = await repo.findUserForLogin(email);
      const known =
        found &&
        client.device?.userId === found.user.id &&
        (await repo.isKnownDevice(found.user.id, hashDeviceId(client.device.deviceId), found.token_version))
          ? client.device
          : null;
      const spends: [Budget, string][] = known
        ? [[limits.loginByDevice, `${known.userId}:${known.deviceId}`]]
        : [
            [limits.loginByAccount, email],
            [limits.loginByIp, client.ip],
          ];
      await spendAll(spends);
      const { valid, needsRehash } = found
        ? await checkPassword(found.password_hash, body.password)
        : { valid: await verifyAgainstDummy(body.password), needsRehash: false };
      if (!found || !valid) {
        if (known) await limits.loginByAccount.penalize(email);
        throw unauthorized(MESSAGES.invalidCredentials);
      }
      // A hash brought from the PHP application (bcrypt) or a weak imported argon2id gets the current
      // parameters at the first sign-in that proves it.
      if (needsRehash) {
        await repo.replacePasswordHash(found.user.id, found.password_hash, await hashPassword(body.password));
      }
      await Promise.all(spends.map(([budget, key]) => budget.refund(key)));
      if (!found.is_active) throw new AppError(403, MESSAGES.inactiveAccount);
      return {
        user: found.user,
        session: { id: found.user.id, token_version: found.token_version },
      };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
