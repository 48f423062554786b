/**
 * A local Stripe: the REST API's form-encoded requests and JSON objects (products, prices, customers, Checkout and Billing
 * Portal sessions, subscriptions, events), Stripe's error shapes and id prefixes, a stand-in for the hosted
 * Checkout page, and webhook events signed with the SDK's own `webhooks.generateTestHeaderString`.
 *
 * Webhooks go to `deliver` (API tests inject them into the app) or, once an end-to-end set-up has posted the app's
 * URL to `/__control/webhook-url`, over HTTP. Tests drive subscriptions with `update` (or, from another process,
 * `POST /__control/subscriptions/:id` with the same fields as JSON; `GET /__control/subscriptions?email=` finds
 * them by the payer's email). `DELETE /v1/subscriptions/:id` (cancel now) and `POST /v1/subscriptions/:id`
 * (`cancel_at_period_end`) answer the subscription and send its event after the answer, as Stripe does;
 * `settled()` waits for those deliveries.
 */
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { parse as parseForm } from 'qs';
import Stripe from 'stripe';
import { STRIPE_API_VERSION } from '../../src/integrations/stripe';
import type { FakeService } from './index';
import { sendJson, startHttpFake, type HttpFake, type ReceivedRequest } from './http-fake';

export const FAKE_STRIPE_KEY = 'sk_test_fake_stripe_key';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_fake_stripe_webhook_secret';

const DAY = 86_400;

/** The prices every fake Stripe starts with (the e2e set-up maps them to the seeded roles). */
export const FAKE_PRICES = {
  vipMonthly: { id: 'price_vip_monthly', amount: 4900, interval: 'month' },
  vipYearly: { id: 'price_vip_yearly', amount: 49000, interval: 'year' },
  estrategasMonthly: { id: 'price_estrategas_monthly', amount: 1900, interval: 'month' },
  cafeinasMonthly: { id: 'price_cafeinas_monthly', amount: 900, interval: 'month' },
} as const;

type Json = Record<string, unknown>;
type Form = Record<string, unknown>;

export interface Delivery {
  payload: string;
  signature: string;
}

/** What a test may change on a subscription; the fake sends the matching event. */
export interface SubscriptionChange {
  status?: Stripe.Subscription.Status;
  cancel_at_period_end?: boolean;
  /** Moves the paid period on (a renewal). */
  current_period_end?: number;
  price?: string;
  /** The item's quantity (seats). */
  quantity?: number;
  /** A coupon applied to the subscription as a discount (its `discounts`); null removes them all. */
  coupon?: string | null;
  /** A coupon applied to the subscription's item (its `items.data[0].discounts`); null removes them. */
  item_coupon?: string | null;
}

/** A coupon as a test makes it: a percentage or an amount off, once, for some months, or forever. */
export interface CouponSpec {
  percent_off?: number;
  amount_off?: number;
  currency?: string;
  duration: 'once' | 'repeating' | 'forever';
  duration_in_months?: number;
}

export interface FakeStripe extends HttpFake {
  products: Map<string, Json>;
  prices: Map<string, Json>;
  customers: Map<string, Json>;
  sessions: Map<string, Json>;
  subscriptions: Map<string, Json>;
  /** The invoices issued: one per paid checkout (a trial's first one is not charged). */
  invoices: Map<string, Json>;
  coupons: Map<string, Json>;
  /** Every event built, in order (sent or not). */
  events: Json[];
  /** Where events go; API tests set it (e.g. to inject into the app). */
  deliver: ((delivery: Delivery) => Promise<unknown>) | undefined;
  /** Answers every API call with this error while set (e.g. 500, or 'down' to drop the connection). */
  failure: { status: number; type: string; message: string } | 'down' | undefined;
  addPrice(
    id: string,
    amount: number,
    interval: 'day' | 'week' | 'month' | 'year',
    currency?: string,
    product?: string,
  ): Json;
  /** A coupon with this id, as `POST /v1/coupons` makes it. */
  addCoupon(id: string, spec: CouponSpec): Json;
  /** What the hosted Checkout page does when the visitor pays: customer, subscription, then the events. */
  completeCheckout(sessionId: string, email?: string): Promise<Json>;
  /** Changes a subscription as Stripe would, and sends its event (updated, or deleted when it ends). */
  update(subscriptionId: string, change: SubscriptionChange): Promise<Json>;
  /** Builds a signed event for `object` (sent through `deliver` unless `send` is false). */
  emit(type: string, object: Json, options?: { send?: boolean; created?: number }): Promise<Delivery>;
  /** The signature header for a payload, made by the SDK. */
  sign(payload: string): string;
  /** Resolves once the events sent after an API answer have been delivered. */
  settled(): Promise<void>;
}

const newId = (prefix: string): string => `${prefix}_${randomBytes(12).toString('hex')}`;
const nowSeconds = (): number => Math.floor(Date.now() / 1000);

const stripeError = (
  response: ServerResponse,
  status: number,
  type: string,
  message: string,
  extra: Json = {},
) => sendJson(response, status, { error: { type, message, ...extra } });

const missing = (response: ServerResponse, kind: string, id: string) =>
  stripeError(response, 404, 'invalid_request_error', `No such ${kind}: '${id}'`, {
    code: 'resource_missing',
    param: 'id',
  });

const list = (data: Json[], url: string): Json => ({ object: 'list', data, has_more: false, url });

const page = (title: string, body: string): string =>
  `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>${title}</title>` +
  `<meta name="viewport" content="width=device-width, initial-scale=1"></head><body>${body}</body></html>`;

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startFakeStripe(): Promise<FakeStripe> {
  const stripe = new Stripe(FAKE_STRIPE_KEY, { apiVersion: STRIPE_API_VERSION });
  const products = new Map<string, Json>();
  const prices = new Map<string, Json>();
  const customers = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  const coupons = new Map<string, Json>();
  /** Discounts by id: subscriptions and items hold their ids, as Stripe answers them unexpanded. */
  const discounts = new Map<string, Json>();
  const events: Json[] = [];
  const inFlight = new Set<Promise<unknown>>();
  let webhookUrl: string | undefined;

  /** Sends an event after the API answer went out: the caller never waits for its own webhook. */
  const later = (delivery: () => Promise<unknown>): void => {
    const sent = delivery()
      .catch(() => undefined)
      .finally(() => inFlight.delete(sent));
    inFlight.add(sent);
  };
  const settled = async (): Promise<void> => {
    while (inFlight.size > 0) await Promise.all([...inFlight]);
  };

  const sign = (payload: string): string =>
    stripe.webhooks.generateTestHeaderString({ payload, secret: FAKE_STRIPE_WEBHOOK_SECRET });

  const addPrice = (
    id: string,
    amount: number,
    interval: 'day' | 'week' | 'month' | 'year',
    currency = 'eur',
    product = `prod_${id.slice('price_'.length)}`,
  ): Json => {
    const price = {
      id,
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      created: nowSeconds(),
      currency,
      livemode: false,
      lookup_key: null,
      metadata: {},
      nickname: null,
      product,
      recurring: {
        interval,
        interval_count: 1,
        usage_type: 'licensed',
        meter: null,
        trial_period_days: null,
      },
      tax_behavior: 'unspecified',
      type: 'recurring',
      unit_amount: amount,
      unit_amount_decimal: String(amount),
    };
    prices.set(id, price);
    return price;
  };
  for (const price of Object.values(FAKE_PRICES)) addPrice(price.id, price.amount, price.interval);

  const fake: FakeStripe = Object.assign(
    await startHttpFake((request, response, baseUrl) => handle(request, response, baseUrl)),
    {
      products,
      prices,
      customers,
      sessions,
      subscriptions,
      invoices,
      coupons,
      events,
      addCoupon,
      deliver: undefined as FakeStripe['deliver'],
      failure: undefined as FakeStripe['failure'],
      addPrice,
      sign,
      settled,
      completeCheckout,
      update,
      emit,
    },
  );

  function addCoupon(id: string, spec: CouponSpec): Json {
    const coupon = {
      id,
      object: 'coupon',
      amount_off: spec.amount_off ?? null,
      created: nowSeconds(),
      currency: spec.amount_off !== undefined ? (spec.currency ?? 'eur') : null,
      duration: spec.duration,
      duration_in_months: spec.duration === 'repeating' ? (spec.duration_in_months ?? 1) : null,
      livemode: false,
      max_redemptions: null,
      metadata: {},
      name: null,
      percent_off: spec.percent_off ?? null,
      redeem_by: null,
      times_redeemed: 0,
      valid: true,
    };
    coupons.set(id, coupon);
    return coupon;
  }

  /** A discount redeeming `couponId` on a subscription (or one of its items); its id goes on the object. */
  function discountFor(couponId: string, subscription: Json, itemId: string | null): string {
    const coupon = coupons.get(couponId);
    if (!coupon) throw new Error(`no coupon ${couponId}`);
    coupon.times_redeemed = (coupon.times_redeemed as number) + 1;
    const start = nowSeconds();
    const months = coupon.duration_in_months as number | null;
    const discount = {
      id: newId('di'),
      object: 'discount',
      checkout_session: null,
      customer: subscription.customer,
      end: coupon.duration === 'repeating' && months ? start + months * 30 * DAY : null,
      invoice: null,
      invoice_item: null,
      promotion_code: null,
      source: { coupon: couponId, type: 'coupon' },
      start,
      subscription: subscription.id,
      subscription_item: itemId,
    };
    discounts.set(discount.id, discount);
    return discount.id;
  }

  /**
   * A subscription as the API answers it: discounts as ids, or as objects for an `expand[]` of `discounts`
   * (and their coupons for `discounts.source.coupon`), on the subscription and on its items. Stripe refuses an
   * expansion deeper than four levels.
   */
  function expanded(subscription: Json, expand: readonly string[]): Json | string {
    const deep = expand.find((path) => path.split('.').length > 4);
    if (deep) return deep;
    const view = structuredClone(subscription);
    const expandList = (ids: unknown, path: string) =>
      (ids as string[]).map((id) => {
        if (!expand.some((p) => p === path || p.startsWith(`${path}.`))) return id;
        const discount = structuredClone(discounts.get(id)!);
        const source = discount.source as { coupon: string | Json };
        if (expand.includes(`${path}.source.coupon`))
          source.coupon = structuredClone(coupons.get(source.coupon as string)!);
        return discount;
      });
    view.discounts = expandList(view.discounts, 'discounts');
    for (const item of (view.items as { data: Json[] }).data) {
      item.discounts = expandList(item.discounts, 'items.data.discounts');
    }
    return view;
  }

  /** Answers a subscription expanded as asked, or Stripe's refusal of an expansion too deep. */
  function answerSubscription(response: ServerResponse, subscription: Json, form: Form) {
    const expand = Array.isArray(form.expand) ? (form.expand as string[]) : [];
    const view = expanded(subscription, expand);
    if (typeof view === 'string') {
      return stripeError(
        response,
        400,
        'invalid_request_error',
        `You cannot expand more than 4 levels of a property. Property: ${view}`,
      );
    }
    return sendJson(response, 200, view);
  }

  async function emit(type: string, object: Json, options: { send?: boolean; created?: number } = {}) {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: STRIPE_API_VERSION,
      created: options.created ?? nowSeconds(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    events.push(event);
    const payload = JSON.stringify(event, null, 2);
    const delivery = { payload, signature: sign(payload) };
    if (options.send !== false) await send(delivery);
    return delivery;
  }

  async function send(delivery: Delivery): Promise<void> {
    if (fake.deliver) {
      await fake.deliver(delivery);
      return;
    }
    if (!webhookUrl) return;
    await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': delivery.signature },
      body: delivery.payload,
    });
  }

  function createCustomer(form: Form): Json {
    const customer = {
      id: newId('cus'),
      object: 'customer',
      created: nowSeconds(),
      email: typeof form.email === 'string' ? form.email : null,
      name: typeof form.name === 'string' ? form.name : null,
      metadata: (form.metadata as Json | undefined) ?? {},
      livemode: false,
    };
    customers.set(customer.id, customer);
    return customer;
  }

  function subscriptionFor(
    customerId: string,
    priceId: string,
    trialDays: number | undefined,
    metadata: Json,
  ) {
    const price = prices.get(priceId)!;
    const start = nowSeconds();
    const interval = (price.recurring as { interval: string }).interval;
    const periodEnd = trialDays ? start + trialDays * DAY : start + (interval === 'year' ? 365 : 30) * DAY;
    const subscription = {
      id: newId('sub'),
      object: 'subscription',
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      collection_method: 'charge_automatically',
      created: start,
      currency: price.currency,
      customer: customerId,
      discounts: [] as string[],
      ended_at: null,
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            created: start,
            current_period_start: start,
            current_period_end: periodEnd,
            discounts: [] as string[],
            metadata: {},
            price,
            quantity: 1,
            subscription: '',
          },
        ],
        has_more: false,
        url: '/v1/subscription_items',
      },
      latest_invoice: null,
      livemode: false,
      metadata,
      start_date: start,
      status: trialDays ? 'trialing' : 'active',
      trial_end: trialDays ? periodEnd : null,
      trial_start: trialDays ? start : null,
    };
    (subscription.items.data[0] as Json).subscription = subscription.id;
    subscriptions.set(subscription.id, subscription);
    return subscription;
  }

  async function completeCheckout(sessionId: string, email?: string): Promise<Json> {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no checkout session ${sessionId}`);
    // Stripe's page takes no payment once the session is expired or paid.
    if (session.status !== 'open')
      throw new Error(`checkout session ${sessionId} is ${String(session.status)}`);
    const payer = email ?? (session.customer_email as string | null) ?? 'cliente@example.com';
    const customerId = (session.customer as string | null) ?? (createCustomer({ email: payer }).id as string);
    const lineItems = session.__line_items as { price: string }[];
    const trialDays = (session.__subscription_data as { trial_period_days?: string } | undefined)
      ?.trial_period_days;
    const subscription = subscriptionFor(
      customerId,
      lineItems[0]!.price,
      trialDays ? Number(trialDays) : undefined,
      (session.__subscription_data as { metadata?: Json } | undefined)?.metadata ?? {},
    );
    if (!trialDays) {
      const price = prices.get(lineItems[0]!.price);
      const invoice = {
        id: newId('in'),
        object: 'invoice',
        customer: customerId,
        subscription: subscription.id,
        number: `FAKE-${String(invoices.size + 1).padStart(4, '0')}`,
        status: 'paid',
        amount_due: price?.unit_amount ?? 0,
        amount_paid: price?.unit_amount ?? 0,
        currency: price?.currency ?? 'eur',
        created: nowSeconds(),
        hosted_invoice_url: null,
      };
      invoices.set(invoice.id, invoice);
    }
    Object.assign(session, {
      status: 'complete',
      payment_status: trialDays ? 'no_payment_required' : 'paid',
      customer: customerId,
      customer_details: { email: (customers.get(customerId)?.email as string | null) ?? payer, name: null },
      subscription: subscription.id,
    });
    await emit('customer.subscription.created', subscription);
    await emit('checkout.session.completed', publicSession(session));
    return session;
  }

  async function update(subscriptionId: string, change: SubscriptionChange): Promise<Json> {
    const subscription = subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
    const item = (subscription.items as { data: Json[] }).data[0]!;
    if (change.cancel_at_period_end !== undefined) {
      subscription.cancel_at_period_end = change.cancel_at_period_end;
      subscription.cancel_at = change.cancel_at_period_end ? item.current_period_end : null;
      subscription.canceled_at = change.cancel_at_period_end ? nowSeconds() : null;
    }
    if (change.current_period_end !== undefined) {
      item.current_period_start = item.current_period_end;
      item.current_period_end = change.current_period_end;
    }
    if (change.price !== undefined) item.price = prices.get(change.price) ?? item.price;
    if (change.quantity !== undefined) item.quantity = change.quantity;
    if (change.coupon !== undefined) {
      subscription.discounts = change.coupon ? [discountFor(change.coupon, subscription, null)] : [];
    }
    if (change.item_coupon !== undefined) {
      item.discounts = change.item_coupon
        ? [discountFor(change.item_coupon, subscription, item.id as string)]
        : [];
    }
    if (change.status !== undefined) {
      subscription.status = change.status;
      if (change.status === 'canceled' || change.status === 'incomplete_expired') {
        subscription.ended_at = nowSeconds();
      }
    }
    const ended = subscription.status === 'canceled' || subscription.status === 'incomplete_expired';
    await emit(ended ? 'customer.subscription.deleted' : 'customer.subscription.updated', subscription);
    return subscription;
  }

  /**
   * `trial_end=now`: the trial stops, the first period starts now and is charged (the fake's cards always pay).
   * On a subscription no longer trialing the fake changes nothing.
   */
  function endTrial(subscription: Json): void {
    if (subscription.status !== 'trialing') return;
    const item = (subscription.items as { data: Json[] }).data[0]!;
    const interval = ((item.price as Json).recurring as { interval: string }).interval;
    const start = nowSeconds();
    Object.assign(subscription, { status: 'active', trial_end: start });
    Object.assign(item, {
      current_period_start: start,
      current_period_end: start + (interval === 'year' ? 365 : 30) * DAY,
    });
  }

  /** POST /v1/products: a product as Stripe answers it (the fields this API version returns). */
  function createProduct(form: Form, response: ServerResponse) {
    if (typeof form.name !== 'string' || form.name === '') {
      return stripeError(response, 400, 'invalid_request_error', 'Missing required param: name.', {
        code: 'parameter_missing',
        param: 'name',
      });
    }
    const now = nowSeconds();
    const product = {
      id: newId('prod'),
      object: 'product',
      active: form.active !== 'false',
      created: now,
      default_price: null,
      description: typeof form.description === 'string' ? form.description : null,
      images: [],
      livemode: false,
      marketing_features: [],
      metadata: (form.metadata as Json | undefined) ?? {},
      name: form.name,
      package_dimensions: null,
      shippable: null,
      statement_descriptor: null,
      tax_code: null,
      type: 'service',
      unit_label: null,
      updated: now,
      url: null,
    };
    products.set(product.id, product);
    return sendJson(response, 200, product);
  }

  /** POST /v1/prices: a recurring price of a known product, refused as Stripe refuses a bad one. */
  function createPrice(form: Form, response: ServerResponse) {
    const refuse = (message: string, param: string, code = 'parameter_invalid_empty') =>
      stripeError(response, 400, 'invalid_request_error', message, { code, param });
    if (typeof form.currency !== 'string') return refuse('Missing required param: currency.', 'currency');
    if (!/^[a-z]{3}$/.test(form.currency) || form.currency === 'xxx') {
      return refuse(`Invalid currency: ${form.currency}.`, 'currency', 'parameter_invalid_string');
    }
    if (typeof form.product !== 'string') return refuse('Missing required param: product.', 'product');
    if (!products.has(form.product)) return missing(response, 'product', form.product);
    const amount = Number(form.unit_amount);
    if (!Number.isInteger(amount) || amount < 0) {
      return refuse('Invalid integer: unit_amount.', 'unit_amount', 'parameter_invalid_integer');
    }
    const interval = (form.recurring as { interval?: string } | undefined)?.interval;
    if (interval !== 'day' && interval !== 'week' && interval !== 'month' && interval !== 'year') {
      return refuse('Invalid recurring[interval].', 'recurring[interval]', 'parameter_invalid_string');
    }
    return sendJson(response, 200, addPrice(newId('price'), amount, interval, form.currency, form.product));
  }

  /** A session as the API shows it (the fake's own bookkeeping fields start with "__"). */
  const publicSession = (session: Json): Json =>
    Object.fromEntries(Object.entries(session).filter(([key]) => !key.startsWith('__')));

  function createSession(form: Form, baseUrl: string, response: ServerResponse) {
    if (form.mode !== 'subscription') {
      return stripeError(response, 400, 'invalid_request_error', 'The fake only knows subscription mode.', {
        param: 'mode',
      });
    }
    const lineItems = (form.line_items as { price: string; quantity?: string }[] | undefined) ?? [];
    const unknown = lineItems.find((item) => !prices.has(item.price));
    if (lineItems.length === 0 || unknown) {
      return stripeError(response, 400, 'invalid_request_error', `No such price: '${unknown?.price ?? ''}'`, {
        code: 'resource_missing',
        param: 'line_items[0][price]',
      });
    }
    if (typeof form.customer === 'string' && !customers.has(form.customer)) {
      return missing(response, 'customer', form.customer);
    }
    const id = newId('cs_test');
    const session = {
      id,
      object: 'checkout.session',
      allow_promotion_codes: form.allow_promotion_codes === 'true' ? true : null,
      automatic_tax: {
        enabled: (form.automatic_tax as { enabled?: string } | undefined)?.enabled === 'true',
      },
      cancel_url: form.cancel_url ?? null,
      client_reference_id: form.client_reference_id ?? null,
      created: nowSeconds(),
      customer: form.customer ?? null,
      customer_details: null,
      customer_email: form.customer_email ?? null,
      expires_at: nowSeconds() + DAY,
      livemode: false,
      locale: form.locale ?? null,
      metadata: form.metadata ?? {},
      mode: 'subscription',
      payment_status: 'unpaid',
      status: 'open',
      subscription: null,
      success_url: (typeof form.success_url === 'string' ? form.success_url : '').replace(
        '{CHECKOUT_SESSION_ID}',
        id,
      ),
      url: `${baseUrl}/c/pay/${id}`,
      __line_items: lineItems,
      __subscription_data: form.subscription_data,
    };
    sessions.set(id, session);
    return sendJson(response, 200, publicSession(session));
  }

  function checkoutPage(session: Json): string {
    const price = prices.get((session.__line_items as { price: string }[])[0]!.price)!;
    const amount = ((price.unit_amount as number) / 100).toFixed(2);
    const email = session.customer_email as string | null;
    const customer = session.customer ? customers.get(session.customer as string) : undefined;
    const emailField =
      email || customer
        ? `<p>${escapeHtml(email ?? (customer?.email as string) ?? '')}</p>`
        : '<label for="email">Correo electrónico</label> <input id="email" name="email" type="email" required>';
    return page(
      'Pago de prueba',
      `<main><h1>Pago de prueba (Stripe de pruebas)</h1><p>${amount} ${String(price.currency).toUpperCase()}</p>` +
        `<form method="post">${emailField}<button type="submit">Pagar</button></form>` +
        `<p><a href="${escapeHtml(typeof session.cancel_url === 'string' ? session.cancel_url : '/')}">Volver</a></p></main>`,
    );
  }

  async function handle(request: ReceivedRequest, response: ServerResponse, baseUrl: string) {
    const url = new URL(request.url, 'http://fake');
    const parts = url.pathname.split('/').filter(Boolean);

    // Test controls and the stand-in hosted pages (no API key: a browser reaches them).
    if (parts[0] === '__control') {
      const body = request.body ? (JSON.parse(request.body) as Json) : {};
      if (parts[1] === 'webhook-url') {
        webhookUrl = String(body.url);
        return sendJson(response, 200, { ok: true });
      }
      if (parts[1] === 'subscriptions' && !parts[2]) {
        // The subscriptions of the customers with this email, for a test that knows only the payer.
        const email = url.searchParams.get('email');
        const owned = [...subscriptions.values()].filter(
          (subscription) => customers.get(subscription.customer as string)?.email === email,
        );
        return sendJson(response, 200, owned);
      }
      if (parts[1] === 'subscriptions' && parts[2]) {
        if (!subscriptions.has(parts[2])) return missing(response, 'subscription', parts[2]);
        return sendJson(response, 200, await update(parts[2], body as SubscriptionChange));
      }
      return sendJson(response, 404, { error: 'unknown control' });
    }
    if (parts[0] === 'c' && parts[1] === 'pay' && parts[2]) {
      const session = sessions.get(parts[2]);
      if (!session) return sendJson(response, 404, { error: 'no such session' });
      if (session.status !== 'open') {
        response.writeHead(410, { 'content-type': 'text/html; charset=utf-8' });
        return response.end(page('Pago de prueba', '<main><h1>Esta página de pago ha caducado</h1></main>'));
      }
      if (request.method === 'GET') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return response.end(checkoutPage(session));
      }
      const form = parseForm(request.body) as Form;
      await completeCheckout(parts[2], typeof form.email === 'string' ? form.email : undefined);
      response.writeHead(303, { location: String(session.success_url) });
      return response.end();
    }
    if (parts[0] === 'p' && parts[1] === 'session') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(page('Portal de prueba', '<main><h1>Portal de facturación de prueba</h1></main>'));
    }

    // The REST API.
    if (fake.failure === 'down') return response.socket?.destroy();
    if (fake.failure)
      return stripeError(response, fake.failure.status, fake.failure.type, fake.failure.message);
    if (request.headers.authorization !== `Bearer ${FAKE_STRIPE_KEY}`) {
      return stripeError(response, 401, 'invalid_request_error', 'Invalid API Key provided: sk_test_****');
    }
    const form = parseForm(request.method === 'GET' ? url.search.slice(1) : request.body) as Form;
    const [version, resource, id, sub] = parts;
    if (version !== 'v1')
      return stripeError(response, 404, 'invalid_request_error', 'Unrecognized request URL');
    const get = request.method === 'GET';

    if (resource === 'products' && !get && !id) return createProduct(form, response);
    if (resource === 'products' && get && id) {
      const product = products.get(id);
      return product ? sendJson(response, 200, product) : missing(response, 'product', id);
    }
    if (resource === 'prices' && !get && !id) return createPrice(form, response);
    if (resource === 'prices' && get) {
      if (!id) return sendJson(response, 200, list([...prices.values()].slice(0, 10), '/v1/prices'));
      const price = prices.get(id);
      return price ? sendJson(response, 200, price) : missing(response, 'price', id);
    }
    if (resource === 'customers') {
      if (!id && get) {
        const matches = [...customers.values()].filter(
          (c) => !c.deleted && (!form.email || c.email === form.email),
        );
        return sendJson(response, 200, list(matches, '/v1/customers'));
      }
      if (!id) return sendJson(response, 200, createCustomer(form));
      if (request.method === 'DELETE') {
        const deleting = customers.get(id);
        if (!deleting || deleting.deleted) return missing(response, 'customer', id);
        // Stripe keeps a deleted customer as a stub that still answers a retrieve; the control lookup by email
        // still finds its (now cancelled) subscriptions.
        deleting.deleted = true;
        // As Stripe does: the customer's subscriptions end with it.
        for (const subscription of subscriptions.values()) {
          if (subscription.customer === id && subscription.status !== 'canceled') {
            Object.assign(subscription, {
              status: 'canceled',
              canceled_at: nowSeconds(),
              ended_at: nowSeconds(),
            });
          }
        }
        return sendJson(response, 200, { id, object: 'customer', deleted: true });
      }
      const customer = customers.get(id);
      if (customer?.deleted) return sendJson(response, 200, { id, object: 'customer', deleted: true });
      return customer ? sendJson(response, 200, customer) : missing(response, 'customer', id);
    }
    if (resource === 'coupons' && get && id) {
      const coupon = coupons.get(id);
      return coupon ? sendJson(response, 200, coupon) : missing(response, 'coupon', id);
    }
    if (resource === 'invoices' && get && !id) {
      const matches = [...invoices.values()].filter((i) => !form.customer || i.customer === form.customer);
      return sendJson(response, 200, list(matches, '/v1/invoices'));
    }
    if (resource === 'checkout' && id === 'sessions') {
      if (!sub && get) {
        const matches = [...sessions.values()].filter(
          (session) =>
            (!form.customer || session.customer === form.customer) &&
            (!form.status || session.status === form.status),
        );
        return sendJson(response, 200, list(matches.map(publicSession), '/v1/checkout/sessions'));
      }
      if (!sub) return createSession(form, baseUrl, response);
      const session = sessions.get(sub);
      if (session && parts[4] === 'expire' && !get) {
        if (session.status !== 'open') {
          return stripeError(response, 400, 'invalid_request_error', 'Only open sessions can be expired.');
        }
        session.status = 'expired';
        return sendJson(response, 200, publicSession(session));
      }
      return session
        ? sendJson(response, 200, publicSession(session))
        : missing(response, 'checkout.session', sub);
    }
    if (resource === 'billing_portal' && id === 'sessions' && !get) {
      if (typeof form.customer !== 'string' || !customers.has(form.customer)) {
        return missing(response, 'customer', String(form.customer));
      }
      const portal = {
        id: newId('bps'),
        object: 'billing_portal.session',
        created: nowSeconds(),
        customer: form.customer,
        livemode: false,
        locale: form.locale ?? null,
        return_url: form.return_url ?? null,
        url: `${baseUrl}/p/session/${newId('test')}`,
      };
      return sendJson(response, 200, portal);
    }
    if (resource === 'subscriptions' && id) {
      const subscription = subscriptions.get(id);
      if (!subscription) return missing(response, 'subscription', id);
      if (get) return answerSubscription(response, subscription, form);
      const ended = subscription.status === 'canceled' || subscription.status === 'incomplete_expired';
      if (ended) {
        return stripeError(
          response,
          400,
          'invalid_request_error',
          `A canceled subscription can only update its cancellation_details and metadata.`,
        );
      }
      if (request.method === 'DELETE') {
        // Cancel now: the subscription ends at once and Stripe sends customer.subscription.deleted.
        Object.assign(subscription, {
          status: 'canceled',
          canceled_at: nowSeconds(),
          ended_at: nowSeconds(),
        });
        sendJson(response, 200, subscription);
        return later(() => emit('customer.subscription.deleted', subscription));
      }
      if (request.method === 'POST' && form.trial_end === 'now') {
        endTrial(subscription);
        answerSubscription(response, subscription, form);
        return later(() => emit('customer.subscription.updated', subscription));
      }
      if (request.method === 'POST' && form.cancel_at_period_end !== undefined) {
        const cancel = form.cancel_at_period_end === 'true';
        const item = (subscription.items as { data: Json[] }).data[0]!;
        Object.assign(subscription, {
          cancel_at_period_end: cancel,
          cancel_at: cancel ? item.current_period_end : null,
          canceled_at: cancel ? nowSeconds() : null,
        });
        sendJson(response, 200, subscription);
        return later(() => emit('customer.subscription.updated', subscription));
      }
    }
    return stripeError(
      response,
      404,
      'invalid_request_error',
      `Unrecognized request URL (${request.method}: ${url.pathname})`,
    );
  }

  return fake;
}

/** The official SDK pointed at a fake, as the app's own client is: tests make checkout sessions with it. */
export function fakeStripeClient(fake: HttpFake): Stripe {
  const url = new URL(fake.baseUrl);
  return new Stripe(FAKE_STRIPE_KEY, {
    apiVersion: STRIPE_API_VERSION,
    host: url.hostname,
    port: url.port,
    protocol: 'http',
  });
}

/** The end-to-end wiring: the app's Stripe settings point at this fake. */
export const fakeStripe: FakeService = {
  name: 'stripe',
  async start() {
    const fake = await startFakeStripe();
    return {
      env: {
        STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
        STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
        STRIPE_API_URL: fake.baseUrl,
      },
      close: () => fake.close(),
    };
  },
};
