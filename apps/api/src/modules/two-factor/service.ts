import {
  ADMIN_TOOLS,
  EMAIL_CODE_MINUTES,
  EMAIL_CODE_RESEND_SECONDS,
  EMAIL_CODE_TRIES,
  grantsAdministration,
  isAdmin,
  MESSAGES,
  TRUSTED_DEVICE_DAYS,
  TWO_FACTOR_MESSAGES as T,
  TwoFactorRules,
  type SecondFactor,
  type SecondStep,
  type SessionUser,
  type TotpSetup,
  type TwoFactorStatus,
} from '@app/contracts';
import QRCode from 'qrcode';
import type { Mailer, MailMessage } from '../../integrations/mailer';
import type { Clock } from '../../lib/clock';
import { AppError, badRequest, conflict, notFound, tooManyRequests, unauthorized } from '../../lib/errors';
import { checkPassword } from '../../lib/password';
import { spendAll, type Budget, type RateLimits } from '../../lib/rate-limits';
import { moveEpoch } from '../accounts';
import { diff, type Actor, type HistoryRecorder } from '../history';
import {
  hashCode,
  matchTotpStep,
  newBackupCodes,
  newEmailCode,
  newTotpSecret,
  otpauthUri,
  randomToken,
  sameHash,
} from './codes';
import {
  codesRenewedEmail,
  newDeviceEmail,
  resetEmail,
  signInCodeEmail,
  totpOffEmail,
  totpOnEmail,
} from './emails';
import { afterPassword as decideAfterPassword } from './decide';
import { RULES_KEY, type ChallengeRow, type TwoFactorRepo } from './repo';

const MINUTE_MS = 60_000;
/** A second step with a code at hand (app or backup code) has five minutes; reading mail or setting up, ten. */
const QUICK_STEP_MS = 5 * MINUTE_MS;
const LONG_STEP_MS = EMAIL_CODE_MINUTES * MINUTE_MS;

/** Whoever holds a tool that administers the community counts as an administrator here. */
const holdsAdministration = (user: Pick<SessionUser, 'role' | 'permissions'>): boolean =>
  isAdmin(user) || grantsAdministration(user.permissions);

/** The browser's remembered-device cookie, as read and checked for its signature. */
export interface DeviceCookie {
  userId: number;
  deviceId: string;
}

interface Log {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface TwoFactorServiceDeps {
  repo: TwoFactorRepo;
  clock: Clock;
  mailer: Mailer;
  /** SMTP_URL is set: an emailed code can reach its reader. */
  mailConfigured: boolean;
  log: Log;
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

const maskEmail = (email: string): string => {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 1)}***@${domain}`;
};

const DEFAULT_RULES: TwoFactorRules = { require_admins: false, required_role_ids: [] };

/**
 * Stores the rules on first start: a new installation (no account yet) requires a second factor of
 * administrators when configured to; an existing one starts without the requirement, so an upgrade does not send
 * every administrator to set up an app at their next sign-in unannounced.
 */
export async function seedTwoFactorRules(
  repo: TwoFactorRepo,
  requireAdminsOnNewInstall: boolean,
): Promise<void> {
  if ((await repo.readSetting(RULES_KEY)) !== undefined) return;
  const isNew = (await repo.countUsers()) === 0;
  const rules: TwoFactorRules = { require_admins: isNew && requireAdminsOnNewInstall, required_role_ids: [] };
  await repo.seedSetting(RULES_KEY, JSON.stringify(rules));
}

/**
 * Removes a member's second factors (a lost phone): the member signs in with the password alone again, Historial
 * records who did it, and the member is emailed. From Configuración (`by: 'admin'`) or the server's command line.
 */
export async function resetTwoFactor(
  deps: Pick<TwoFactorServiceDeps, 'repo' | 'history' | 'mailer' | 'log' | 'publicUrl'>,
  actor: Actor,
  userId: number,
  by: 'admin' | 'server',
): Promise<void> {
  const { repo } = deps;
  const account = await repo.findAccount(userId);
  if (!account) throw notFound(MESSAGES.notFound);
  await repo.write(async (tx) => {
    await repo.removeFactors(tx, userId);
    await repo.removePasskeys(tx, userId);
    // Whoever held the lost phone signed in under the old factors: everything they were issued ends.
    await moveEpoch(tx, [userId], 'factors_reset');
    await deps.history.recordAction(actor, {
      kind: 'user.two_factor_reset',
      entity_type: 'user',
      entity_id: userId,
      label: account.username,
    });
  });
  try {
    await deps.mailer.send(resetEmail(account, by, `${deps.publicUrl()}/perfil`));
  } catch (error) {
    deps.log.error({ err: error, to: account.email }, 'two-factor email not sent');
  }
}

export function createTwoFactorService(deps: TwoFactorServiceDeps) {
  const { repo, clock, mailer, log, limits } = deps;
  const securityLink = () => `${deps.publicUrl()}/perfil`;
  const iso = (date: Date) => date.toISOString();

  /** Sends an account email; a failure is logged, never turned into a failed request (the change is made). */
  const notify = async (message: MailMessage): Promise<void> => {
    try {
      await mailer.send(message);
    } catch (error) {
      log.error({ err: error, to: message.to }, 'two-factor email not sent');
    }
  };

  async function readRules(): Promise<TwoFactorRules> {
    const raw = await repo.readSetting(RULES_KEY);
    if (!raw) return DEFAULT_RULES;
    const parsed = TwoFactorRules.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : DEFAULT_RULES;
  }

  const isRequired = (user: Pick<SessionUser, 'role' | 'role_id' | 'permissions'>, rules: TwoFactorRules) =>
    (rules.require_admins && holdsAdministration(user)) || rules.required_role_ids.includes(user.role_id);

  /**
   * The one place that says which second factors an account has. Passkeys join the list from their own table.
   */
  async function secondFactorsOf(userId: number): Promise<SecondFactor[]> {
    const factors: SecondFactor[] = [];
    const totp = await repo.findTotp(userId);
    if (totp?.confirmed_at) factors.push('totp');
    if (factors.length > 0 && (await repo.unusedBackupCodes(userId)) > 0) factors.push('backup');
    if ((await repo.countPasskeys(userId)) > 0) factors.push('passkey');
    return factors;
  }

  /** A device verified under the account's current epoch (a credential change forgets every device). */
  async function isTrusted(userId: number, device: DeviceCookie | null): Promise<boolean> {
    if (device?.userId !== userId) return false;
    const row = await repo.findTrustedDevice(userId, hashCode(device.deviceId), iso(clock.now()));
    const account = await repo.findAccount(userId);
    return !!row && !!account && row.epoch === account.token_version;
  }

  async function openChallenge(
    user: SessionUser,
    tokenVersion: number,
    options: {
      factors: readonly SecondFactor[];
      needsSetup: boolean;
      emailCode: string | null;
      ttlMs: number;
    },
  ): Promise<AfterPassword & { kind: 'challenge' }> {
    const now = clock.now();
    const token = randomToken();
    const expiresAt = new Date(now.getTime() + options.ttlMs);
    await repo.createChallenge(
      {
        id_hash: hashCode(token),
        user_id: user.id,
        factors: options.factors,
        needs_setup: options.needsSetup,
        email_code_hash: options.emailCode ? hashCode(options.emailCode) : null,
        email_code_expires_at: options.emailCode ? iso(new Date(now.getTime() + LONG_STEP_MS)) : null,
        token_version: tokenVersion,
        expires_at: iso(expiresAt),
      },
      iso(now),
    );
    return {
      kind: 'challenge',
      token,
      ttlSeconds: Math.round(options.ttlMs / 1000),
      answer: {
        second_step: {
          factors: [...options.factors],
          setup_required: options.needsSetup,
          email_sent_to: options.emailCode ? maskEmail(user.email) : null,
          expires_at: iso(expiresAt),
        },
      },
    };
  }

  /** The second step the token names, while the account epoch it was opened under is still the account's. */
  async function liveChallenge(token: string): Promise<ChallengeRow> {
    const challenge = await repo.findChallenge(hashCode(token), iso(clock.now()));
    if (!challenge) throw unauthorized(T.stepExpired);
    const account = await repo.findAccount(challenge.user_id);
    if (account?.token_version !== challenge.token_version) throw unauthorized(T.stepExpired);
    return challenge;
  }

  /** Ends the challenge and hands back the user to open the session for (the password must not have changed). */
  async function finish(challenge: ChallengeRow, method: SecondFactor): Promise<AfterSecondStep> {
    const account = await repo.findAccount(challenge.user_id);
    const found = account && (await deps.loadSessionUser(account.email.toLowerCase()));
    if (!account || !found || !account.is_active || found.token_version !== challenge.token_version) {
      throw unauthorized(T.stepExpired);
    }
    if (!(await repo.takeChallenge(challenge.id_hash))) throw unauthorized(T.stepExpired);
    return { kind: 'session', user: found.user, token_version: found.token_version, method };
  }

  /** Checks a code from the app: within the drift window and for a step not used before. */
  async function checkTotp(userId: number, secret: string, code: string, confirm = false): Promise<void> {
    const now = clock.now();
    const step = matchTotpStep(secret, code, now);
    if (step === null) throw badRequest(T.invalidCode, 'code');
    if (!(await repo.takeTotpStep(userId, step, confirm ? iso(now) : undefined))) {
      throw badRequest(T.codeUsed, 'code');
    }
  }

  /** A code of either kind (the app's or a backup code), for turning the factor off. */
  async function checkAnyCode(userId: number, code: string): Promise<void> {
    const compact = code.replace(/[\s-]+/g, '').toLowerCase();
    const totp = await repo.findTotp(userId);
    if (/^\d{6}$/.test(compact) && totp?.confirmed_at) return checkTotp(userId, totp.secret, compact);
    if (
      /^[a-z0-9]{10}$/.test(compact) &&
      (await repo.spendBackupCode(userId, hashCode(compact), iso(clock.now())))
    ) {
      return;
    }
    throw badRequest(T.invalidCode, 'code');
  }

  /** Spends a point of each second-step budget; the caller refunds them when the code was right. */
  async function withTries<R>(spends: [Budget, string][], work: () => Promise<R>): Promise<R> {
    await spendAll(spends);
    const result = await work();
    await Promise.all(spends.map(([budget, key]) => budget.refund(key)));
    return result;
  }

  async function checkPasswordOf(userId: number, password: string): Promise<void> {
    const account = await repo.findAccount(userId);
    if (!account) throw unauthorized();
    const key = String(userId);
    await limits.reauth.spend(key);
    const { valid } = await checkPassword(account.password_hash, password);
    if (!valid) throw badRequest(T.wrongPassword, 'password');
    await limits.reauth.refund(key);
  }

  async function totpSetupFor(user: { id: number; email: string }): Promise<TotpSetup> {
    const secret = newTotpSecret();
    if (!(await repo.startTotp(user.id, secret))) throw conflict(T.alreadyOn);
    const uri = otpauthUri(secret, user.email);
    const qr_svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return { secret, uri, qr_svg };
  }

  /** Confirms the app with its first code and gives ten backup codes (shown once). */
  async function confirmTotpFor(userId: number, code: string): Promise<string[]> {
    const totp = await repo.findTotp(userId);
    if (!totp || totp.confirmed_at) throw conflict(totp ? T.alreadyOn : T.noSetup);
    await checkTotp(userId, totp.secret, code, true);
    const codes = newBackupCodes();
    await repo.replaceBackupCodes(userId, codes.hashes);
    return codes.shown;
  }

  return {
    secondFactorsOf,
    readRules,

    /** Warnings for the log at start-up. */
    startupWarnings(): string[] {
      return deps.mailConfigured
        ? []
        : [
            'SMTP_URL no está configurado: los administradores que inicien sesión desde un dispositivo nuevo no recibirán un código por correo.',
          ];
    },

    /** Decides what a right password leads to. */
    async afterPassword(
      user: SessionUser,
      tokenVersion: number,
      device: DeviceCookie | null,
    ): Promise<AfterPassword> {
      const factors = await secondFactorsOf(user.id);
      const required = isRequired(user, await readRules());
      const administers = holdsAdministration(user);
      const decision = decideAfterPassword({
        factors,
        required,
        administers,
        // Only asked when it matters: the cookie is checked against the database.
        trustedDevice:
          factors.length === 0 && (administers || required) && (await isTrusted(user.id, device)),
        mailConfigured: deps.mailConfigured,
      });
      if (decision.warnNoMail) {
        log.warn(
          { userId: user.id },
          'administrator signed in from a new device without an emailed code: SMTP_URL is not set',
        );
      }
      if (decision.kind === 'session') return { kind: 'session' };
      const emailCode = decision.factors.includes('email') ? newEmailCode() : null;
      if (emailCode) await limits.emailCodeSends.spend(String(user.id));
      const opened = await openChallenge(user, tokenVersion, {
        factors: decision.factors,
        needsSetup: decision.needsSetup,
        emailCode,
        ttlMs: decision.step === 'quick' ? QUICK_STEP_MS : LONG_STEP_MS,
      });
      if (emailCode) {
        try {
          await mailer.send(signInCodeEmail(user, emailCode));
        } catch (error) {
          log.error({ err: error, userId: user.id }, 'sign-in code not sent');
          throw new AppError(
            503,
            'No hemos podido enviarte el código por correo. Inténtalo de nuevo en unos minutos.',
          );
        }
      }
      return opened;
    },

    /**
     * «Reenviar código»: a new emailed code for the same sign-in, at most one a minute (EMAIL_CODE_RESEND_SECONDS),
     * each spending a point of the second step's budgets and of the account's emailed codes, so resends cannot
     * flood a mailbox.
     */
    async resendEmailCode(token: string, ip: string): Promise<void> {
      const challenge = await liveChallenge(token);
      if (!challenge.factors.includes('email') || !challenge.email_code_hash) throw badRequest(T.noEmailStep);
      const now = clock.now();
      const issuedAt = challenge.email_code_expires_at
        ? new Date(challenge.email_code_expires_at).getTime() - LONG_STEP_MS
        : 0;
      const waitMs = issuedAt + EMAIL_CODE_RESEND_SECONDS * 1000 - now.getTime();
      if (waitMs > 0) throw tooManyRequests(T.resendWait, Math.ceil(waitMs / 1000));
      await spendAll([
        [limits.secondStepByAccount, String(challenge.user_id)],
        [limits.secondStepByIp, ip],
        [limits.emailCodeSends, String(challenge.user_id)],
      ]);
      const account = await repo.findAccount(challenge.user_id);
      if (!account) throw unauthorized(T.stepExpired);
      const code = newEmailCode();
      const replaced = await repo.replaceEmailCode(
        challenge.id_hash,
        { hash: hashCode(code), expires_at: iso(new Date(now.getTime() + LONG_STEP_MS)) },
        iso(new Date(now.getTime() + LONG_STEP_MS - EMAIL_CODE_RESEND_SECONDS * 1000)),
      );
      if (!replaced) throw tooManyRequests(T.resendWait, EMAIL_CODE_RESEND_SECONDS);
      try {
        await mailer.send(signInCodeEmail(account, code));
      } catch (error) {
        log.error({ err: error, userId: challenge.user_id }, 'sign-in code not resent');
        throw new AppError(
          503,
          'No hemos podido enviarte el código por correo. Inténtalo de nuevo en unos minutos.',
        );
      }
    },

    /** Checks the second step's code; tries are limited per account and per IP across nodes. */
    async verify(
      token: string,
      body: { method: 'totp' | 'email' | 'backup'; code: string },
      ip: string,
    ): Promise<AfterSecondStep> {
      const challenge = await liveChallenge(token);
      const spends: [Budget, string][] = [
        [limits.secondStepByAccount, String(challenge.user_id)],
        [limits.secondStepByIp, ip],
      ];
      if (!challenge.factors.includes(body.method)) throw badRequest(T.invalidCode, 'code');
      await withTries(spends, async () => {
        if (body.method === 'totp') {
          const totp = await repo.findTotp(challenge.user_id);
          if (!totp?.confirmed_at) throw badRequest(T.invalidCode, 'code');
          await checkTotp(challenge.user_id, totp.secret, body.code);
        } else if (body.method === 'backup') {
          if (!(await repo.spendBackupCode(challenge.user_id, hashCode(body.code), iso(clock.now())))) {
            throw badRequest(T.invalidCode, 'code');
          }
        } else {
          if (!challenge.email_code_hash || !challenge.email_code_expires_at)
            throw unauthorized(T.stepExpired);
          if (challenge.email_code_expires_at <= iso(clock.now())) throw unauthorized(T.emailCodeExpired);
          if (!(await repo.spendEmailTry(challenge.id_hash, EMAIL_CODE_TRIES)))
            throw unauthorized(T.emailCodeTries);
          const hash = hashCode(body.code);
          if (
            !sameHash(hash, challenge.email_code_hash) ||
            !(await repo.useEmailCode(challenge.id_hash, hash))
          ) {
            throw badRequest(T.invalidCode, 'code');
          }
        }
      });
      if (body.method === 'email' && challenge.needs_setup) {
        return {
          kind: 'setup',
          answer: {
            second_step: {
              factors: [],
              setup_required: true,
              email_sent_to: null,
              expires_at: challenge.expires_at,
            },
          },
        };
      }
      return finish(challenge, body.method);
    },

    /**
     * The second step answered with a passkey: `userId` is the account the passkey proved (checked by the
     * passkeys module), which must be the one whose password opened this step.
     */
    async verifyPasskey(token: string, userId: number): Promise<AfterSecondStep> {
      const challenge = await liveChallenge(token);
      if (!challenge.factors.includes('passkey') || challenge.user_id !== userId) {
        throw unauthorized(T.stepExpired);
      }
      return finish(challenge, 'passkey');
    },

    /** The forced set-up's first half: the app's secret, for a challenge that owes it. */
    async startRequiredTotp(token: string): Promise<TotpSetup> {
      const challenge = await liveChallenge(token);
      if (!challenge.needs_setup || challenge.factors.length > 0) throw unauthorized(T.stepExpired);
      const account = await repo.findAccount(challenge.user_id);
      if (!account) throw unauthorized(T.stepExpired);
      return totpSetupFor(account);
    },

    /** The forced set-up's end: the app confirmed, the session opens with the backup codes to keep. */
    async confirmRequiredTotp(token: string, code: string, ip: string) {
      const challenge = await liveChallenge(token);
      if (!challenge.needs_setup || challenge.factors.length > 0) throw unauthorized(T.stepExpired);
      const codes = await withTries(
        [
          [limits.secondStepByAccount, String(challenge.user_id)],
          [limits.secondStepByIp, ip],
        ],
        () => confirmTotpFor(challenge.user_id, code),
      );
      const done = await finish(challenge, 'totp');
      if (done.kind !== 'session') throw unauthorized(T.stepExpired);
      const epoch = await repo.factorAdded(done.user.id, null);
      await notify(totpOnEmail(done.user, securityLink()));
      return { ...done, token_version: epoch, backup_codes: codes };
    },

    /**
     * After a session opened: an administrator's browser is remembered for a while (no emailed code from it),
     * and a device new to the account is told to its owner by email.
     */
    async afterSignIn(
      user: SessionUser,
      sessionId: string,
      device: DeviceCookie | null,
      method: SecondFactor | null,
    ): Promise<DeviceCookie | null> {
      if (!holdsAdministration(user)) return null;
      if (device && (await isTrusted(user.id, device))) {
        await repo.touchTrustedDevice(user.id, hashCode(device.deviceId), sessionId);
        return null;
      }
      // Without a second step nothing about this browser was verified: it is not remembered.
      if (method === null) return null;
      const account = await repo.findAccount(user.id);
      if (!account) return null;
      const deviceId = randomToken();
      await repo.trustDevice({
        user_id: user.id,
        device_hash: hashCode(deviceId),
        epoch: account.token_version,
        session_id: sessionId,
        expires_at: iso(new Date(clock.now().getTime() + TRUSTED_DEVICE_DAYS * 24 * 60 * MINUTE_MS)),
      });
      // The emailed code already told the owner about this device.
      if (method !== 'email') await notify(newDeviceEmail(user, securityLink()));
      return { userId: user.id, deviceId };
    },

    async status(user: SessionUser): Promise<TwoFactorStatus> {
      const factors = await secondFactorsOf(user.id);
      return {
        totp: factors.includes('totp'),
        backup_codes_left: await repo.unusedBackupCodes(user.id),
        required: isRequired(user, await readRules()),
        factors,
      };
    },

    startTotp: (user: SessionUser): Promise<TotpSetup> => totpSetupFor(user),

    /** Turns the app on: the account's other sessions end (whoever else is in must now pass the app). */
    async confirmTotp(user: SessionUser & { sessionId: string }, code: string): Promise<string[]> {
      const codes = await withTries([[limits.secondStepByAccount, String(user.id)]], () =>
        confirmTotpFor(user.id, code),
      );
      await repo.factorAdded(user.id, user.sessionId);
      await notify(totpOnEmail(user, securityLink()));
      return codes;
    },

    async renewBackupCodes(user: SessionUser, password: string): Promise<string[]> {
      await checkPasswordOf(user.id, password);
      if (!(await secondFactorsOf(user.id)).includes('totp')) throw conflict(T.notOn);
      const codes = newBackupCodes();
      await repo.replaceBackupCodes(user.id, codes.hashes);
      await notify(codesRenewedEmail(user, securityLink()));
      return codes.shown;
    },

    async disableTotp(user: SessionUser, password: string, code: string): Promise<void> {
      await checkPasswordOf(user.id, password);
      const factors = await secondFactorsOf(user.id);
      if (!factors.includes('totp')) throw conflict(T.notOn);
      const others = factors.filter((factor) => factor !== 'totp' && factor !== 'backup');
      if (others.length === 0 && isRequired(user, await readRules())) {
        throw conflict(
          'Tu comunidad exige la verificación en dos pasos para tu cuenta: no puedes desactivarla.',
        );
      }
      await withTries([[limits.secondStepByAccount, String(user.id)]], () => checkAnyCode(user.id, code));
      await repo.write((tx) => repo.removeFactors(tx, user.id));
      await notify(totpOffEmail(user, securityLink()));
    },

    /**
     * Sudo mode's check: the current password, and a code where the account has the app (a passkey-only
     * account confirms with its password). The caller marks the session confirmed.
     */
    async confirmIdentity(user: SessionUser, password: string, code: string | undefined): Promise<void> {
      await checkPasswordOf(user.id, password);
      if ((await secondFactorsOf(user.id)).includes('totp')) {
        if (!code) throw badRequest(T.invalidCode, 'code');
        await withTries([[limits.secondStepByAccount, String(user.id)]], () => checkAnyCode(user.id, code));
      }
    },

    /** Whether a sensitive action must also ask this account for a code (it has the app on). */
    codeRequired: async (userId: number): Promise<boolean> =>
      (await secondFactorsOf(userId)).includes('totp'),

    /** A code of the app or a backup code for a sensitive action; the account's second-step tries apply. */
    async confirmCode(userId: number, code: string | undefined): Promise<void> {
      if (!(await secondFactorsOf(userId)).includes('totp')) return;
      if (!code) throw badRequest(T.invalidCode, 'code');
      await withTries([[limits.secondStepByAccount, String(userId)]], () => checkAnyCode(userId, code));
    },

    async rulesView() {
      return { ...(await readRules()), mail_configured: deps.mailConfigured };
    },

    /**
     * Saves the rules; Historial records the change in the same transaction. A rule applies at once: the
     * sessions of accounts it now requires a factor of, and that have none, end (not the saving administrator's),
     * so nobody it covers stays in for hours on a sign-in made before it.
     */
    async saveRules(actor: Actor, sessionId: string, next: TwoFactorRules) {
      const ids = [...new Set(next.required_role_ids)].sort((a, b) => a - b);
      const named = await repo.rolesByIds(ids);
      if (named.length !== ids.length) throw badRequest(T.unknownRole, 'required_role_ids');
      const before = await readRules();
      // Historial shows the roles by name (a removed role by its number).
      const names = async (list: readonly number[]) => {
        const found = await repo.rolesByIds(list);
        const shown = list.map((id) => found.find((role) => role.id === id)?.name ?? String(id));
        return shown.length > 0 ? shown.sort() : null;
      };
      const rules: TwoFactorRules = { require_admins: next.require_admins, required_role_ids: ids };
      await repo.write(async () => {
        await repo.saveSetting(RULES_KEY, JSON.stringify(rules));
        const changes = diff(
          { require_admins: before.require_admins, required_roles: await names(before.required_role_ids) },
          { require_admins: rules.require_admins, required_roles: await names(rules.required_role_ids) },
          ['require_admins', 'required_roles'],
        );
        await deps.history.recordAction(actor, {
          kind: 'two_factor.rules',
          entity_type: 'settings',
          label: 'Verificación en dos pasos',
          changes,
        });
      });
      await repo.endUnprotectedSessions(
        {
          roleIds: rules.required_role_ids.filter((id) => !before.required_role_ids.includes(id)),
          adminTools: rules.require_admins && !before.require_admins ? ADMIN_TOOLS : null,
        },
        sessionId,
      );
      return { ...rules, mail_configured: deps.mailConfigured };
    },

    resetUser: (actor: Actor, userId: number, by: 'admin' | 'server'): Promise<void> =>
      resetTwoFactor(
        { repo, history: deps.history, mailer, log, publicUrl: deps.publicUrl },
        actor,
        userId,
        by,
      ),
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
