import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ACCOUNT_MESSAGES, AI_MESSAGES, MESSAGES, TWO_FACTOR_MESSAGES } from '@app/contracts';
import Database from 'better-sqlite3';
import pg from 'pg';
import {
  RateLimiterPostgres,
  RateLimiterRes,
  RateLimiterSQLite,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { DatabaseTarget } from '../config';
import { tooManyRequests } from './errors';

/**
 * Every rate limit of the API, kept in the database (rate-limiter-flexible) so that two API nodes on one
 * database agree. A store builds limiters; `createRateLimits` builds all of them from one store. Another
 * engine (PostgreSQL) only needs its own `LimiterStore`.
 */

export interface LoginLimits {
  /** Login attempts allowed per account in the window from browsers not known to that account. */
  perAccount: number;
  /** Login attempts allowed per client IP in the window (higher: several members may share an address). */
  perIp: number;
  /** Login attempts allowed per known device of an account (a browser that signed in to it before). */
  perKnownDevice: number;
  windowSeconds: number;
}

const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  perAccount: 5,
  perIp: 20,
  perKnownDevice: 5,
  windowSeconds: 15 * 60,
};

/** Second-step tries (codes from the app, backup codes, emailed codes): per account and per client IP. */
export interface SecondStepLimits {
  perAccount: number;
  perIp: number;
  windowSeconds: number;
}

const DEFAULT_SECOND_STEP_LIMITS: SecondStepLimits = {
  perAccount: 10,
  perIp: 30,
  windowSeconds: 15 * 60,
};

export interface AccountLimits {
  /** Registration attempts allowed per client IP in the window. */
  registerPerIp: number;
  /** Password-recovery requests allowed per client IP in the window. */
  recoveryPerIp: number;
  windowSeconds: number;
  /** Minimum time between two recovery emails to the same account (kept by the reset-token rows). */
  recoveryEmailIntervalSeconds: number;
}

export const DEFAULT_ACCOUNT_LIMITS: AccountLimits = {
  registerPerIp: 10,
  recoveryPerIp: 10,
  windowSeconds: 60 * 60,
  recoveryEmailIntervalSeconds: 60,
};

/** Sign-in codes one account may be emailed in an hour. */
export const EMAIL_CODE_SENDS_PER_HOUR = 5;
/**
 * Passkey sign-in options one client IP may ask for in the login window: the login screen asks at every visit
 * (the browser's autofill) and a shared address serves many members, so the limit bounds the challenges one
 * address can store (they expire in minutes) rather than anyone's sign-ins.
 */
export const PASSKEY_OPTIONS_PER_IP = 600;

/** Checkout Sessions one client IP may start in the accounts' window (each is a call to Stripe). */
export const CHECKOUT_PER_IP = 30;

export interface GenerationLimits {
  /** Generations allowed per user in the window, across both AI tools (they spend the same quota). */
  points: number;
  windowSeconds: number;
}

const DEFAULT_GENERATION_LIMITS: GenerationLimits = { points: 20, windowSeconds: 60 };

export interface RateLimitSettings {
  login: LoginLimits;
  accounts: AccountLimits;
  generation: GenerationLimits;
  secondStep: SecondStepLimits;
}

export interface LimiterOptions {
  keyPrefix: string;
  points: number;
  /** Window in seconds, counted from the first point spent. */
  duration: number;
}

/** Runs a limiter's call where it cannot wait on the app's own write lock (see openLimiterStore). */
export type RunAlone = <T>(work: () => Promise<T>) => Promise<T>;

/** Where limiter counters live. */
export interface LimiterStore {
  build(options: LimiterOptions): RateLimiterAbstract;
  alone: RunAlone;
  close(): void;
}

/** rate-limiter-flexible reports a failed table set-up with whatever its driver threw. */
const asError = (error: unknown): Error =>
  error instanceof Error ? error : new Error(`rate limit store: ${JSON.stringify(error)}`);

/** The table rate-limiter-flexible keeps every limit's counters in, on either engine. */
export const RATE_LIMIT_TABLE = 'rate_limits';

/**
 * The SQLite store: its own connection to the database file, so a limiter never runs inside a transaction of
 * the app's connections (and never waits for their write lock). ':memory:' (tests) is a private database.
 */
async function openSqliteLimiterStore(databasePath: string, alone: RunAlone): Promise<LimiterStore> {
  if (databasePath !== ':memory:') mkdirSync(path.dirname(databasePath), { recursive: true });
  const client = new Database(databasePath);
  client.pragma('journal_mode = WAL');
  client.pragma('busy_timeout = 5000');
  const common = {
    storeClient: client,
    storeType: 'better-sqlite3' as const,
    tableName: RATE_LIMIT_TABLE,
    clearExpiredByTimeout: false,
  };
  // The first limiter creates the table (the library's own schema); the others reuse it.
  await new Promise<void>((resolve, reject) => {
    new RateLimiterSQLite({ ...common, keyPrefix: 'setup', points: 1, duration: 1 }, (error?: unknown) =>
      error ? reject(asError(error)) : resolve(),
    );
  });
  return {
    build: (options) => new RateLimiterSQLite({ ...common, ...options, tableCreated: true }),
    alone,
    close: () => client.close(),
  };
}

/**
 * The PostgreSQL store: a small pool of its own on the same database, so every node counts in one table and a
 * limiter never waits for the app's pool.
 */
async function openPgLimiterStore(url: string): Promise<LimiterStore> {
  const pool = new pg.Pool({ connectionString: url, max: 4, connectionTimeoutMillis: 5_000 });
  // A lost idle connection is replaced by the pool; without a listener it would end the process.
  pool.on('error', () => undefined);
  const common = {
    storeClient: pool,
    storeType: 'pool' as const,
    tableName: RATE_LIMIT_TABLE,
    clearExpiredByTimeout: false,
  };
  await new Promise<void>((resolve, reject) => {
    new RateLimiterPostgres({ ...common, keyPrefix: 'setup', points: 1, duration: 1 }, (error?: unknown) =>
      error ? reject(asError(error)) : resolve(),
    );
  });
  return {
    build: (options) => new RateLimiterPostgres({ ...common, ...options, tableCreated: true }),
    alone: (work) => work(),
    close: () => void pool.end(),
  };
}

/**
 * The limiter store of the database DATABASE_URL names. `alone` runs a limiter's read or write where the app's
 * own SQLite transactions cannot hold the file's write lock (AppDatabase.besideTransactions).
 */
export const openLimiterStore = (
  target: DatabaseTarget,
  alone: RunAlone = (work) => work(),
): Promise<LimiterStore> =>
  target.dialect === 'pg' ? openPgLimiterStore(target.url) : openSqliteLimiterStore(target.path, alone);

const digest = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 32);

/**
 * How a key is stored: as the start of its SHA-256, so the table holds no address, id or IP in the clear. A key
 * `account:device` keeps its two halves apart (split at the first colon; an IPv6 address stays one hash), so
 * an account's known devices can be found, and deleted at its erasure, from the account alone.
 */
const hashedKey = (key: string): string => {
  const colon = key.indexOf(':');
  return colon < 0 ? digest(key) : `${digest(key.slice(0, colon))}:${digest(key.slice(colon + 1))}`;
};

/** The budgets, by the prefix of their stored keys. */
const PREFIX = {
  loginAccount: 'login-account',
  loginIp: 'login-ip',
  loginDevice: 'login-device',
  secondStepAccount: 'second-step-account',
  secondStepIp: 'second-step-ip',
  reauth: 'reauth-account',
  emailCodes: 'email-code-account',
  passkeyOptions: 'passkey-options-ip',
  register: 'register-ip',
  recovery: 'recovery-ip',
  checkout: 'checkout-ip',
  generation: 'ai-generation',
} as const;

/**
 * The stored keys that name one account: exact keys, and the start of its known devices' keys. The erasure
 * deletes them; the IPs' keys are nobody's in particular and go with the daily purge once expired.
 */
export function accountRateLimitKeys(account: { id: number; email: string }): {
  exact: string[];
  prefixes: string[];
} {
  const id = hashedKey(String(account.id));
  return {
    exact: [
      `${PREFIX.loginAccount}:${hashedKey(account.email.trim().toLowerCase())}`,
      `${PREFIX.secondStepAccount}:${id}`,
      `${PREFIX.reauth}:${id}`,
      `${PREFIX.emailCodes}:${id}`,
      `${PREFIX.generation}:${id}`,
    ],
    prefixes: [`${PREFIX.loginDevice}:${id}:`],
  };
}

/** A rejection of consume(): the caller is over the limit (anything else is a store failure). */
const isOverLimit = (rejection: unknown): rejection is RateLimiterRes => rejection instanceof RateLimiterRes;

/** One budget: each call to spend() costs a point; over the budget the caller gets the Spanish 429. */
export class Budget {
  constructor(
    private readonly limiter: RateLimiterAbstract,
    private readonly message: string,
    private readonly alone: RunAlone = (work) => work(),
  ) {}

  /** Spends a point of `key`, or throws a 429 (with Retry-After) when the budget is spent. */
  async spend(key: string): Promise<void> {
    try {
      await this.alone(() => this.limiter.consume(hashedKey(key)));
    } catch (rejection) {
      if (isOverLimit(rejection)) throw tooManyRequests(this.message, rejection.msBeforeNext / 1000);
      throw rejection;
    }
  }

  /** Counts a failure against `key` without refusing the caller (who was limited by another budget). */
  async penalize(key: string): Promise<void> {
    await this.alone(() => this.limiter.penalty(hashedKey(key), 1));
  }

  /** Gives back the point a successful attempt spent. */
  async refund(key: string): Promise<void> {
    await this.alone(() => this.limiter.reward(hashedKey(key), 1));
  }

  /** Points spent by `key` in its current window. */
  async spent(key: string): Promise<number> {
    return (await this.alone(() => this.limiter.get(hashedKey(key))))?.consumedPoints ?? 0;
  }

  async reset(key: string): Promise<void> {
    await this.alone(() => this.limiter.delete(hashedKey(key)));
  }
}

/**
 * Spends a point of several budgets at once (an attempt counts against each), and throws the 429 of the first
 * one that is spent. Every point is spent before the caller does any work, so N simultaneous attempts cost N.
 */
export async function spendAll(spends: [Budget, string][]): Promise<void> {
  const results = await Promise.allSettled(spends.map(([budget, key]) => budget.spend(key)));
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

/** Every limiter of the app, built from one store. */
export function createRateLimits(store: LimiterStore, settings: Partial<RateLimitSettings> = {}) {
  const login = settings.login ?? DEFAULT_LOGIN_LIMITS;
  const accounts = settings.accounts ?? DEFAULT_ACCOUNT_LIMITS;
  const generation = settings.generation ?? DEFAULT_GENERATION_LIMITS;
  const secondStep = settings.secondStep ?? DEFAULT_SECOND_STEP_LIMITS;
  const budget = (keyPrefix: string, points: number, duration: number, message: string) =>
    new Budget(store.build({ keyPrefix, points, duration }), message, store.alone);

  return {
    loginByAccount: budget(
      PREFIX.loginAccount,
      login.perAccount,
      login.windowSeconds,
      MESSAGES.tooManyAttempts,
    ),
    loginByIp: budget(PREFIX.loginIp, login.perIp, login.windowSeconds, MESSAGES.tooManyAttempts),
    loginByDevice: budget(
      PREFIX.loginDevice,
      login.perKnownDevice,
      login.windowSeconds,
      MESSAGES.tooManyAttempts,
    ),
    /** Second-step codes, counted apart from passwords: a stolen password does not buy unlimited guesses. */
    secondStepByAccount: budget(
      PREFIX.secondStepAccount,
      secondStep.perAccount,
      secondStep.windowSeconds,
      MESSAGES.tooManyAttempts,
    ),
    secondStepByIp: budget(
      PREFIX.secondStepIp,
      secondStep.perIp,
      secondStep.windowSeconds,
      MESSAGES.tooManyAttempts,
    ),
    /** Sign-in codes emailed to one account (each right password sends one): a mailbox is not a target. */
    emailCodeSends: budget(
      PREFIX.emailCodes,
      EMAIL_CODE_SENDS_PER_HOUR,
      60 * 60,
      TWO_FACTOR_MESSAGES.tooManyEmailCodes,
    ),
    /** Passkey sign-in options per client IP: each one stores a challenge. */
    passkeyOptions: budget(
      PREFIX.passkeyOptions,
      PASSKEY_OPTIONS_PER_IP,
      login.windowSeconds,
      MESSAGES.tooManyAttempts,
    ),
    /** Re-entering the current password on the profile page: limited like a login, per account. */
    reauth: budget(PREFIX.reauth, login.perAccount, login.windowSeconds, MESSAGES.tooManyAttempts),
    register: budget(
      PREFIX.register,
      accounts.registerPerIp,
      accounts.windowSeconds,
      ACCOUNT_MESSAGES.tooManyRequests,
    ),
    recovery: budget(
      PREFIX.recovery,
      accounts.recoveryPerIp,
      accounts.windowSeconds,
      ACCOUNT_MESSAGES.tooManyRequests,
    ),
    recoveryEmailIntervalSeconds: accounts.recoveryEmailIntervalSeconds,
    checkout: budget(
      PREFIX.checkout,
      CHECKOUT_PER_IP,
      accounts.windowSeconds,
      ACCOUNT_MESSAGES.tooManyRequests,
    ),
    /** AI generations per user, across both AI tools. */
    generation: budget(
      PREFIX.generation,
      generation.points,
      generation.windowSeconds,
      AI_MESSAGES.rateLimited,
    ),
  };
}

export type RateLimits = ReturnType<typeof createRateLimits>;
