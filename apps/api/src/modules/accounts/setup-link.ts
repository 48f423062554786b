import { randomBytes } from 'node:crypto';
import { PASSWORD_SETUP_TTL_DAYS } from '@app/contracts';
import { hashToken } from './service';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A link to choose a password for an account that has none (imported, or made by a payment): one definition for
 * every module that issues one. Only `hash` is stored; `token` travels in the email alone.
 */
export function newSetupLink(now: Date): { token: string; hash: string; createdAt: Date; expiresAt: Date } {
  const token = randomBytes(32).toString('base64url');
  return {
    token,
    hash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + PASSWORD_SETUP_TTL_DAYS * DAY_MS),
  };
}

/** Where a set-up or recovery link leads: the page that chooses the password. */
export const passwordLinkUrl = (base: string, token: string): string =>
  `${base}/reset-password?token=${encodeURIComponent(token)}`;
