import { ACCOUNT_MESSAGES } from '@app/contracts';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from '../../lib/errors';

export interface AccountLimits {
  /** Registration attempts allowed per client IP in the window. */
  registerPerIp: number;
  /** Password-recovery requests allowed per client IP in the window. */
  recoveryPerIp: number;
  windowSeconds: number;
  /** Minimum time between two recovery emails to the same account. */
  recoveryEmailIntervalSeconds: number;
}

export const DEFAULT_ACCOUNT_LIMITS: AccountLimits = {
  registerPerIp: 10,
  recoveryPerIp: 10,
  windowSeconds: 60 * 60,
  recoveryEmailIntervalSeconds: 60,
};

/** A per-IP budget: each call spends one point; over the budget the caller gets a Spanish 429. */
export function createIpLimiter(keyPrefix: string, points: number, windowSeconds: number) {
  const limiter = new RateLimiterMemory({ keyPrefix, points, duration: windowSeconds });
  return {
    async consume(ip: string): Promise<void> {
      try {
        await limiter.consume(ip);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          throw tooManyRequests(ACCOUNT_MESSAGES.tooManyRequests, rejection.msBeforeNext / 1000);
        }
        throw rejection;
      }
    },
  };
}

export type IpLimiter = ReturnType<typeof createIpLimiter>;
