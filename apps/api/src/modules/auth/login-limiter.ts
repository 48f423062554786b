import { MESSAGES } from '@app/contracts';
import { RateLimiterMemory, type RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from '../../lib/errors';

export interface LoginLimits {
  /** Failed logins allowed per account in the window. */
  perAccount: number;
  /** Failed logins allowed per client IP in the window (higher: several members may share an address). */
  perIp: number;
  windowSeconds: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { perAccount: 5, perIp: 20, windowSeconds: 15 * 60 };

/** Counts failed logins per account and per IP; a caller over either limit is refused before any check. */
export function createLoginLimiter(limits: LoginLimits = DEFAULT_LOGIN_LIMITS) {
  const byAccount = new RateLimiterMemory({
    keyPrefix: 'login-account',
    points: limits.perAccount,
    duration: limits.windowSeconds,
  });
  const byIp = new RateLimiterMemory({
    keyPrefix: 'login-ip',
    points: limits.perIp,
    duration: limits.windowSeconds,
  });

  const blockedFor = (res: RateLimiterRes | null, points: number) =>
    res && res.consumedPoints >= points ? res.msBeforeNext / 1000 : 0;

  return {
    async assertAllowed(account: string, ip: string): Promise<void> {
      const [accountRes, ipRes] = await Promise.all([byAccount.get(account), byIp.get(ip)]);
      const wait = Math.max(blockedFor(accountRes, limits.perAccount), blockedFor(ipRes, limits.perIp));
      if (wait > 0) throw tooManyRequests(MESSAGES.tooManyAttempts, wait);
    },

    async recordFailure(account: string, ip: string): Promise<void> {
      // consume() rejects once the limit is passed; the next assertAllowed() refuses, so that is not an error.
      await Promise.allSettled([byAccount.consume(account), byIp.consume(ip)]);
    },

    async recordSuccess(account: string): Promise<void> {
      await byAccount.delete(account);
    },
  };
}

export type LoginLimiter = ReturnType<typeof createLoginLimiter>;
