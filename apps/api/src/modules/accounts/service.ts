import { createHash, randomBytes } from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  REAUTH_FIELD,
  TWO_FACTOR_MESSAGES,
  EMAIL_CONFIRM_TTL_DAYS,
  RESET_TOKEN_TTL_MINUTES,
  type PasswordResetBody,
  type PasswordResetRequestBody,
  type ProfileBody,
  type RegisterBody,
  type SessionUser,
  USERNAME_MESSAGES,
} from '@app/contracts';
import { accountConflictField } from '../../db/unique-violation';
import type { Mailer } from '../../integrations/mailer';
import type { Clock } from '../../lib/clock';
import { AppError, badRequest, conflict, unauthorized } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/password';
import { normalizeEmail } from '../auth';
import type { RateLimits } from '../../lib/rate-limits';
import type { AccountsRepo } from './repo';
import { confirmEmailEmail, emailChangeRequestedEmail } from './confirm-email';
import { resetPasswordEmail } from './reset-email';

export interface AccountsServiceDeps {
  repo: AccountsRepo;
  /** The session user (role and permissions included) of an email, after a profile change. */
  loadSessionUser(email: string): Promise<SessionUser | undefined>;
  /** The stored password hash of an account (to check the current password before sensitive changes). */
  loadPasswordHash(email: string): Promise<string | undefined>;
  mailer: Mailer;
  clock: Clock;
  /** The public address of the web app, e.g. https://miembros.example.com (links in emails). */
  publicUrl(): string;
  log: { error(obj: object, msg: string): void };
  limits: Pick<RateLimits, 'register' | 'recovery' | 'reauth' | 'recoveryEmailIntervalSeconds'>;
  /** Told of each new registration once it is saved (the admins' email); never awaited by the answer. */
  onRegistered?: (member: { email: string; username: string }) => void;
  /** Whether the account has an authenticator app (a new email then also asks for its code: sudo mode). */
  hasAuthenticatorApp(userId: number): Promise<boolean>;
  /** The account's passkeys, and their removal (a password reset offers it). */
  passkeys: {
    list(userId: number): Promise<{ name: string; created_at: string }[]>;
    removeAll(userId: number): Promise<void>;
  };
}

/** The token travels only in the emailed link; the database keeps its hash. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

const DAY_MS = 24 * 60 * 60 * 1000;

const REGISTER_CONFLICT = {
  email: ACCOUNT_MESSAGES.emailTaken,
  username: ACCOUNT_MESSAGES.usernameTaken,
} as const;
const PROFILE_CONFLICT = {
  email: ACCOUNT_MESSAGES.emailTakenByOther,
  username: ACCOUNT_MESSAGES.usernameTakenByOther,
} as const;

/**
 * Turns a unique-index violation on users into a 409 naming the field; rethrows anything else. A name that
 * matches another's skeleton may be that very name in another case ("in use") or only look like it.
 */
async function rethrowConflict(
  error: unknown,
  messages: Record<'email' | 'username', string>,
  usernameInUse: () => Promise<boolean>,
): Promise<never> {
  const field = accountConflictField(error);
  if (field === 'lookalike' && !(await usernameInUse())) {
    throw conflict(USERNAME_MESSAGES.lookalike, 'username');
  }
  if (field)
    throw conflict(
      messages[field === 'lookalike' ? 'username' : field],
      field === 'email' ? 'email' : 'username',
    );
  throw error;
}

/** Stores a link that proves `email` for the account and mails it there, after the answer. */
async function sendConfirmation(
  deps: AccountsServiceDeps,
  user: { id: number; username: string },
  email: string,
  reason: 'registered' | 'changed',
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  await deps.repo.replaceEmailConfirmation({
    userId: user.id,
    email,
    hash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + EMAIL_CONFIRM_TTL_DAYS * DAY_MS),
  });
  const link = `${deps.publicUrl()}/confirmar-email?token=${encodeURIComponent(token)}`;
  deps.mailer
    .send(confirmEmailEmail({ email, username: user.username }, link, reason))
    .catch((err: unknown) => {
      deps.log.error({ err, userId: user.id }, 'email-confirmation email could not be sent');
    });
}

/** Registration, and the link that proves the new member's email. */
function registration(deps: AccountsServiceDeps) {
  const { repo, clock, limits } = deps;
  return {
    /** Creates an inactive cafeinas account; uniqueness (case-insensitive) is the database's to enforce. */
    async register(body: RegisterBody, ip: string): Promise<void> {
      await limits.register.spend(ip);
      const password_hash = await hashPassword(body.password);
      const member = { username: body.username, email: normalizeEmail(body.email) };
      let id = 0;
      try {
        id = await repo.insertSelfRegistered({ ...member, phone: body.phone, password_hash });
      } catch (error) {
        await rethrowConflict(error, REGISTER_CONFLICT, () => repo.usernameInUse(body.username));
      }
      await sendConfirmation(deps, { id, ...member }, member.email, 'registered');
      deps.onRegistered?.(member);
    },

    /** Follows an emailed confirmation link: the address is proven (and, for a new one, becomes the account's). */
    async confirmEmail(token: string): Promise<{ ok: true; email: string }> {
      let email: string | undefined;
      try {
        email = await repo.confirmEmail(hashToken(token), clock.now());
      } catch (error) {
        // Someone else took the new address meanwhile.
        if (accountConflictField(error) === 'email')
          throw conflict(ACCOUNT_MESSAGES.emailTakenByOther, 'email');
        throw error;
      }
      if (!email) throw badRequest(ACCOUNT_MESSAGES.emailConfirmInvalid, 'token');
      return { ok: true, email };
    },
  };
}

/** Password recovery: the emailed link, and the new password it sets. */
function recovery(deps: AccountsServiceDeps) {
  const { repo, mailer, clock, log, limits } = deps;
  const invalidToken = () => badRequest(ACCOUNT_MESSAGES.resetTokenInvalid, 'token');
  return {
    /**
     * Emails a recovery link to an active account. Whether or not the email belongs to one, the caller gets
     * the same answer, and just as fast: the email is sent after the answer, never awaited here.
     */
    async requestPasswordReset(body: PasswordResetRequestBody, ip: string): Promise<void> {
      await limits.recovery.spend(ip);
      const user = await repo.findByEmail(normalizeEmail(body.email));
      if (!user?.is_active) return;
      const now = clock.now();
      const last = await repo.lastResetRequestAt(user.id);
      if (last && now.getTime() - Date.parse(last) < limits.recoveryEmailIntervalSeconds * 1000) return;

      const token = randomBytes(32).toString('base64url');
      await repo.replaceResetToken({
        userId: user.id,
        hash: hashToken(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MINUTES * 60 * 1000),
      });
      const link = `${deps.publicUrl()}/reset-password?token=${encodeURIComponent(token)}`;
      mailer.send(resetPasswordEmail(user, link)).catch((err: unknown) => {
        log.error({ err, userId: user.id }, 'password-recovery email could not be sent');
      });
    },

    /**
     * Throws the Spanish "expired or used link" error unless the token can still reset a password; names the
     * account's passkeys, which the page offers to remove with the new password.
     */
    async checkResetToken(token: string): Promise<{ name: string; created_at: string }[]> {
      const found = await repo.findUsableResetToken(hashToken(token), clock.now());
      if (!found) throw invalidToken();
      return deps.passkeys.list(found.userId);
    },

    /** Sets the new password, spends the link and signs the user out everywhere. */
    async resetPassword(body: PasswordResetBody): Promise<void> {
      const found = await repo.findUsableResetToken(hashToken(body.token), clock.now());
      if (!found) throw invalidToken();
      const passwordHash = await hashPassword(body.password);
      if (!(await repo.resetPassword(found.id, found.userId, passwordHash, clock.now())))
        throw invalidToken();
      if (body.remove_passkeys) await deps.passkeys.removeAll(found.userId);
    },
  };
}

/** The signed-in member's own profile. */
function profile(deps: AccountsServiceDeps) {
  const { repo, mailer, log, limits } = deps;

  /**
   * A new password or email needs the current password (a stolen session alone cannot take the account over).
   * Each try spends a point first (limited like logins, per account) and gets it back when right.
   */
  async function confirmCurrentPassword(me: { id: number; email: string }, given: string): Promise<void> {
    if (given === '') throw badRequest(ACCOUNT_MESSAGES.currentPasswordRequired, 'current_password');
    const key = String(me.id);
    await limits.reauth.spend(key);
    const hash = await deps.loadPasswordHash(normalizeEmail(me.email));
    if (!hash || !(await verifyPassword(hash, given))) {
      throw badRequest(ACCOUNT_MESSAGES.currentPasswordWrong, 'current_password');
    }
    await limits.reauth.refund(key);
  }

  return {
    /**
     * Edits the signed-in user's own account: username, email, phone, and the password when one is given.
     * Role and active flag are out of reach. Returns the fresh session user and, after a password change, the
     * new token version the current session must carry.
     */
    async updateProfile(
      me: { id: number; sessionId: string; email: string; username: string; identityConfirmed: boolean },
      body: ProfileBody,
    ): Promise<{ user: SessionUser; newTokenVersion: number | undefined; pendingEmail: string | null }> {
      const email = normalizeEmail(body.email);
      const current = normalizeEmail(me.email);
      const changesEmail = email !== current;
      if (body.password !== '' || changesEmail) {
        await confirmCurrentPassword(me, body.current_password);
      }
      // A new address takes over recovery: where the account has the app, its code is asked too (sudo mode).
      if (changesEmail && !me.identityConfirmed && (await deps.hasAuthenticatorApp(me.id))) {
        throw new AppError(403, TWO_FACTOR_MESSAGES.confirmIdentity, REAUTH_FIELD);
      }
      if (changesEmail && (await repo.findByEmail(email))) {
        throw conflict(ACCOUNT_MESSAGES.emailTakenByOther, 'email');
      }
      const password_hash = body.password === '' ? undefined : await hashPassword(body.password);
      let tokenVersion: number | undefined;
      try {
        // A new email is not saved yet: it becomes the account's once the link sent to it is followed.
        tokenVersion = await repo.updateProfile(me.id, me.sessionId, {
          username: body.username,
          email: current,
          phone: body.phone === '' ? null : body.phone,
          ...(password_hash ? { password_hash } : {}),
        });
      } catch (error) {
        await rethrowConflict(error, PROFILE_CONFLICT, () => repo.usernameInUse(body.username, me.id));
      }
      const user = tokenVersion === undefined ? undefined : await deps.loadSessionUser(current);
      if (tokenVersion === undefined || !user) throw unauthorized(ACCOUNT_MESSAGES.noSession);
      if (changesEmail) {
        await sendConfirmation(deps, user, email, 'changed');
        mailer.send(emailChangeRequestedEmail(user, email)).catch((err: unknown) => {
          log.error({ err, userId: user.id }, 'email-change notice could not be sent');
        });
      }
      return {
        user,
        newTokenVersion: password_hash ? tokenVersion : undefined,
        pendingEmail: changesEmail ? email : null,
      };
    },
  };
}

/** A member's own account: registration, recovery and profile. */
export function createAccountsService(deps: AccountsServiceDeps) {
  return { ...registration(deps), ...recovery(deps), ...profile(deps) };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
