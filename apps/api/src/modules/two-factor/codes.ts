import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { BACKUP_CODE_COUNT, TOTP_DIGITS, TOTP_ISSUER, TOTP_PERIOD_SECONDS } from '@app/contracts';
import { Secret, TOTP } from 'otpauth';

/** The hash kept of a code or token: SHA-256, hex. The codes are random, so no salt or slow hash is needed. */
export const hashCode = (value: string): string => createHash('sha256').update(value).digest('hex');

/** Equal-time comparison of two hashes of the same length. */
export const sameHash = (a: string, b: string): boolean =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export const randomToken = (): string => randomBytes(24).toString('base64url');

/** A 6-digit code for the email, uniformly drawn. */
export const newEmailCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Letters and digits that cannot be taken for each other when copied by hand. */
const BACKUP_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten backup codes, shown as xxxxx-xxxxx; kept as the hash of their ten characters. */
export function newBackupCodes(): { shown: string[]; hashes: string[] } {
  const shown = Array.from({ length: BACKUP_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => BACKUP_ALPHABET[randomInt(BACKUP_ALPHABET.length)]).join(
      '',
    );
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  return { shown, hashes: shown.map((code) => hashCode(code.replace('-', ''))) };
}

/** A new authenticator secret (160 bits, as RFC 4226 recommends), in base32. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

const totpOf = (secret: string, label = '') =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/** The otpauth:// URI an authenticator app reads from the QR code. */
export const otpauthUri = (secret: string, account: string): string => totpOf(secret, account).toString();

/**
 * The time step a code belongs to, within one step either side of `now` (a phone's clock drifts), or null.
 * Which step matters: the caller accepts each step once.
 */
export function matchTotpStep(secret: string, code: string, now: Date): number | null {
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return totp.counter({ timestamp: now.getTime() }) + delta;
}
