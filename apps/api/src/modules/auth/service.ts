import { MESSAGES, type LoginBody, type SessionUser } from '@app/contracts';
import { AppError, unauthorized } from '../../lib/errors';
import { verifyAgainstDummy, verifyPassword } from '../../lib/password';
import type { LoginLimiter } from './login-limiter';
import type { SessionRepo } from './repo';

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export interface AuthServiceDeps {
  repo: SessionRepo;
  limiter: LoginLimiter;
}

export function createAuthService({ repo, limiter }: AuthServiceDeps) {
  return {
    /**
     * Checks credentials. An unknown email costs the same work and gets the same answer as a wrong password;
     * an inactive account is told so only after its password was proven.
     */
    async login(
      body: LoginBody,
      ip: string,
    ): Promise<{ user: SessionUser; session: { id: number; token_version: number } }> {
      const email = normalizeEmail(body.email);
      await limiter.assertAllowed(email, ip);
      const found = await repo.findUserForLogin(email);
      const valid = found
        ? await verifyPassword(found.password_hash, body.password)
        : await verifyAgainstDummy(body.password);
      if (!found || !valid) {
        await limiter.recordFailure(email, ip);
        throw unauthorized(MESSAGES.invalidCredentials);
      }
      await limiter.recordSuccess(email);
      if (!found.is_active) throw new AppError(403, MESSAGES.inactiveAccount);
      return { user: found.user, session: { id: found.user.id, token_version: found.token_version } };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
