import { hash, verify, type Options } from '@node-rs/argon2';
import { verify as verifyBcrypt } from '@node-rs/bcrypt';
import { inTestRunner } from '../config';

// `algorithm: 2` is Algorithm.Argon2id (a const enum, which isolated modules cannot import).
/** OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane): what every server and command writes. */
export const ARGON2ID_BASELINE = {
  algorithm: 2,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} satisfies Options;

/**
 * The cost inside the test runner's workers only: 1 MiB, 1 pass (Rails' `min_cost` and Devise's `stretches`
 * in their test environments). The suite signs in and sets passwords thousands of times; at the baseline's
 * 9 ms a hash, the SQLite project took 166 CPU-s, and 127 at this cost. Still argon2id, written and checked by
 * the same code.
 */
const TEST_RUNNER_COST = { ...ARGON2ID_BASELINE, memoryCost: 1024, timeCost: 1 } satisfies Options;

/** The parameters of every hash this process writes; a stored hash below them is replaced at sign-in. */
export const ARGON2ID_OPTIONS = inTestRunner() ? TEST_RUNNER_COST : ARGON2ID_BASELINE;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2ID_OPTIONS);

/** bcrypt as PHP's `password_hash()` (`$2y$`) and other libraries (`$2a$`, `$2b$`) write it. */
const BCRYPT = /^\$2[aby]\$(\d{2})\$[./A-Za-z0-9]{53}$/;
const ARGON2ID = /^\$argon2id\$v=(\d+)\$m=(\d+),t=(\d+),p=(\d+)\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/;

/** bcrypt reads only this many bytes of a password: a longer one cannot be checked whole. */
const BCRYPT_MAX_BYTES = 72;

/**
 * The work a stored hash may ask of the shared hashing threads (a costlier one stalls every sign-in). bcrypt:
 * cost 4 to 14. argon2id: at most twice OWASP's recommendations, which trade memory for passes at about the
 * same work: memory up to twice their largest (46 MiB), passes up to twice their most (5), memory times passes
 * up to twice their work, and up to twice their single lane.
 */
const HASH_BOUNDS = {
  bcryptCost: { min: 4, max: 14 },
  argon2id: { memoryKib: 2 * 47104, passes: 2 * 5, work: 2 * 47104, lanes: 2 },
} as const;

/** The stored hash of an account that has no usable password yet (imported without one): nothing verifies. */
export const NO_PASSWORD = '!';

export type HashKind = 'argon2id' | 'bcrypt';

/** Which hash an imported `password_hash` value is, or null when this app cannot verify it. */
export function hashKind(passwordHash: string): HashKind | null {
  if (ARGON2ID.test(passwordHash)) return 'argon2id';
  if (BCRYPT.test(passwordHash)) return 'bcrypt';
  return null;
}

function argon2Params(passwordHash: string) {
  const [, version, m, t, p] = ARGON2ID.exec(passwordHash) ?? [];
  if (version === undefined) return null;
  return { version: Number(version), m: Number(m), t: Number(t), p: Number(p) };
}

/** Whether a hash of a known kind asks no more work than HASH_BOUNDS allow (and is one argon2 can run). */
export function withinBounds(passwordHash: string): boolean {
  const argon2 = argon2Params(passwordHash);
  if (argon2) {
    const max = HASH_BOUNDS.argon2id;
    const { m, t, p } = argon2;
    return (
      p >= 1 &&
      p <= max.lanes &&
      t >= 1 &&
      t <= max.passes &&
      m >= 8 * p &&
      m <= max.memoryKib &&
      m * t <= max.work
    );
  }
  const cost = BCRYPT.exec(passwordHash)?.[1];
  if (cost === undefined) return false;
  return Number(cost) >= HASH_BOUNDS.bcryptCost.min && Number(cost) <= HASH_BOUNDS.bcryptCost.max;
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  // An account without a password yet, a hash that would stall the hashing threads, and a password bcrypt
  // would only read in part all cost the same work as a wrong password and get its answer.
  if (passwordHash === NO_PASSWORD || !withinBounds(passwordHash)) return verifyAgainstDummy(password);
  try {
    if (hashKind(passwordHash) === 'bcrypt') {
      if (Buffer.byteLength(password, 'utf8') > BCRYPT_MAX_BYTES) return await verifyAgainstDummy(password);
      return await verifyBcrypt(password, passwordHash);
    }
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Whether a hash is weaker than the ones this app writes (bcrypt, or argon2id with less memory or passes). */
function belowOurs(passwordHash: string): boolean {
  const argon2 = argon2Params(passwordHash);
  if (!argon2) return true;
  return (
    argon2.version < 19 || argon2.m < ARGON2ID_OPTIONS.memoryCost || argon2.t < ARGON2ID_OPTIONS.timeCost
  );
}

/**
 * Checks a password and says whether its stored hash should be replaced by one with the current parameters (a
 * bcrypt hash brought from the PHP application, a weak imported argon2id): the sign-in that proved the password
 * stores the new hash.
 */
export async function checkPassword(
  passwordHash: string,
  password: string,
): Promise<{ valid: boolean; needsRehash: boolean }> {
  const valid = await verifyPassword(passwordHash, password);
  return { valid, needsRehash: valid && belowOurs(passwordHash) };
}

let dummyHash: Promise<string> | undefined;

/** Spends the same work as a real check, so an unknown email answers as slowly as a wrong password. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  await verify(await dummyHash, password).catch(() => false);
  return false;
}
