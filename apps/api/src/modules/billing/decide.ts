/**
 * Where one subscription's event goes, decided from the facts read before it: the rules that keep a payment from
 * attaching itself to an account whose owner never asked for it. Pure, so every case is a row of a table test.
 */

export interface PaymentFacts {
  /** The account a stored subscription or customer already names. */
  linkedUserId: number | undefined;
  /** Whether this subscription already waits for the owner of its email. */
  waiting: boolean;
  /** Whether the subscription's state gives access (a payment that went through). */
  grants: boolean;
  /** Whether the event is one of a new subscription's own (checkout completed, subscription created). */
  firstEvent: boolean;
  /** The signed-in member who started the checkout (our server wrote their id), when that account exists. */
  memberId: number | undefined;
  /** The payer's email as typed in the provider's page, if any. */
  email: string | undefined;
  /** The account that already has that email, in any case. */
  emailAccountId: number | undefined;
}

export type PaymentRoute =
  /** The subscription belongs to this account already: its state applies. */
  | { kind: 'linked'; userId: number }
  /** A signed-in member paid: the subscription is theirs. */
  | { kind: 'member'; userId: number }
  /** A visitor paid with an account's email: it waits for the owner of that address, granting nothing. */
  | { kind: 'wait'; userId: number }
  /** It waits already: only its state is kept. */
  | { kind: 'still-waiting' }
  /** A visitor paid with an email no account has: a new account is made for it. */
  | { kind: 'create'; email: string }
  /** Nothing to act on: an unknown payer, or a subscription first seen without access. */
  | { kind: 'none' };

export function routePayment(facts: PaymentFacts): PaymentRoute {
  if (facts.linkedUserId !== undefined) return { kind: 'linked', userId: facts.linkedUserId };
  if (facts.waiting) return { kind: 'still-waiting' };
  // A subscription first seen without access (never paid, or already over) links no account: a member
  // without a subscription row, such as a "cortesía" one, stays out of billing.
  if (!facts.grants) return { kind: 'none' };
  if (facts.memberId !== undefined) return { kind: 'member', userId: facts.memberId };
  if (facts.emailAccountId !== undefined) return { kind: 'wait', userId: facts.emailAccountId };
  // Only a new subscription makes an account: a renewal of one whose account an administrator deleted does not
  // bring it back.
  if (facts.email !== undefined && facts.firstEvent) return { kind: 'create', email: facts.email };
  return { kind: 'none' };
}
