import type Stripe from 'stripe';
import type { Clock } from '../../lib/clock';
import { expireOpenCheckouts } from './open-checkouts';
import { isStripeError } from './provider-errors';
import { REVENUE_EXPAND, withCoupons } from './revenue';
import type { SubscriptionState, SubscriptionsRepo } from './subscriptions-repo';
import { stateOf, validEmail } from './webhook-event';

/** What the reads at Stripe before an event's transaction use: no network call holds the transaction open. */
export interface StripeReads {
  stripe: Stripe;
  repo: SubscriptionsRepo;
  clock: Clock;
  log: { warn(obj: object, msg: string): void };
}

/**
 * The subscription as Stripe has it now. One that no longer exists is taken from the event when the event
 * carries it, dated by the event (anything fetched later is newer).
 */
export async function fetchState(
  { stripe, clock }: StripeReads,
  event: Stripe.Event,
  subscriptionId: string,
): Promise<{ subscription: Stripe.Subscription; state: SubscriptionState } | undefined> {
  const observedAt = clock.now().getTime();
  try {
    const subscription = await withCoupons(
      stripe,
      await stripe.subscriptions.retrieve(subscriptionId, { expand: REVENUE_EXPAND }),
    );
    return { subscription, state: stateOf(subscription, observedAt) };
  } catch (error) {
    const gone = isStripeError(error, 'StripeInvalidRequestError') && error.statusCode === 404;
    if (!gone) throw error;
    const object = event.data.object as { object?: string; items?: { data?: unknown } };
    // Only a whole subscription, as Stripe sends it, tells the state of one Stripe no longer has.
    if (object.object !== 'subscription' || !Array.isArray(object.items?.data)) return undefined;
    const subscription = object as Stripe.Subscription;
    return { subscription, state: stateOf(subscription, event.created * 1000) };
  }
}

export async function customerEmail(stripe: Stripe, customerId: string): Promise<string | undefined> {
  const customer = await stripe.customers.retrieve(customerId);
  return customer.deleted ? undefined : validEmail(customer.email);
}

/**
 * A visitor paid: the other Checkout pages still open for that email can no longer be paid, those its account
 * opened signed in (under its customer) and those a visitor opened giving the same email, so the same person
 * does not end up with two live subscriptions.
 */
export async function expireOwnerCheckouts(
  { stripe, repo }: StripeReads,
  email: string,
  paidSession: string,
): Promise<void> {
  await expireOpenCheckouts(stripe, { email }, paidSession);
  const userId = await repo.userIdByEmail(email);
  const row = userId === undefined ? undefined : await repo.findByUser(userId);
  if (row) await expireOpenCheckouts(stripe, { customer: row.customer_id }, paidSession);
}

/**
 * One trial per person: a trialing subscription whose customer or email (the one typed at Checkout, known only
 * now) has had another subscription here has its trial ended at Stripe at once, which charges it. Returns the
 * state after, and the account that had the earlier subscription, for Historial. A signed-in member's second
 * trial is never offered at Checkout.
 */
export async function oneTrialPerPerson(
  reads: StripeReads,
  state: SubscriptionState,
  payerEmail: string | undefined,
): Promise<{ state: SubscriptionState; trialEndedFor?: { id: number; username: string } }> {
  const { stripe, repo, clock, log } = reads;
  if (state.status !== 'trialing') return { state };
  // Only a subscription seen for the first time: a trial once accepted is not taken back by a later payment.
  const link = await repo.findLink(state.subscriptionId, state.customerId);
  if (link?.subscription_id === state.subscriptionId || (await repo.findWaiting(state.subscriptionId))) {
    return { state };
  }
  const email = payerEmail ?? (await customerEmail(stripe, state.customerId));
  const earlier = await repo.earlierSubscriber(state.subscriptionId, state.customerId, email);
  if (!earlier) return { state };
  const charged = await withCoupons(
    stripe,
    await stripe.subscriptions.update(state.subscriptionId, { trial_end: 'now', expand: REVENUE_EXPAND }),
  );
  log.warn(
    { subscription: state.subscriptionId, customer: state.customerId, account: earlier.id },
    'billing: a repeated trial was ended at once',
  );
  return { state: stateOf(charged, clock.now().getTime()), trialEndedFor: earlier };
}
