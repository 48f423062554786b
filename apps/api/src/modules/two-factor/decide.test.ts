import { describe, expect, it } from 'vitest';
import type { SessionUser, TwoFactorRules } from '@app/contracts';
import {
  afterCode,
  afterPassword,
  appRemoval,
  codeKind,
  deviceAfterSignIn,
  FACTOR_CHANGES,
  factorsOf,
  isRequired,
  resendWaitMs,
  sessionsEndedByRules,
  type AfterPasswordFacts,
} from './decide';

const member: AfterPasswordFacts = {
  factors: [],
  required: false,
  administers: false,
  trustedDevice: false,
  mailConfigured: true,
};

/** Each case: the facts that differ from a plain member's, and what the password leads to. */
const CASES: [string, Partial<AfterPasswordFacts>, ReturnType<typeof afterPassword>][] = [
  ['a member without factors gets a session', {}, { kind: 'session', warnNoMail: false }],
  [
    'any account with a factor uses it, even on a remembered device',
    { factors: ['totp', 'passkey'], administers: true, trustedDevice: true },
    {
      kind: 'second-step',
      factors: ['totp', 'passkey'],
      needsSetup: false,
      step: 'quick',
      warnNoMail: false,
    },
  ],
  [
    'an administrator on a new device proves the mailbox',
    { administers: true },
    { kind: 'second-step', factors: ['email'], needsSetup: false, step: 'long', warnNoMail: false },
  ],
  [
    'an administrator on a remembered device gets a session',
    { administers: true, trustedDevice: true },
    { kind: 'session', warnNoMail: false },
  ],
  [
    'an administrator on a new device without mail gets in, and the log says so',
    { administers: true, mailConfigured: false },
    { kind: 'session', warnNoMail: true },
  ],
  [
    'an account that must set up a factor proves the mailbox first, then sets it up',
    { required: true },
    { kind: 'second-step', factors: ['email'], needsSetup: true, step: 'long', warnNoMail: false },
  ],
  [
    'an account that must set up a factor on a remembered device sets it up without a code',
    { required: true, trustedDevice: true },
    { kind: 'second-step', factors: [], needsSetup: true, step: 'long', warnNoMail: false },
  ],
  [
    'an account that must set up a factor without mail sets it up, and the log says so',
    { required: true, mailConfigured: false },
    { kind: 'second-step', factors: [], needsSetup: true, step: 'long', warnNoMail: true },
  ],
  [
    'a required account with a factor uses it and sets nothing up',
    { required: true, factors: ['passkey'] },
    { kind: 'second-step', factors: ['passkey'], needsSetup: false, step: 'quick', warnNoMail: false },
  ],
];

describe('what a right password leads to', () => {
  it.each(CASES)('%s', (_name, facts, expected) => {
    expect(afterPassword({ ...member, ...facts })).toEqual(expected);
  });
});

const rules = (r: Partial<TwoFactorRules>): TwoFactorRules => ({
  require_admins: false,
  required_role_ids: [],
  ...r,
});
const none: SessionUser['permissions'] = [];
const plain = { role: 'miembro', role_id: 4, permissions: none };
const admin = { role: 'admin', role_id: 1, permissions: none };

describe('whose account the rules require a factor of', () => {
  it.each([
    ['nobody without rules', plain, rules({}), false],
    ['an administrator when administrators must', admin, rules({ require_admins: true }), true],
    ['a member when only administrators must', plain, rules({ require_admins: true }), false],
    ['a member whose role is named', plain, rules({ required_role_ids: [4] }), true],
    ['an administrator whose role is not named', admin, rules({ required_role_ids: [4] }), false],
  ] as const)('%s', (_name, user, given, required) => {
    expect(isRequired(user, given)).toBe(required);
  });
});

describe('which factors an account has', () => {
  it.each([
    ['none', { totp: false, backupCodes: 0, passkeys: 0 }, []],
    ['the app and its backup codes', { totp: true, backupCodes: 3, passkeys: 0 }, ['totp', 'backup']],
    ['the app with its codes spent', { totp: true, backupCodes: 0, passkeys: 0 }, ['totp']],
    ['backup codes alone count for nothing', { totp: false, backupCodes: 5, passkeys: 0 }, []],
    ['a passkey', { totp: false, backupCodes: 0, passkeys: 2 }, ['passkey']],
    ['all three', { totp: true, backupCodes: 1, passkeys: 1 }, ['totp', 'backup', 'passkey']],
  ] as const)('%s', (_name, facts, factors) => {
    expect(factorsOf(facts)).toEqual(factors);
  });
});

describe('what a right code leads to', () => {
  it.each([
    ['an emailed code owing the set-up leads to it', 'email', true, 'setup'],
    ['an emailed code owing nothing opens the session', 'email', false, 'session'],
    ['an app code opens the session', 'totp', false, 'session'],
    ['a backup code opens the session', 'backup', false, 'session'],
  ] as const)('%s', (_name, method, needsSetup, next) => {
    expect(afterCode(method, needsSetup)).toBe(next);
  });
});

describe('what kind of code was typed', () => {
  it.each([
    ['six digits are the app', '123 456', { kind: 'totp', code: '123456' }],
    ['ten letters and digits are a backup code', 'ABCDE-12345', { kind: 'backup', code: 'abcde12345' }],
    ['anything else is neither', '12345', undefined],
  ] as const)('%s', (_name, typed, kind) => {
    expect(codeKind(typed)).toEqual(kind);
  });
});

describe('when another emailed code may be sent', () => {
  const now = new Date('2026-01-01T10:00:00Z');
  it.each([
    ['a code sent just now waits a minute', '2026-01-01T10:10:00Z', 60_000],
    ['a code sent 40 s ago waits 20 s', '2026-01-01T10:09:20Z', 20_000],
    ['a code sent over a minute ago goes', '2026-01-01T10:08:00Z', 0],
    ['no code sent: it goes', null, 0],
  ] as const)('%s', (_name, expiresAt, wait) => {
    expect(resendWaitMs(expiresAt, now)).toBe(wait);
  });
});

describe('what a session that opened does to the browser', () => {
  it.each([
    [
      "a member's is never remembered",
      { administers: false, trusted: false, method: 'totp' },
      { kind: 'none' },
    ],
    [
      "an administrator's remembered one is touched",
      { administers: true, trusted: true, method: null },
      { kind: 'touch' },
    ],
    [
      "an administrator's that passed no second step is not remembered",
      { administers: true, trusted: false, method: null },
      { kind: 'none' },
    ],
    [
      "an administrator's new one is remembered, its owner told",
      { administers: true, trusted: false, method: 'passkey' },
      { kind: 'remember', tellOwner: true },
    ],
    [
      'the emailed code told the owner already',
      { administers: true, trusted: false, method: 'email' },
      { kind: 'remember', tellOwner: false },
    ],
  ] as const)('%s', (_name, facts, decision) => {
    expect(deviceAfterSignIn(facts)).toEqual(decision);
  });
});

describe('whether the app may be turned off', () => {
  it.each([
    ['not on', ['passkey'], false, 'not-on'],
    ['on and not required', ['totp', 'backup'], false, 'allowed'],
    ['required, and the only factor', ['totp', 'backup'], true, 'required'],
    ['required, with a passkey left', ['totp', 'passkey'], true, 'allowed'],
  ] as const)('%s', (_name, factors, required, answer) => {
    expect(appRemoval(factors, required)).toBe(answer);
  });
});

describe('what a change of factors ends', () => {
  it.each([
    ['the app on from Perfil ends the other sessions', 'app-on', 'other-sessions'],
    ['the app on at a required sign-in ends every older session', 'app-on-at-sign-in', 'every-session'],
    ['the app off ends nothing', 'app-off', 'nothing'],
    ['renewed codes end nothing', 'codes-renewed', 'nothing'],
  ] as const)('%s', (_name, change, ends) => {
    expect(FACTOR_CHANGES[change].ends).toBe(ends);
  });
});

describe('what saving the rules ends', () => {
  it.each([
    ['nothing when nothing is added', rules({ required_role_ids: [3] }), rules({}), [], false],
    [
      'the roles newly named',
      rules({ required_role_ids: [3] }),
      rules({ required_role_ids: [3, 5] }),
      [5],
      false,
    ],
    ['administrators once required', rules({}), rules({ require_admins: true }), [], true],
    [
      'nothing for administrators required already',
      rules({ require_admins: true }),
      rules({ require_admins: true }),
      [],
      false,
    ],
  ] as const)('%s', (_name, before, after, roleIds, administrators) => {
    expect(sessionsEndedByRules(before, after)).toEqual({ roleIds, administrators });
  });
});
