/**
 * The rules of two-step sign-in as decisions from facts (a functional core): which second step a sign-in
 * needs, what an answered step leads to, which browser is remembered, whether a factor may go, and what a change
 * of factors or rules ends. The service reads the facts, calls these and acts; every case is a row of a table test.
 */
import {
  EMAIL_CODE_MINUTES,
  EMAIL_CODE_RESEND_SECONDS,
  grantsAdministration,
  isAdmin,
  type SecondFactor,
  type SessionUser,
  type TwoFactorRules,
} from '@app/contracts';

const MINUTE_MS = 60_000;
/** A second step with a code at hand (app or backup code) has five minutes; reading mail or setting up, ten. */
export const STEP_MS = { quick: 5 * MINUTE_MS, long: EMAIL_CODE_MINUTES * MINUTE_MS } as const;

/** Whoever holds a tool that administers the community counts as an administrator here. */
export const holdsAdministration = (user: Pick<SessionUser, 'role' | 'permissions'>): boolean =>
  isAdmin(user) || grantsAdministration(user.permissions);

/** Whether the community's rules require a second factor of this account. */
export const isRequired = (
  user: Pick<SessionUser, 'role' | 'role_id' | 'permissions'>,
  rules: TwoFactorRules,
): boolean =>
  (rules.require_admins && holdsAdministration(user)) || rules.required_role_ids.includes(user.role_id);

/** The one place that says which second factors an account has: backup codes count only beside the app. */
export function factorsOf(facts: { totp: boolean; backupCodes: number; passkeys: number }): SecondFactor[] {
  const factors: SecondFactor[] = [];
  if (facts.totp) factors.push('totp');
  if (facts.totp && facts.backupCodes > 0) factors.push('backup');
  if (facts.passkeys > 0) factors.push('passkey');
  return factors;
}

/** What is known when a right password arrives: the account's factors, the rules and the browser. */
export interface AfterPasswordFacts {
  /** The factors the account has set up (app, passkey). */
  factors: readonly SecondFactor[];
  /** The community's rules require a factor of this account (an administrator, or a role named in them). */
  required: boolean;
  /** The account holds a tool that administers the community. */
  administers: boolean;
  /** The browser carries this account's remembered-device cookie, still valid. */
  trustedDevice: boolean;
  /** SMTP is configured: an emailed code can be sent. */
  mailConfigured: boolean;
}

/** What a right password leads to: a session at once, or a second step with what it asks for. */
export type AfterPasswordDecision =
  | { kind: 'session'; warnNoMail: boolean }
  | {
      kind: 'second-step';
      /** The factors the step accepts; `email` means a code is emailed now. */
      factors: readonly SecondFactor[];
      /** The account must set up a factor before its session opens. */
      needsSetup: boolean;
      /** A code in hand (app, backup code) gets the quick step; reading mail or setting up, the long one. */
      step: 'quick' | 'long';
      /** An administrator signs in from a new device without the emailed code: SMTP is not configured. */
      warnNoMail: boolean;
    };

/**
 * The rules of the second step, decided from the facts alone (a functional core: the service reads the facts,
 * calls this and acts). An account with a factor always uses it. Without one, an administrator on a new device
 * and an account that must set up a factor first prove the mailbox with an emailed code: a password alone must
 * not choose the account's authenticator. Without mail, the administrator gets in (and the log says so) and
 * the account that must set up a factor sets it up.
 */
export function afterPassword(facts: AfterPasswordFacts): AfterPasswordDecision {
  if (facts.factors.length > 0) {
    return {
      kind: 'second-step',
      factors: facts.factors,
      needsSetup: false,
      step: 'quick',
      warnNoMail: false,
    };
  }
  const proveMailbox = (facts.administers || facts.required) && !facts.trustedDevice;
  const emailCode = proveMailbox && facts.mailConfigured;
  const warnNoMail = proveMailbox && !facts.mailConfigured;
  if (!emailCode && !facts.required) return { kind: 'session', warnNoMail };
  return {
    kind: 'second-step',
    factors: emailCode ? ['email'] : [],
    needsSetup: facts.required,
    step: 'long',
    warnNoMail,
  };
}

/** What a right code leads to: an emailed code that proved the mailbox of an account that must set up a factor
 * leads to the set-up; anything else opens the session. */
export const afterCode = (method: SecondFactor, needsSetup: boolean): 'setup' | 'session' =>
  method === 'email' && needsSetup ? 'setup' : 'session';

/** What kind of code a member typed to confirm a sensitive action: the app's six digits, or a backup code. */
export function codeKind(code: string): { kind: 'totp' | 'backup'; code: string } | undefined {
  const compact = code.replace(/[\s-]+/g, '').toLowerCase();
  if (/^\d{6}$/.test(compact)) return { kind: 'totp', code: compact };
  if (/^[a-z0-9]{10}$/.test(compact)) return { kind: 'backup', code: compact };
  return undefined;
}

/** The milliseconds still to wait before another emailed code may be sent for a second step (0: send it). */
export function resendWaitMs(emailCodeExpiresAt: string | null, now: Date): number {
  const issuedAt = emailCodeExpiresAt ? new Date(emailCodeExpiresAt).getTime() - STEP_MS.long : 0;
  return Math.max(0, issuedAt + EMAIL_CODE_RESEND_SECONDS * 1000 - now.getTime());
}

/**
 * What a session that opened does to the browser: only an administrator's is remembered (no emailed code from
 * it). A remembered one is touched; one that passed a second step is remembered, and its owner told unless the
 * emailed code told them already; without a second step nothing about the browser was verified.
 */
export type DeviceDecision = { kind: 'none' } | { kind: 'touch' } | { kind: 'remember'; tellOwner: boolean };

export function deviceAfterSignIn(facts: {
  administers: boolean;
  trusted: boolean;
  method: SecondFactor | null;
}): DeviceDecision {
  if (!facts.administers) return { kind: 'none' };
  if (facts.trusted) return { kind: 'touch' };
  if (facts.method === null) return { kind: 'none' };
  return { kind: 'remember', tellOwner: facts.method !== 'email' };
}

/** Whether the app may be turned off: it must be on, and a required account must keep another factor. */
export function appRemoval(
  factors: readonly SecondFactor[],
  required: boolean,
): 'allowed' | 'not-on' | 'required' {
  if (!factors.includes('totp')) return 'not-on';
  const others = factors.filter((factor) => factor !== 'totp' && factor !== 'backup');
  return others.length === 0 && required ? 'required' : 'allowed';
}

/** A change of an account's factors, made by its owner or for them. */
export type FactorChange = 'app-on' | 'app-on-at-sign-in' | 'app-off' | 'codes-renewed';

/**
 * What each change of factors ends, and which email tells the owner. A stronger factor ends the other sessions
 * (whoever else is in must now pass it): set up from Perfil, the session that did it stays; set up during a
 * sign-in, every older one ends and the session opening now carries the new epoch. Turning the app off or
 * renewing codes weakens nobody's session. (A reset, for a lost phone, ends everything: resetTwoFactor.)
 */
export const FACTOR_CHANGES: Record<
  FactorChange,
  { ends: 'other-sessions' | 'every-session' | 'nothing'; email: 'totp-on' | 'totp-off' | 'codes-renewed' }
> = {
  'app-on': { ends: 'other-sessions', email: 'totp-on' },
  'app-on-at-sign-in': { ends: 'every-session', email: 'totp-on' },
  'app-off': { ends: 'nothing', email: 'totp-off' },
  'codes-renewed': { ends: 'nothing', email: 'codes-renewed' },
};

/**
 * What saving the rules ends: the sessions of the accounts they now newly require a factor of (the roles added,
 * and administrators when that rule is turned on); the service keeps only those of accounts with a factor.
 */
export function sessionsEndedByRules(
  before: TwoFactorRules,
  after: TwoFactorRules,
): { roleIds: number[]; administrators: boolean } {
  return {
    roleIds: after.required_role_ids.filter((id) => !before.required_role_ids.includes(id)),
    administrators: after.require_admins && !before.require_admins,
  };
}
