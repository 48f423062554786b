import type Stripe from 'stripe';
import { isStripeError } from './provider-errors';

/** Whose open Checkout pages: a customer's (a member's), or those a visitor opened giving this email. */
export type CheckoutOwner = { customer: string } | { email: string };

/**
 * Expires the Checkout pages still open for this owner but `keep`, so only one of them can be paid: two paid
 * pages would be two live subscriptions for one person. Stripe lists open pages only until they expire (a day),
 * and cannot filter them by a prefilled email, so a visitor's are matched here, in any case.
 */
export async function expireOpenCheckouts(client: Stripe, owner: CheckoutOwner, keep: string): Promise<void> {
  const email = 'email' in owner ? owner.email.toLowerCase() : undefined;
  const open: string[] = [];
  const listed = client.checkout.sessions.list({
    status: 'open',
    limit: 100,
    ...('customer' in owner ? { customer: owner.customer } : {}),
  });
  for await (const session of listed) {
    if (session.id === keep) continue;
    if (email === undefined || session.customer_email?.toLowerCase() === email) open.push(session.id);
  }
  for (const id of open) {
    try {
      await client.checkout.sessions.expire(id);
    } catch (error) {
      // Paid or expired meanwhile: it is no longer open, which is all this wants.
      if (!isStripeError(error, 'StripeInvalidRequestError')) throw error;
    }
  }
}
