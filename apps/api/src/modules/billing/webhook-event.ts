import { BILLING_WEBHOOK_MESSAGES as M, EmailField } from '@app/contracts';
import type Stripe from 'stripe';
import { badRequest } from '../../lib/errors';
import { revenueOf } from './revenue';
import type { SubscriptionState } from './subscriptions-repo';

/** How far ahead of our clock a signature may be dated (Stripe's own tolerance for its age). */
const SIGNATURE_SKEW_MS = 300 * 1000;

/** An email from Stripe counts only if the app would accept it from a member. */
export const validEmail = (email: string | null | undefined): string | undefined => {
  const parsed = EmailField.safeParse(email ?? '');
  return parsed.success ? parsed.data : undefined;
};

const idOf = (value: string | { id: string } | null | undefined): string | undefined =>
  typeof value === 'string' ? value : value?.id;

/** The event Stripe signed, or the Spanish 400 for a payload or signature that is not one. */
export function verifyEvent(
  stripe: Stripe,
  secret: string,
  payload: unknown,
  signature: unknown,
  now: Date,
): Stripe.Event {
  if (!Buffer.isBuffer(payload) || typeof signature !== 'string') throw badRequest(M.badSignature);
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(payload, signature, secret);
  } catch (error) {
    throw badRequest(M.badSignature).withDetail(String(error));
  }
  // The SDK refuses a signature too old, never one dated ahead: bound the skew both ways.
  const signedAt = Number(/(?:^|,)t=(\d+)/.exec(signature)?.[1]);
  if (!(signedAt * 1000 <= now.getTime() + SIGNATURE_SKEW_MS)) {
    throw badRequest(M.badSignature).withDetail('signature dated in the future');
  }
  // A signed event without an object (Stripe never sends one) is nothing to act on.
  const data = (event as Partial<Stripe.Event> | null)?.data;
  if (typeof data !== 'object' || data === null || typeof data.object !== 'object' || data.object === null) {
    throw badRequest(M.badEvent);
  }
  return event;
}

/** What an event the app acts on says: the subscription it is about, and what it tells of its start. */
export interface EventFacts {
  subscriptionId: string;
  /** One of a new subscription's own events (checkout completed, subscription created): only these make an account. */
  firstEvent: boolean;
  /** The Checkout page a completed checkout was paid on: who paid, and whose other open pages expire. */
  checkout?: Stripe.Checkout.Session;
}

/**
 * One case per event that changes a member's access; undefined for every other. Each only names the
 * subscription: what it changes is read from the subscription's current state, never from the event.
 */
export function readEvent(event: Stripe.Event): EventFacts | undefined {
  switch (event.type) {
    case 'customer.subscription.created':
      return { subscriptionId: event.data.object.id, firstEvent: true };
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
      return { subscriptionId: event.data.object.id, firstEvent: false };
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const subscriptionId = idOf(event.data.object.parent?.subscription_details?.subscription);
      return subscriptionId ? { subscriptionId, firstEvent: false } : undefined;
    }
    case 'checkout.session.completed': {
      const checkout = event.data.object;
      const subscriptionId = checkout.mode === 'subscription' ? idOf(checkout.subscription) : undefined;
      return subscriptionId ? { subscriptionId, firstEvent: true, checkout } : undefined;
    }
    default:
      return undefined;
  }
}

/** Who is paying, as the event tells: our user id (a signed-in checkout) and the payer's email. */
export interface Payer {
  userId: number | undefined;
  email: string | undefined;
}

export function payerOf(
  checkout: Stripe.Checkout.Session | undefined,
  subscription: Stripe.Subscription | undefined,
): Payer {
  const rawId =
    subscription?.metadata.user_id ??
    checkout?.metadata?.user_id ??
    checkout?.client_reference_id ??
    undefined;
  const userId = rawId && /^\d{1,10}$/.test(rawId) ? Number(rawId) : undefined;
  const email = validEmail(checkout?.customer_details?.email ?? checkout?.customer_email);
  return { userId, email };
}

/** A subscription as the app keeps it, observed at `observedAt` (ms since the epoch). */
export function stateOf(subscription: Stripe.Subscription, observedAt: number): SubscriptionState {
  const item = subscription.items.data[0];
  return {
    revenue: revenueOf(subscription, Math.floor(observedAt / 1000)),
    subscriptionId: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    priceId: item?.price.id,
    status: subscription.status,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    currentPeriodEnd: item ? new Date(item.current_period_end * 1000).toISOString() : null,
    observedAt,
  };
}
