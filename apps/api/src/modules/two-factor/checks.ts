import {
  TWO_FACTOR_MESSAGES as T,
  TwoFactorRules,
  type SecondFactor,
  type SecondStep,
  type SessionUser,
  type TotpSetup,
} from '@app/contracts';
import type { Mailer } from '../../integrations/mailer';
import type { Clock } from '../../lib/clock';
import { badRequest, conflict, unauthorized } from '../../lib/errors';
import { checkPassword } from '../../lib/password';
import { spendAll, type Budget, type RateLimits } from '../../lib/rate-limits';
import type { HistoryRecorder } from '../history';
import { codeKind, factorsOf } from './decide';
import { hashCode, matchTotpStep, newBackupCodes, newTotpSecret, otpauthUri } from './codes';
import { createNotices } from './notices';
import { RULES_KEY, type TwoFactorRepo } from './repo';

/** The browser's remembered-device cookie, as read and checked for its signature. */
export interface DeviceCookie {
  userId: number;
  deviceId: string;
}

export interface TwoFactorServiceDeps {
  repo: TwoFactorRepo;
  clock: Clock;
  mailer: Mailer;
  /** SMTP_URL is set: an emailed code can reach its reader. */
  mailConfigured: boolean;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  history: HistoryRecorder;
  limits: Pick<RateLimits, 'secondStepByAccount' | 'secondStepByIp' | 'reauth' | 'emailCodeSends'>;
  publicUrl: () => string;
  /** The signed-in user as a session shows it (role, permissions), by email. */
  loadSessionUser: (email: string) => Promise<{ user: SessionUser; token_version: number } | undefined>;
}

/** What follows a right password: a session now, or a second step first (the raw token goes in a cookie). */
export type AfterPassword =
  { kind: 'session' } | { kind: 'challenge'; token: string; ttlSeconds: number; answer: SecondStep };

/** What follows a second step: the session, or (an emailed code accepted) the required set-up. */
export type AfterSecondStep =
  | { kind: 'session'; user: SessionUser; token_version: number; method: SecondFactor }
  | { kind: 'setup'; answer: SecondStep };

const DEFAULT_RULES: TwoFactorRules = { require_admins: false, required_role_ids: [] };

/** The acts the service's parts share: reading factors and rules, checking codes and passwords, and notices. */
export function createFactorChecks(deps: TwoFactorServiceDeps) {
  const { repo, clock, limits } = deps;
  const now = () => clock.now().toISOString();

  /** Checks a code from the app: within the drift window and for a step not used before. */
  async function checkTotp(userId: number, secret: string, code: string, confirm = false): Promise<void> {
    const at = clock.now();
    const step = matchTotpStep(secret, code, at);
    if (step === null) throw badRequest(T.invalidCode, 'code');
    if (!(await repo.takeTotpStep(userId, step, confirm ? at.toISOString() : undefined))) {
      throw badRequest(T.codeUsed, 'code');
    }
  }

  /** Spends a point of each second-step budget; the caller refunds them when the code was right. */
  async function withTries<R>(spends: [Budget, string][], work: () => Promise<R>): Promise<R> {
    await spendAll(spends);
    const result = await work();
    await Promise.all(spends.map(([budget, key]) => budget.refund(key)));
    return result;
  }

  return {
    ...createNotices(deps),
    checkTotp,
    /** The factors an account has (decide.ts says which count). */
    secondFactorsOf: async (userId: number): Promise<SecondFactor[]> =>
      factorsOf({
        totp: !!(await repo.findTotp(userId))?.confirmed_at,
        backupCodes: await repo.unusedBackupCodes(userId),
        passkeys: await repo.countPasskeys(userId),
      }),
    withTries,
    /** The account's tries at a second step, across nodes. */
    accountTries: (userId: number): [Budget, string][] => [[limits.secondStepByAccount, String(userId)]],
    async readRules(): Promise<TwoFactorRules> {
      const raw = await repo.readSetting(RULES_KEY);
      if (!raw) return DEFAULT_RULES;
      const parsed = TwoFactorRules.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : DEFAULT_RULES;
    },

    /** A code of either kind (the app's or a backup code), for turning the factor off or a sensitive action. */
    async checkAnyCode(userId: number, code: string): Promise<void> {
      const typed = codeKind(code);
      const totp = typed?.kind === 'totp' ? await repo.findTotp(userId) : undefined;
      if (typed?.kind === 'totp' && totp?.confirmed_at) return checkTotp(userId, totp.secret, typed.code);
      if (typed?.kind === 'backup' && (await repo.spendBackupCode(userId, hashCode(typed.code), now())))
        return;
      throw badRequest(T.invalidCode, 'code');
    },

    async checkPasswordOf(userId: number, password: string): Promise<void> {
      const account = await repo.findAccount(userId);
      if (!account) throw unauthorized();
      const key = String(userId);
      await limits.reauth.spend(key);
      const { valid } = await checkPassword(account.password_hash, password);
      if (!valid) throw badRequest(T.wrongPassword, 'password');
      await limits.reauth.refund(key);
    },

    async totpSetupFor(user: { id: number; email: string }): Promise<TotpSetup> {
      const secret = newTotpSecret();
      if (!(await repo.startTotp(user.id, secret))) throw conflict(T.alreadyOn);
      const uri = otpauthUri(secret, user.email);
      const { default: QRCode } = await import('qrcode');
      const qr_svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return { secret, uri, qr_svg };
    },

    /** Confirms the app with its first code and gives ten backup codes (shown once). */
    async confirmTotpFor(userId: number, code: string): Promise<string[]> {
      const totp = await repo.findTotp(userId);
      if (!totp || totp.confirmed_at) throw conflict(totp ? T.alreadyOn : T.noSetup);
      await checkTotp(userId, totp.secret, code, true);
      const codes = newBackupCodes();
      await repo.replaceBackupCodes(userId, codes.hashes);
      return codes.shown;
    },
  };
}

export type FactorChecks = ReturnType<typeof createFactorChecks>;
