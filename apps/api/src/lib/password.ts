import { hash, verify, type Options } from '@node-rs/argon2';
import { verify as verifyBcrypt } from '@node-rs/bcrypt';

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane).
// `algorithm: 2` is Algorithm.Argon2id (a const enum, which isolated modules cannot import).
const OPTIONS: Options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

/** bcrypt as PHP's `password_hash()` (`$2y$`) and other libraries (`$2a$`, `$2b$`) write it. */
const BCRYPT = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;
const ARGON2ID = /^\$argon2id\$v=\d+\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/;

/** The stored hash of an account that has no usable password yet (imported without one): nothing verifies. */
export const NO_PASSWORD = '!';

export type HashKind = 'argon2id' | 'bcrypt';

/** Which hash an imported `password_hash` value is, or null when this app cannot verify it. */
export function hashKind(passwordHash: string): HashKind | null {
  if (ARGON2ID.test(passwordHash)) return 'argon2id';
  if (BCRYPT.test(passwordHash)) return 'bcrypt';
  return null;
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  // An account without a password yet costs the same work as a wrong one (no timing tells them apart).
  if (passwordHash === NO_PASSWORD) return verifyAgainstDummy(password);
  try {
    if (BCRYPT.test(passwordHash)) return await verifyBcrypt(password, passwordHash);
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * Checks a password and says whether its stored hash should be replaced by an argon2id one (a bcrypt hash
 * brought from the PHP application): the sign-in that proved the password stores the new hash.
 */
export async function checkPassword(
  passwordHash: string,
  password: string,
): Promise<{ valid: boolean; needsRehash: boolean }> {
  const valid = await verifyPassword(passwordHash, password);
  return { valid, needsRehash: valid && hashKind(passwordHash) !== 'argon2id' };
}

let dummyHash: Promise<string> | undefined;

/** Spends the same work as a real check, so an unknown email answers as slowly as a wrong password. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}
