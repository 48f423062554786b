import { BILLING_MESSAGES, type SubscriptionEnding } from '@app/contracts';
import type Stripe from 'stripe';
import { AppError, conflict } from '../../lib/errors';
import { isMissingResource } from './provider-errors';

/** Whether Stripe holds the subscription as over (cancelled, or never paid); false when it cannot tell. */
async function hasEnded(stripe: Stripe, subscriptionId: string): Promise<boolean> {
  try {
    const { status } = await stripe.subscriptions.retrieve(subscriptionId);
    return status === 'canceled' || status === 'incomplete_expired';
  } catch {
    return false;
  }
}

/**
 * Ends a member's subscription at Stripe as an administrator chose: cancelled now, or not renewed after the
 * period already paid. Throws the Spanish error the administrator reads when Stripe cannot do it, so the
 * caller's transaction (the deactivation or deletion) is rolled back and nothing changes.
 */
export function createSubscriptionEnder(stripe: Stripe | undefined) {
  return async (subscriptionId: string, ending: SubscriptionEnding): Promise<void> => {
    if (!stripe) throw conflict(BILLING_MESSAGES.cannotEndSubscription);
    try {
      if (ending === 'now') await stripe.subscriptions.cancel(subscriptionId);
      else await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    } catch (error) {
      // A subscription Stripe no longer knows, or has ended already: there is nothing left to stop.
      if (isMissingResource(error) || (await hasEnded(stripe, subscriptionId))) return;
      const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      throw new AppError(502, BILLING_MESSAGES.endSubscriptionFailed).withDetail(detail);
    }
  };
}

/**
 * Deletes a member's customer at Stripe when their account is erased: its email, name, cards and metadata go.
 * The invoices and payments already issued stay in Stripe (the records tax law keeps; see docs/data-rights.md).
 * Without Stripe configured there is nothing to delete. A failure throws the Spanish error, so the caller's
 * erasure is rolled back and tried again.
 */
export function createCustomerDeleter(stripe: Stripe | undefined) {
  return async (customerId: string): Promise<void> => {
    if (!stripe) return;
    try {
      await stripe.customers.del(customerId);
    } catch (error) {
      if (isMissingResource(error)) return;
      const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      throw new AppError(502, BILLING_MESSAGES.deleteCustomerFailed).withDetail(detail);
    }
  };
}
