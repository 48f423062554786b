import {
  BILLING_MESSAGES as M,
  SubscriptionStatus,
  buysNoPlan,
  holdsSubscription,
  type MySubscription,
  type SessionUser,
} from '@app/contracts';
import type Stripe from 'stripe';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { RateLimits } from '../../lib/rate-limits';
import type { CustomersRepo, MemberBilling } from './customers-repo';
import type { PlansRepo } from './plans-repo';
import { expireOpenCheckouts } from './open-checkouts';
import { callProvider, providerError } from './provider-errors';

export interface CheckoutServiceDeps {
  plans: PlansRepo;
  customers: CustomersRepo;
  /** Undefined when no secret key is configured: payments are off. */
  stripe: Stripe | undefined;
  limits: Pick<RateLimits, 'checkout'>;
  /** The app's public address (APP_URL, or the address it listens on): where Stripe sends the member back. */
  publicUrl: () => string;
}

/** A subscription the member still holds at Stripe: a second Checkout would charge them twice. */
const holdsOne = (row: MemberBilling | undefined): boolean => {
  const status = SubscriptionStatus.safeParse(row?.status);
  return row?.subscription_id != null && status.success && holdsSubscription(status.data);
};

/** Starting a paid plan (hosted Checkout) and the member's own subscription (Billing Portal). */
export function createCheckoutService({ plans, customers, stripe, limits, publicUrl }: CheckoutServiceDeps) {
  const requireStripe = (): Stripe => {
    if (!stripe) throw conflict(M.notConfigured);
    return stripe;
  };

  /**
   * The member's customer at Stripe, made with their email on their first checkout. Stored only once the
   * Checkout Session exists (see startCheckout), so a failed call leaves nothing saved.
   */
  async function customerOf(client: Stripe, user: SessionUser, row: MemberBilling | undefined) {
    if (row) return { id: row.customer_id, isNew: false };
    const customer = await callProvider(() =>
      client.customers.create({
        email: user.email,
        name: user.username,
        metadata: { user_id: String(user.id) },
      }),
    );
    return { id: customer.id, isNew: true };
  }

  /**
   * A visitor's `email` is only what they typed: Stripe's page shows it and pays with it, and it matches their
   * other open pages; the webhook still decides from what Stripe reports. A member's own email is used instead.
   */
  async function startCheckout(
    priceId: string,
    user: SessionUser | null,
    ip: string,
    email?: string,
  ): Promise<{ url: string }> {
    const client = requireStripe();
    if (user && buysNoPlan(user)) throw badRequest(M.adminNoCheckout);
    await limits.checkout.spend(ip);
    const found = await plans.findPrice(priceId);
    if (!found) throw badRequest(M.unknownPrice, 'price_id');
    const row = user ? await customers.findByUser(user.id) : undefined;
    if (holdsOne(row)) throw conflict(M.alreadySubscribed);
    const customer = user ? await customerOf(client, user, row) : undefined;
    const { plan } = found;
    const base = publicUrl();
    // The webhook finds the member by these ids: the session's for checkout.session.completed, the
    // subscription's for every later event.
    const metadata = user ? { user_id: String(user.id) } : undefined;
    const visitorEmail = user ? undefined : email;
    const session = await callProvider(() =>
      client.checkout.sessions.create({
        mode: 'subscription',
        locale: 'es',
        line_items: [{ price: priceId, quantity: 1 }],
        success_url: `${base}/planes/gracias?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${base}/planes`,
        ...(plan.allow_promotion_codes ? { allow_promotion_codes: true } : {}),
        ...(plan.automatic_tax ? { automatic_tax: { enabled: true } } : {}),
        // Stripe Tax needs the customer's address: Checkout asks for it and saves it on the customer.
        ...(plan.automatic_tax && customer ? { customer_update: { address: 'auto' as const } } : {}),
        subscription_data: {
          // One trial per person: a member who has had any subscription here pays from the first day.
          ...(plan.trial_days !== null && row?.subscription_id == null
            ? { trial_period_days: plan.trial_days }
            : {}),
          ...(metadata ? { metadata } : {}),
        },
        ...(user && customer
          ? { client_reference_id: String(user.id), customer: customer.id, metadata }
          : {}),
        ...(visitorEmail ? { customer_email: visitorEmail } : {}),
      }),
    );
    if (!session.url) throw providerError(new Error(`checkout session ${session.id} has no url`));
    if (user && customer?.isNew) await customers.saveCustomer(user.id, customer.id);
    // Only the newest Checkout can be paid: two open ones would make two live subscriptions.
    const owner =
      customer && !customer.isNew ? { customer: customer.id } : visitorEmail && { email: visitorEmail };
    if (owner) await callProvider(() => expireOpenCheckouts(client, owner, session.id));
    return { url: session.url };
  }

  async function mySubscription(userId: number): Promise<{ subscription: MySubscription | null }> {
    const row = await customers.findByUser(userId);
    const status = SubscriptionStatus.safeParse(row?.status);
    if (!row?.subscription_id || !status.success) return { subscription: null };
    return {
      subscription: {
        plan: row.plan ?? '',
        status: status.data,
        price: row.price,
        current_period_end: row.current_period_end,
        cancel_at_period_end: row.cancel_at_period_end,
      },
    };
  }

  async function openPortal(userId: number): Promise<{ url: string }> {
    const client = requireStripe();
    const row = await customers.findByUser(userId);
    if (!row) throw notFound(M.noSubscription);
    const portal = await callProvider(() =>
      client.billingPortal.sessions.create({
        customer: row.customer_id,
        return_url: `${publicUrl()}/perfil`,
        locale: 'es',
      }),
    );
    return { url: portal.url };
  }

  return { startCheckout, mySubscription, openPortal };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
