/**
 * What one subscription's event does, decided from the facts read before it (a functional core: the webhook's
 * handler reads, calls these and writes). Where a payment goes keeps it from attaching itself to an account whose
 * owner never asked for it; what it changes keeps an older state, a former subscription or an administrator's
 * decision from undoing a newer one. Pure, so every case is a row of a table test.
 */
import { ACCESS_STATUSES, ENDED_STATUSES } from '@app/contracts';
import type { PricePlan, SubscriptionState } from './subscriptions-repo';

/** Whether a subscription in this state gives its plan's access. */
export const grantsAccess = (status: string | null | undefined): boolean =>
  (ACCESS_STATUSES as readonly string[]).includes(status ?? '');

/**
 * A paused subscription collects nothing (a trial that ended without a card): like an ended one it takes the
 * plan's access away, and resuming it gives it back.
 */
const REVOKING_STATUSES: readonly string[] = [...ENDED_STATUSES, 'paused'];

/** Whether the subscription stops giving access now: it gave access in the state stored before this one. */
const endsAccess = (status: string, before: string | null | undefined): boolean =>
  REVOKING_STATUSES.includes(status) && grantsAccess(before);

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

/** What is known when a subscription's state is applied to its account. */
export interface ChangeFacts {
  account: { role_id: number; is_active: boolean; deactivated_by_admin: boolean };
  /** The account administers the community (an administrator, or a role with an administering tool). */
  administers: boolean;
  plan: Pick<PricePlan, 'role_id' | 'end_action' | 'end_role_id'>;
  state: Pick<SubscriptionState, 'subscriptionId' | 'status' | 'cancelAtPeriodEnd' | 'observedAt'>;
  /** The subscription stored for the account before this state: this one, or a former one. */
  previous:
    { subscription_id: string | null; status: string | null; provider_updated_at: number } | undefined;
}

/** How a plan that stopped giving access leaves the account, for the member's email. */
export type EndedOutcome = 'deactivated' | 'moved' | 'unchanged';

export type SubscriptionChange =
  /** A newer state is stored already, or a former subscription ends after the account's new one began. */
  | { kind: 'skip'; why: 'older' | 'former' }
  | {
      kind: 'apply';
      /** The status this subscription had before (none when the stored row was a former subscription's). */
      previousStatus: string | null | undefined;
      /** The role and active flag the account ends up with. */
      access: { role_id: number; is_active: boolean };
      /** Renewed at Stripe (it will charge again): an erasure scheduled for the account is called off. */
      cancelErasure: boolean;
      /** A charge failed just now: the member is told. */
      paymentFailed: boolean;
      /** The plan stopped giving access just now: the member is told how the account was left. */
      ended: EndedOutcome | null;
    };

/**
 * The role and active flag the state gives the account: the plan's role while it grants access; the plan's
 * end rule once, when a subscription that gave access stops; nothing for a payment that never went through.
 * Never an administrator's, nor an account an administrator deactivated (their decision wins).
 */
function accessTarget(facts: ChangeFacts, previousStatus: string | null | undefined) {
  const { account, plan, state } = facts;
  const unchanged = { role_id: account.role_id, is_active: account.is_active };
  if (facts.administers || (!account.is_active && account.deactivated_by_admin)) return unchanged;
  if (grantsAccess(state.status)) return { role_id: plan.role_id, is_active: true };
  if (!endsAccess(state.status, previousStatus)) return unchanged;
  return plan.end_action === 'deactivate'
    ? { role_id: account.role_id, is_active: false }
    : { role_id: plan.end_role_id ?? account.role_id, is_active: account.is_active };
}

/** What a subscription's state changes for its account, and what the member is told of it. */
export function decideChange(facts: ChangeFacts): SubscriptionChange {
  const { previous, state } = facts;
  if (previous && previous.provider_updated_at > state.observedAt) return { kind: 'skip', why: 'older' };
  const other = !!previous?.subscription_id && previous.subscription_id !== state.subscriptionId;
  if (other && grantsAccess(previous?.status) && !grantsAccess(state.status)) {
    return { kind: 'skip', why: 'former' };
  }
  const previousStatus = other ? undefined : previous?.status;
  const access = accessTarget(facts, previousStatus);
  const told = !facts.administers;
  const ended: EndedOutcome | null =
    told && endsAccess(state.status, previousStatus)
      ? !access.is_active
        ? 'deactivated'
        : access.role_id !== facts.plan.role_id
          ? 'moved'
          : 'unchanged'
      : null;
  return {
    kind: 'apply',
    previousStatus,
    access,
    cancelErasure: grantsAccess(state.status) && !state.cancelAtPeriodEnd,
    paymentFailed: told && state.status === 'past_due' && previousStatus !== 'past_due',
    ended,
  };
}
