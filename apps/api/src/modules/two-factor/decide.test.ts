import { describe, expect, it } from 'vitest';
import { afterPassword, type AfterPasswordFacts } from './decide';

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
