import type { SecondFactor } from '@app/contracts';

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
