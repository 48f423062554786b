import {
  BILLING_MESSAGES,
  BILLING_WEBHOOK_MESSAGES,
  CLAIM_MESSAGES,
  SUBSCRIPTION_ENDING_DONE,
  checkPaymentClaim,
  claimPayment,
  stripeWebhook,
} from '@app/contracts';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type Stripe from 'stripe';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  FAKE_PRICES,
  FAKE_STRIPE_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  fakeStripeClient,
  startFakeStripe,
  type Delivery,
  type FakeStripe,
  type SubscriptionChange,
} from '../../../test/fakes/stripe';
import { ADMIN, addUser, createTestApp, csrf, postJson, signIn, type TestApp } from '../../../test/helper';
import type { Db } from '../../db/client';
import { rolePermissions, roles, tools, users } from '../../db/schema';
import { createMailer, type MailMessage } from '../../integrations/mailer';
import { passwordResetTokens } from '../accounts/schema';
import type * as SetupEmail from '../accounts/setup-email';
import { auditLog } from '../history/schema';
import {
  billingEvents,
  billingPlans,
  billingPrices,
  billingSubscriptions,
  billingWaitingPayments,
} from './schema';

// A failure in the middle of applying an event: the set-up email is built last inside the transaction.
const faults = vi.hoisted(() => ({ setupEmail: false }));
vi.mock('../accounts/setup-email', async (importOriginal) => {
  const real = await importOriginal<typeof SetupEmail>();
  return {
    passwordSetupEmail: (...args: Parameters<typeof real.passwordSetupEmail>) => {
      if (faults.setupEmail) throw new Error('set-up email could not be built');
      return real.passwordSetupEmail(...args);
    },
  };
});

const APP_URL = 'https://miembros.example.com';

const fakes: FakeStripe[] = [];
afterEach(async () => {
  faults.setupEmail = false;
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

interface BillingTest extends TestApp {
  fake: FakeStripe;
  stripe: Stripe;
  kept: readonly MailMessage[];
  /** Every answer the app gave to the fake's deliveries, in order. */
  answers: LightMyRequestResponse[];
  roleId(name: string): Promise<number>;
  post(delivery: Delivery): Promise<LightMyRequestResponse>;
}

async function roleIdOf(db: Db, name: string): Promise<number> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
  return row!.id;
}

/**
 * An app wired to a fake Stripe whose events are injected into it. Plans: VIP (monthly, yearly) ends in
 * cafeinas; estrategas (monthly) deactivates. price_cafeinas_monthly belongs to no plan.
 */
async function billingApp(): Promise<BillingTest> {
  const fake = await startFakeStripe();
  fakes.push(fake);
  const mailer = createMailer(
    { smtpUrl: undefined, from: 'Comunidad <no-reply@example.com>', outboxDir: undefined },
    { info: () => undefined },
  );
  const test = await createTestApp(
    {
      appUrl: APP_URL,
      stripe: {
        secretKey: FAKE_STRIPE_KEY,
        webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET,
        apiUrl: fake.baseUrl,
      },
    },
    { mailer },
  );
  const roleId = (name: string) => roleIdOf(test.db, name);
  const [vip, cafeinas, estrategas] = [
    await roleId('vip'),
    await roleId('cafeinas'),
    await roleId('estrategas'),
  ];
  await test.db.insert(billingPlans).values([
    { role_id: vip, position: 0, end_action: 'role', end_role_id: cafeinas },
    { role_id: estrategas, position: 1, end_action: 'deactivate', end_role_id: null },
  ]);
  await test.db.insert(billingPrices).values([
    { price_id: FAKE_PRICES.vipMonthly.id, role_id: vip, amount: 4900, currency: 'eur', interval: 'month' },
    { price_id: FAKE_PRICES.vipYearly.id, role_id: vip, amount: 49000, currency: 'eur', interval: 'year' },
    {
      price_id: FAKE_PRICES.estrategasMonthly.id,
      role_id: estrategas,
      amount: 1900,
      currency: 'eur',
      interval: 'month',
    },
  ]);
  const answers: LightMyRequestResponse[] = [];
  const post = (delivery: Delivery) =>
    test.app.inject({
      method: 'POST',
      url: stripeWebhook.path,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': delivery.signature },
      payload: delivery.payload,
    });
  fake.deliver = async (delivery) => {
    const answer = await post(delivery);
    answers.push(answer);
    return answer;
  };
  const stripe = fakeStripeClient(fake);
  return { ...test, fake, stripe, kept: mailer.kept, answers, roleId, post };
}

/** Runs `work` with the fake's deliveries held back: its events are still built, in `t.fake.events`. */
async function withheld<T>(t: BillingTest, work: () => Promise<T>): Promise<T> {
  const deliver = t.fake.deliver;
  t.fake.deliver = undefined;
  try {
    return await work();
  } finally {
    t.fake.deliver = deliver;
  }
}

/** Sends an event built earlier again, signed as Stripe signs a retry. */
function resend(t: BillingTest, event: Record<string, unknown>) {
  const payload = JSON.stringify(event);
  return t.post({ payload, signature: t.fake.sign(payload) });
}

/**
 * Pays for a price on the fake's hosted page, as the billing API's checkout sets it up: a signed-in member's
 * session names their user id; a visitor's carries only the email they type. Returns the subscription id.
 */
async function checkout(
  t: BillingTest,
  price: string,
  payer: { email: string; userId?: number },
): Promise<string> {
  const metadata: Record<string, string> = payer.userId ? { user_id: String(payer.userId) } : {};
  const session = await t.stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price, quantity: 1 }],
    success_url: `${APP_URL}/planes/gracias?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${APP_URL}/planes`,
    locale: 'es',
    metadata,
    subscription_data: { metadata },
    ...(payer.userId ? { client_reference_id: String(payer.userId), customer_email: payer.email } : {}),
  });
  const completed = await t.fake.completeCheckout(session.id, payer.email);
  return completed.subscription as string;
}

async function account(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id, role: roles.name, is_active: users.is_active, username: users.username })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .where(eq(users.email, email));
  return row;
}

const rowsOf = async (db: Db, table: typeof billingEvents | typeof auditLog | typeof users) =>
  (await db.select({ n: count() }).from(table))[0]!.n;

const mailTo = (t: BillingTest, email: string) => t.kept.filter((m) => m.to === email);

async function waitForMail(t: BillingTest, email: string, subject: string): Promise<MailMessage> {
  return vi.waitFor(() => {
    const found = mailTo(t, email).find((m) => m.subject === subject);
    if (!found) throw new Error(`no "${subject}" to ${email}`);
    return found;
  });
}

async function me(t: BillingTest, cookie: string) {
  const res = await t.app.inject({ url: '/api/auth/me', headers: { cookie } });
  return { status: res.statusCode, role: res.statusCode === 200 ? res.json<{ role: string }>().role : null };
}

const SETUP_SUBJECT = 'Tu cuenta en la comunidad: elige tu contraseña';
const PAST_DUE_SUBJECT = 'No hemos podido cobrar tu suscripción';
const ENDED_SUBJECT = 'Tu suscripción ha terminado';
const WAITING_SUBJECT = 'Tienes un pago esperando a tu cuenta';

/** The token of a waiting payment's emailed link. */
const claimToken = (mail: MailMessage): string =>
  new URL(/https?:\/\/\S+vincular\?token=[^\s"<]+/.exec(mail.text)![0]).searchParams.get('token')!;

describe('Stripe webhooks: checkout', () => {
  it("a visitor's payment creates an active account with the plan's role and emails the set-up link", async () => {
    const t = await billingApp();
    const before = await rowsOf(t.db, users);
    await checkout(t, FAKE_PRICES.vipMonthly.id, { email: 'Nueva.Socia@Example.com' });
    expect(t.answers.map((a) => a.statusCode)).toEqual([200, 200]);

    const created = await account(t.db, 'nueva.socia@example.com');
    expect(created).toMatchObject({ role: 'vip', is_active: true, username: 'nueva.socia' });
    expect(await rowsOf(t.db, users)).toBe(before + 1);
    const [subscription] = await t.db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.user_id, created!.id));
    expect(subscription).toMatchObject({ status: 'active', price_id: FAKE_PRICES.vipMonthly.id });

    const mail = await waitForMail(t, 'nueva.socia@example.com', SETUP_SUBJECT);
    expect(mail.link ?? mail.text).toContain(`${APP_URL}/reset-password?token=`);
    const [token] = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.user_id, created!.id));
    expect(token).toBeDefined();
    // The administrators hear of the new paying member.
    const notice = await waitForMail(t, ADMIN.email, 'Nuevo miembro de pago: nueva.socia');
    expect(notice.text).toContain('ha pagado el plan VIP');

    const entries = await t.db.select().from(auditLog).where(eq(auditLog.entity_id, created!.id));
    expect(entries.map((e) => [e.kind, e.actor_name, e.actor_id])).toEqual([
      ['billing.account.create', 'Stripe', null],
      ['billing.subscription', 'Stripe', null],
    ]);
  });

  it("a visitor's payment with a member's email (any case) grants nothing and waits for the owner", async () => {
    const t = await billingApp();
    const member = await addUser(t.db, { email: 'ana@example.com', role: 'cafeinas' });
    const before = await rowsOf(t.db, users);
    const subscription = await checkout(t, FAKE_PRICES.vipYearly.id, { email: 'ANA@example.com' });
    expect(t.answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await rowsOf(t.db, users)).toBe(before);
    expect(await account(t.db, member.email)).toMatchObject({
      id: member.id,
      role: 'cafeinas',
      is_active: true,
    });
    expect(await t.db.select().from(billingSubscriptions)).toEqual([]);
    const [waiting] = await t.db.select().from(billingWaitingPayments);
    expect(waiting).toMatchObject({ subscription_id: subscription, user_id: member.id, status: 'active' });

    // One link to the address, whichever event came first; none of the set-up kind.
    const mail = await waitForMail(t, member.email, WAITING_SUBJECT);
    expect(claimToken(mail)).toBeTruthy();
    expect(mailTo(t, member.email).map((m) => m.subject)).toEqual([WAITING_SUBJECT]);

    // The administrators see it waiting, in Historial too.
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.entity_id, member.id));
    expect(entries.map((e) => [e.kind, e.actor_name])).toEqual([['billing.payment.waiting', 'Stripe']]);
    const admin = await signIn(t.app, ADMIN.email, ADMIN.password);
    const settings = await t.app.inject({ url: '/api/admin/billing', headers: { cookie: admin } });
    expect(settings.json<{ waiting: unknown[] }>().waiting).toEqual([
      expect.objectContaining({ username: 'ana', email: member.email, plan: 'vip', status: 'active' }),
    ]);

    // Later events of the same subscription keep its state, and still grant nothing.
    await t.fake.update(subscription, { status: 'past_due' });
    expect(await account(t.db, member.email)).toMatchObject({ role: 'cafeinas' });
    expect((await t.db.select().from(billingWaitingPayments))[0]?.status).toBe('past_due');
    expect(mailTo(t, member.email)).toHaveLength(1);
  });

  it("a visitor's payment with a member's email expires the Checkout that member left open", async () => {
    const t = await billingApp();
    const member = await addUser(t.db, { email: 'dos@example.com', role: 'cafeinas' });
    const customer = await t.stripe.customers.create({ email: member.email });
    await t.db.insert(billingSubscriptions).values({ user_id: member.id, customer_id: customer.id });
    const left = await t.stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: FAKE_PRICES.vipYearly.id, quantity: 1 }],
      success_url: `${APP_URL}/planes/gracias?session_id={CHECKOUT_SESSION_ID}`,
      customer: customer.id,
    });

    await checkout(t, FAKE_PRICES.vipMonthly.id, { email: 'Dos@Example.com' });
    expect(t.answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(t.fake.sessions.get(left.id)?.status).toBe('expired');
    expect(await t.db.select().from(billingWaitingPayments)).toHaveLength(1);
  });

  it("a visitor's payment expires the pages a visitor opened with the same email, so it is not paid twice", async () => {
    const t = await billingApp();
    const open = async (email?: string) => {
      const res = await postJson(t.app, '/api/billing/checkout', {
        price_id: FAKE_PRICES.vipMonthly.id,
        ...(email ? { email } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
      return [...t.fake.sessions.values()].at(-1)!.id as string;
    };
    const bare = await open();
    const given = await open('Pareja@Example.com');
    const other = await open('otra@example.com');

    // Paid on the page opened without an email, typing the same address there.
    await t.fake.completeCheckout(bare, 'pareja@example.com');
    expect(t.answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await account(t.db, 'pareja@example.com')).toMatchObject({ role: 'vip', is_active: true });
    expect([given, other].map((id) => t.fake.sessions.get(id)?.status)).toEqual(['expired', 'open']);
    await expect(t.fake.completeCheckout(given)).rejects.toThrow(/expired/);
    expect(await t.db.select().from(billingWaitingPayments)).toEqual([]);
    expect(await t.db.select().from(billingSubscriptions)).toHaveLength(1);
  });

  it("a visitor's email given at checkout is the one Stripe reports: an account's payment still waits", async () => {
    const t = await billingApp();
    const member = await addUser(t.db, { email: 'dada@example.com', role: 'cafeinas' });
    const res = await postJson(t.app, '/api/billing/checkout', {
      price_id: FAKE_PRICES.vipMonthly.id,
      email: 'DADA@example.com',
    });
    expect(res.statusCode, res.body).toBe(200);
    const session = [...t.fake.sessions.values()].at(-1)!;
    // Stripe's page shows the given email and pays with it; the app trusts what the event says.
    const subscription = (await t.fake.completeCheckout(session.id as string)).subscription;
    expect(await account(t.db, member.email)).toMatchObject({ role: 'cafeinas', is_active: true });
    expect(await t.db.select().from(billingWaitingPayments)).toMatchObject([
      { subscription_id: subscription, user_id: member.id },
    ]);
    await waitForMail(t, member.email, WAITING_SUBJECT);
  });

  it('a payment with an email never overwrites the billing row of the member who owns it', async () => {
    const t = await billingApp();
    const member = await addUser(t.db, { email: 'paga@example.com', role: 'cafeinas' });
    const own = await checkout(t, FAKE_PRICES.estrategasMonthly.id, {
      email: member.email,
      userId: member.id,
    });
    await checkout(t, FAKE_PRICES.vipMonthly.id, { email: 'Paga@Example.com' });
    const rows = await t.db.select().from(billingSubscriptions);
    expect(rows).toEqual([expect.objectContaining({ user_id: member.id, subscription_id: own })]);
    expect(await account(t.db, member.email)).toMatchObject({ role: 'estrategas', is_active: true });
  });

  it('the signed-in owner attaches the waiting payment with the link; nobody else can', async () => {
    const t = await billingApp();
    const member = await addUser(t.db, { email: 'duena@example.com', username: 'duena', role: 'cafeinas' });
    const other = await addUser(t.db, { email: 'otra@example.com', role: 'cafeinas' });
    await checkout(t, FAKE_PRICES.vipMonthly.id, { email: member.email });
    const token = claimToken(await waitForMail(t, member.email, WAITING_SUBJECT));

    const check = await postJson(t.app, checkPaymentClaim.path, { token });
    expect(check.json()).toEqual({ plan: 'vip', username: 'duena', way: 'sign-in' });
    const anonymous = await postJson(t.app, claimPayment.path, { token });
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json()).toEqual({ error: CLAIM_MESSAGES.signIn('duena') });
    // A visitor cannot choose the password of an account that has one.
    const withPassword = await postJson(t.app, claimPayment.path, { token, password: 'otra-clave-larga' });
    expect(withPassword.statusCode).toBe(403);
    const otherCookie = await signIn(t.app, other.email, other.password);
    expect((await postJson(t.app, claimPayment.path, { token }, { cookie: otherCookie })).statusCode).toBe(
      403,
    );
    expect(await account(t.db, member.email)).toMatchObject({ role: 'cafeinas' });

    const cookie = await signIn(t.app, member.email, member.password);
    const claimed = await postJson(t.app, claimPayment.path, { token }, { cookie });
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json()).toEqual({ ok: true, plan: 'vip' });
    expect(await me(t, cookie)).toEqual({ status: 200, role: 'vip' });
    expect(await t.db.select().from(billingWaitingPayments)).toEqual([]);
    // Spent: the link works once.
    const again = await postJson(t.app, claimPayment.path, { token }, { cookie });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: CLAIM_MESSAGES.invalid, field: 'token' });
  });

  it("pre-registering someone's email captures nothing: the payer's link replaces the squatter's password", async () => {
    const t = await billingApp();
    const squatter = await addUser(t.db, {
      email: 'recien@example.com',
      username: 'recien',
      password: 'clave-del-intruso',
      role: 'cafeinas',
      is_active: false,
    });
    await checkout(t, FAKE_PRICES.vipMonthly.id, { email: 'recien@example.com' });
    expect(await account(t.db, squatter.email)).toMatchObject({ role: 'cafeinas', is_active: false });
    const token = claimToken(await waitForMail(t, squatter.email, WAITING_SUBJECT));

    expect((await postJson(t.app, checkPaymentClaim.path, { token })).json()).toMatchObject({
      way: 'password',
    });
    const noPassword = await postJson(t.app, claimPayment.path, { token });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toMatchObject({ error: CLAIM_MESSAGES.passwordRequired });
    const claimed = await postJson(t.app, claimPayment.path, { token, password: 'clave-de-la-duena' });
    expect(claimed.statusCode).toBe(200);
    expect(await account(t.db, squatter.email)).toMatchObject({ role: 'vip', is_active: true });
    const login = (password: string) =>
      postJson(t.app, '/api/auth/login', { email: squatter.email, password }).then((r) => r.statusCode);
    expect(await login('clave-del-intruso')).toBe(401);
    expect(await login('clave-de-la-duena')).toBe(200);
  });

  it('a signed-in member who pays gets the new role at once, in the session they already have', async () => {
    const t = await billingApp();
    const member = await addUser(t.db, { email: 'luis@example.com', role: 'cafeinas' });
    const cookie = await signIn(t.app, member.email, member.password);
    await checkout(t, FAKE_PRICES.estrategasMonthly.id, { email: member.email, userId: member.id });
    expect(await me(t, cookie)).toEqual({ status: 200, role: 'estrategas' });
  });

  it('a price that no plan has grants nothing, answers 200 and is logged', async () => {
    const t = await billingApp();
    const warn = vi.spyOn(t.app.log, 'warn');
    const member = await addUser(t.db, { email: 'eva@example.com', role: 'cafeinas' });
    const before = await rowsOf(t.db, users);
    await checkout(t, FAKE_PRICES.cafeinasMonthly.id, { email: 'desconocida@example.com' });
    await checkout(t, FAKE_PRICES.cafeinasMonthly.id, { email: member.email, userId: member.id });
    expect(t.answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(await rowsOf(t.db, users)).toBe(before);
    expect(await t.db.select().from(billingSubscriptions)).toEqual([]);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ price: FAKE_PRICES.cafeinasMonthly.id }),
      expect.stringContaining('no plan'),
    );
  });
});

describe('Stripe webhooks: one trial per person', () => {
  /** A Checkout with the plan's 14-day trial, paid on the fake's page with `email`; the subscription id. */
  async function trialCheckout(t: BillingTest, email: string, customer?: string): Promise<string> {
    const session = await t.stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: FAKE_PRICES.vipMonthly.id, quantity: 1 }],
      success_url: `${APP_URL}/planes/gracias?session_id={CHECKOUT_SESSION_ID}`,
      subscription_data: { trial_period_days: 14 },
      ...(customer ? { customer } : {}),
    });
    const completed = await t.fake.completeCheckout(session.id, email);
    return completed.subscription as string;
  }

  const statusAtStripe = (t: BillingTest, id: string) => t.fake.subscriptions.get(id)?.status;

  it("a visitor's second trial with the same email (any case) is ended at once and charged", async () => {
    const t = await billingApp();
    const first = await trialCheckout(t, 'prueba@example.com');
    expect(statusAtStripe(t, first)).toBe('trialing');
    const created = await account(t.db, 'prueba@example.com');
    expect(created).toMatchObject({ role: 'vip', is_active: true });

    const second = await trialCheckout(t, 'Prueba@Example.com');
    expect(t.answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(statusAtStripe(t, second)).toBe('active');
    expect(t.fake.subscriptions.get(second)?.trial_end).not.toBeNull();
    // The first trial is untouched; the second payment waits for the owner of the address, as any other.
    expect(statusAtStripe(t, first)).toBe('trialing');
    const [waiting] = await t.db.select().from(billingWaitingPayments);
    expect(waiting).toMatchObject({ subscription_id: second, user_id: created!.id, status: 'active' });
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.kind, 'billing.trial.ended'));
    expect(entries.map((e) => [e.entity_id, e.actor_name])).toEqual([[created!.id, 'Stripe']]);
  });

  it("a member's email that had a subscription, now cancelled, gets no trial as a visitor either", async () => {
    const t = await billingApp();
    const member = await addUser(t.db, { email: 'vuelve@example.com', role: 'cafeinas' });
    const own = await checkout(t, FAKE_PRICES.vipMonthly.id, { email: member.email, userId: member.id });
    await t.fake.update(own, { status: 'canceled' });

    const again = await trialCheckout(t, member.email);
    expect(statusAtStripe(t, again)).toBe('active');
    expect(await t.db.select().from(billingWaitingPayments)).toEqual([
      expect.objectContaining({ subscription_id: again, user_id: member.id, status: 'active' }),
    ]);
  });

  it('a customer that had a subscription gets no second trial, whatever email it shows', async () => {
    const t = await billingApp();
    const member = await addUser(t.db, { email: 'cliente@example.com', role: 'cafeinas' });
    const own = await checkout(t, FAKE_PRICES.vipMonthly.id, { email: member.email, userId: member.id });
    const customer = t.fake.subscriptions.get(own)!.customer as string;
    await t.fake.update(own, { status: 'canceled' });
    // The customer's email changed at Stripe since: only the customer id tells it is the same person.
    t.fake.customers.get(customer)!.email = 'otra@example.com';

    const again = await trialCheckout(t, 'otra@example.com', customer);
    expect(statusAtStripe(t, again)).toBe('active');
    // The customer is the member's: the new subscription is theirs, paid from the first day.
    expect(await t.db.select().from(billingSubscriptions)).toEqual([
      expect.objectContaining({ user_id: member.id, subscription_id: again, status: 'active' }),
    ]);
  });

  it('a trial once accepted is not ended by a later payment with the same email', async () => {
    const t = await billingApp();
    const trial = await trialCheckout(t, 'primera@example.com');
    await checkout(t, FAKE_PRICES.vipYearly.id, { email: 'primera@example.com' });
    expect(await t.db.select().from(billingWaitingPayments)).toHaveLength(1);
    await t.fake.update(trial, { cancel_at_period_end: true });
    expect(statusAtStripe(t, trial)).toBe('trialing');
    expect(await t.db.select().from(auditLog).where(eq(auditLog.kind, 'billing.trial.ended'))).toEqual([]);
  });

  it('a first trial, with an email and a customer never seen, stays a trial', async () => {
    const t = await billingApp();
    await addUser(t.db, { email: 'sinplan@example.com', role: 'cafeinas' });
    const trial = await trialCheckout(t, 'sinplan@example.com');
    expect(statusAtStripe(t, trial)).toBe('trialing');
    expect((await t.db.select().from(billingWaitingPayments))[0]?.status).toBe('trialing');
    expect(await t.db.select().from(auditLog).where(eq(auditLog.kind, 'billing.trial.ended'))).toEqual([]);
  });
});

describe('Stripe webhooks: statuses move access', () => {
  async function payingMember(price: string = FAKE_PRICES.vipMonthly.id) {
    const t = await billingApp();
    const member = await addUser(t.db, { email: 'socia@example.com', role: 'cafeinas' });
    const subscription = await checkout(t, price, { email: member.email, userId: member.id });
    const cookie = await signIn(t.app, member.email, member.password);
    return { t, member, subscription, cookie };
  }

  it('past_due keeps access and emails the member once; paid again, nothing more is sent', async () => {
    const { t, member, subscription, cookie } = await payingMember();
    await t.fake.update(subscription, { status: 'past_due' });
    await t.fake.update(subscription, { status: 'past_due', current_period_end: 1_900_000_000 });
    expect(await me(t, cookie)).toEqual({ status: 200, role: 'vip' });
    const mail = await waitForMail(t, member.email, PAST_DUE_SUBJECT);
    expect(mail.text).toContain(`${APP_URL}/perfil`);
    await t.fake.update(subscription, { status: 'active' });
    expect(mailTo(t, member.email).filter((m) => m.subject === PAST_DUE_SUBJECT)).toHaveLength(1);
    expect(await me(t, cookie)).toEqual({ status: 200, role: 'vip' });
  });

  it('cancelled at period end keeps access; the end (deleted) moves the member to the end role', async () => {
    const { t, member, subscription, cookie } = await payingMember();
    await t.fake.update(subscription, { cancel_at_period_end: true });
    expect(await me(t, cookie)).toEqual({ status: 200, role: 'vip' });
    const [row] = await t.db.select().from(billingSubscriptions);
    expect(row?.cancel_at_period_end).toBe(true);

    await t.fake.update(subscription, { status: 'canceled' });
    expect(t.fake.events.at(-1)?.type).toBe('customer.subscription.deleted');
    expect(await account(t.db, member.email)).toMatchObject({ role: 'cafeinas', is_active: true });
    // The session stays: the member's next request already has the end role's access.
    expect(await me(t, cookie)).toEqual({ status: 200, role: 'cafeinas' });
    const mail = await waitForMail(t, member.email, ENDED_SUBJECT);
    expect(mail.text).toContain('Tu cuenta ha pasado al plan Cafeínas.');
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity_id, member.id))
      .orderBy(auditLog.id)
      .then((rows) => rows.slice(-1));
    expect(entry?.actor_name).toBe('Stripe');
    expect(entry?.summary).toContain('"field":"role","before":"vip","after":"cafeinas"');
  });

  it.each(['unpaid', 'incomplete_expired', 'paused'] as const)(
    '%s applies the end rule: a plan that deactivates signs the member out',
    async (status) => {
      const { t, member, subscription, cookie } = await payingMember(FAKE_PRICES.estrategasMonthly.id);
      expect(await me(t, cookie)).toEqual({ status: 200, role: 'estrategas' });
      await t.fake.update(subscription, { status });
      expect(await account(t.db, member.email)).toMatchObject({ is_active: false });
      expect((await me(t, cookie)).status).toBe(401);
      await waitForMail(t, member.email, ENDED_SUBJECT);
    },
  );

  it.each(['price moved', 'plan removed'] as const)(
    'a retired price keeps its meaning (%s): the end rule it was sold under applies',
    async (retired) => {
      const { t, member, subscription } = await payingMember(FAKE_PRICES.estrategasMonthly.id);
      if (retired === 'price moved') {
        await t.db.delete(billingPrices).where(eq(billingPrices.price_id, FAKE_PRICES.estrategasMonthly.id));
      } else {
        await t.db.delete(billingPlans).where(eq(billingPlans.role_id, await t.roleId('estrategas')));
      }
      await t.fake.update(subscription, { status: 'unpaid' });
      expect(await account(t.db, member.email)).toMatchObject({ role: 'estrategas', is_active: false });
      const [row] = await t.db.select().from(billingSubscriptions);
      expect(row?.status).toBe('unpaid');
    },
  );

  it('a subscription paid again after it was paused gives the access back', async () => {
    const { t, member, subscription } = await payingMember(FAKE_PRICES.estrategasMonthly.id);
    await t.fake.update(subscription, { status: 'paused' });
    await t.fake.update(subscription, { status: 'active' });
    expect(await account(t.db, member.email)).toMatchObject({ role: 'estrategas', is_active: true });
  });

  it('incomplete grants nothing; trialing grants the plan', async () => {
    const t = await billingApp();
    const member = await addUser(t.db, { email: 'leo@example.com', role: 'cafeinas' });
    const subscription = await withheld(t, () =>
      checkout(t, FAKE_PRICES.vipMonthly.id, {
        email: member.email,
        userId: member.id,
      }),
    );
    await t.fake.update(subscription, { status: 'incomplete' });
    expect(await account(t.db, member.email)).toMatchObject({ role: 'cafeinas' });
    await t.fake.update(subscription, { status: 'trialing' });
    expect(await account(t.db, member.email)).toMatchObject({ role: 'vip', is_active: true });
  });

  it('never changes an administrator, even when their own subscription ends', async () => {
    const t = await billingApp();
    const [admin] = await t.db.select().from(users).where(eq(users.email, ADMIN.email));
    const subscription = await checkout(t, FAKE_PRICES.estrategasMonthly.id, {
      email: ADMIN.email,
      userId: admin!.id,
    });
    await t.fake.update(subscription, { status: 'canceled' });
    expect(await account(t.db, ADMIN.email)).toMatchObject({ role: 'admin', is_active: true });
    expect(t.answers.every((a) => a.statusCode === 200)).toBe(true);
  });

  it('never changes someone whose role administers under another name than admin', async () => {
    const t = await billingApp();
    const [config] = await t.db.select({ id: tools.id }).from(tools).where(eq(tools.name, 'config'));
    const staff = await t.roleId('cafeinas');
    await t.db.insert(rolePermissions).values({ role_id: staff, tool_id: config!.id });
    const member = await addUser(t.db, { email: 'staff@example.com', role: 'cafeinas' });
    const subscription = await checkout(t, FAKE_PRICES.estrategasMonthly.id, {
      email: member.email,
      userId: member.id,
    });
    expect(await account(t.db, member.email)).toMatchObject({ role: 'cafeinas', is_active: true });
    await t.fake.update(subscription, { status: 'canceled' });
    expect(await account(t.db, member.email)).toMatchObject({ role: 'cafeinas', is_active: true });
  });

  it('never touches a "cortesía" member (no subscription row), even for a subscription in their name', async () => {
    const t = await billingApp();
    const courtesy = await addUser(t.db, { email: 'cortesia@example.com', role: 'vip' });
    // A subscription paid for under their email that had already ended when its first event came.
    const subscription = await withheld(t, () =>
      checkout(t, FAKE_PRICES.vipMonthly.id, { email: courtesy.email }),
    );
    await t.fake.update(subscription, { status: 'canceled' });
    expect(t.answers.map((a) => a.statusCode)).toEqual([200]);
    expect(await account(t.db, courtesy.email)).toMatchObject({ role: 'vip', is_active: true });
    expect(await t.db.select().from(billingSubscriptions)).toEqual([]);
  });
});

describe("Stripe webhooks: the administrator's decision wins", () => {
  it('an account an administrator deactivated stays inactive through renewals and its own new payment', async () => {
    const t = await billingApp();
    const member = await addUser(t.db, { email: 'baja@example.com', role: 'cafeinas' });
    const subscription = await checkout(t, FAKE_PRICES.vipMonthly.id, {
      email: member.email,
      userId: member.id,
    });
    const admin = await signIn(t.app, ADMIN.email, ADMIN.password);
    const off = await postJson(
      t.app,
      '/api/admin/users/bulk',
      { action: 'deactivate', ids: [member.id] },
      { cookie: admin },
    );
    expect(off.statusCode).toBe(200);
    await t.fake.update(subscription, { current_period_end: 1_900_000_000 });
    expect(await account(t.db, member.email)).toMatchObject({ is_active: false });

    // Paying again as a visitor with the same email: it waits, and its link cannot reactivate the account.
    await checkout(t, FAKE_PRICES.estrategasMonthly.id, { email: member.email });
    const token = claimToken(await waitForMail(t, member.email, WAITING_SUBJECT));
    const claim = await postJson(t.app, claimPayment.path, { token, password: 'clave-nueva-larga' });
    expect([claim.statusCode, claim.json()]).toEqual([409, { error: CLAIM_MESSAGES.deactivated }]);
    expect(await account(t.db, member.email)).toMatchObject({ role: 'vip', is_active: false });
  });

  it("billing's own deactivation is still undone by a payment", async () => {
    const t = await billingApp();
    const member = await addUser(t.db, { email: 'vuelve@example.com', role: 'cafeinas' });
    const subscription = await checkout(t, FAKE_PRICES.estrategasMonthly.id, {
      email: member.email,
      userId: member.id,
    });
    await t.fake.update(subscription, { status: 'paused' });
    expect(await account(t.db, member.email)).toMatchObject({ is_active: false });
    await t.fake.update(subscription, { status: 'active' });
    expect(await account(t.db, member.email)).toMatchObject({ role: 'estrategas', is_active: true });
  });

  it('an account a payment made, deleted by an administrator, is not made again by a renewal', async () => {
    const t = await billingApp();
    const subscription = await checkout(t, FAKE_PRICES.vipMonthly.id, { email: 'borrada@example.com' });
    await waitForMail(t, 'borrada@example.com', SETUP_SUBJECT);
    const created = await account(t.db, 'borrada@example.com');
    const admin = await signIn(t.app, ADMIN.email, ADMIN.password);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${created!.id}`,
      headers: { ...csrf, cookie: admin },
    });
    expect(removed.statusCode).toBe(200);
    await t.fake.update(subscription, { current_period_end: 1_900_000_000 });
    expect(t.answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(await account(t.db, 'borrada@example.com')).toBeUndefined();
    expect(mailTo(t, 'borrada@example.com').filter((m) => m.subject === SETUP_SUBJECT)).toHaveLength(1);
  });
});

describe("Stripe webhooks: the administrator's choice for a member's subscription", () => {
  async function subscribed(email = 'eleccion@example.com') {
    const t = await billingApp();
    const member = await addUser(t.db, { email, role: 'cafeinas' });
    const subscription = await checkout(t, FAKE_PRICES.vipMonthly.id, { email, userId: member.id });
    const admin = await signIn(t.app, ADMIN.email, ADMIN.password);
    return { t, member, subscription, admin };
  }

  /** Saves the member's edit form, inactive unless `fields` says otherwise. */
  const deactivate = (
    t: BillingTest,
    admin: string,
    id: number,
    email: string,
    fields: { role_id: number } & Record<string, unknown>,
  ) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${id}`,
      payload: { username: email.split('@')[0], email, is_active: false, ...fields },
      headers: { ...csrf, cookie: admin },
    });

  const subscriptionCalls = (t: BillingTest, id: string) =>
    t.fake.requests
      .filter((r) => r.url === `/v1/subscriptions/${id}` && r.method !== 'GET')
      .map((r) => `${r.method} ${r.body}`);

  /** The administrator's entry of this kind about the account. */
  const entryOf = async (t: BillingTest, userId: number, kind: string) =>
    (await t.db.select().from(auditLog).where(eq(auditLog.entity_id, userId))).find((e) => e.kind === kind);

  it('deactivating with "now" cancels at Stripe, the member stays inactive, and Historial says so', async () => {
    const { t, member, subscription, admin } = await subscribed();
    const res = await deactivate(t, admin, member.id, member.email, {
      role_id: await t.roleId('vip'),
      subscription_end: 'now',
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.fake.settled();
    expect(subscriptionCalls(t, subscription)).toEqual(['DELETE ']);
    expect(t.fake.subscriptions.get(subscription)?.status).toBe('canceled');
    expect(t.fake.events.at(-1)?.type).toBe('customer.subscription.deleted');
    expect(t.answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(await account(t.db, member.email)).toMatchObject({ is_active: false });
    const entry = await entryOf(t, member.id, 'user.deactivate');
    expect(entry?.summary).toContain(
      JSON.stringify({ field: 'suscripcion', before: null, after: SUBSCRIPTION_ENDING_DONE.now }),
    );
  });

  it('deleting leaves the paid period to end by default: Stripe is told not to renew', async () => {
    const { t, member, subscription, admin } = await subscribed();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${member.id}`,
      headers: { ...csrf, cookie: admin },
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.fake.settled();
    expect(subscriptionCalls(t, subscription)).toEqual(['POST cancel_at_period_end=true']);
    expect(t.fake.subscriptions.get(subscription)).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
    });
    expect(await account(t.db, member.email)).toBeUndefined();
    const entry = await entryOf(t, member.id, 'user.delete');
    expect(entry?.summary).toContain(
      JSON.stringify({ field: 'suscripcion', before: null, after: SUBSCRIPTION_ENDING_DONE.period_end }),
    );
  });

  it('a bulk deactivation ends the subscriptions of the accounts it changes, as chosen', async () => {
    const one = await subscribed('una@example.com');
    const { t, admin } = one;
    const other = await addUser(t.db, { email: 'otra@example.com', role: 'cafeinas' });
    const second = await checkout(t, FAKE_PRICES.vipYearly.id, { email: other.email, userId: other.id });
    const free = await addUser(t.db, { email: 'libre@example.com', role: 'cafeinas' });
    const res = await postJson(
      t.app,
      '/api/admin/users/bulk',
      { action: 'deactivate', ids: [one.member.id, other.id, free.id], subscription_end: 'now' },
      { cookie: admin },
    );
    expect([res.statusCode, res.json()]).toEqual([200, { affected: 3 }]);
    await t.fake.settled();
    expect([subscriptionCalls(t, one.subscription), subscriptionCalls(t, second)]).toEqual([
      ['DELETE '],
      ['DELETE '],
    ]);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.kind, 'users.bulk'))
      .orderBy(auditLog.id);
    expect(entry?.summary).toContain(`${SUBSCRIPTION_ENDING_DONE.now} (2)`);
  });

  it('a Stripe failure answers a Spanish 502 and changes nothing', async () => {
    const { t, member, subscription, admin } = await subscribed();
    const before = await rowsOf(t.db, auditLog);
    t.fake.failure = { status: 500, type: 'api_error', message: 'Something went wrong' };
    const off = await deactivate(t, admin, member.id, member.email, { role_id: await t.roleId('vip') });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${member.id}`,
      payload: { subscription_end: 'now' },
      headers: { ...csrf, cookie: admin },
    });
    const bulk = await postJson(
      t.app,
      '/api/admin/users/bulk',
      { action: 'delete', ids: [member.id] },
      { cookie: admin },
    );
    t.fake.failure = undefined;
    for (const res of [off, removed, bulk]) {
      expect([res.statusCode, res.json()]).toEqual([502, { error: BILLING_MESSAGES.endSubscriptionFailed }]);
    }
    expect(await account(t.db, member.email)).toMatchObject({ role: 'vip', is_active: true });
    expect(await rowsOf(t.db, auditLog)).toBe(before);
    expect(t.fake.subscriptions.get(subscription)).toMatchObject({
      status: 'active',
      cancel_at_period_end: false,
    });
  });

  it('asks nothing of Stripe for a member whose subscription has ended, or for other edits', async () => {
    const { t, member, subscription, admin } = await subscribed();
    const vip = await t.roleId('vip');
    const kept = await deactivate(t, admin, member.id, member.email, { role_id: vip, is_active: true });
    expect(kept.statusCode).toBe(200);
    await t.fake.update(subscription, { status: 'canceled' });
    const off = await deactivate(t, admin, member.id, member.email, {
      role_id: await t.roleId('cafeinas'),
      subscription_end: 'now',
    });
    expect(off.statusCode).toBe(200);
    expect(subscriptionCalls(t, subscription)).toEqual([]);
  });

  it('refuses an unknown choice with a Spanish 400', async () => {
    const { t, member, admin } = await subscribed();
    const res = await deactivate(t, admin, member.id, member.email, {
      role_id: await t.roleId('vip'),
      subscription_end: 'nunca',
    });
    expect(res.statusCode).toBe(400);
    expect(await account(t.db, member.email)).toMatchObject({ is_active: true });
  });
});

describe('Stripe webhooks: delivery', () => {
  it('a replayed event changes nothing and answers 200', async () => {
    const t = await billingApp();
    await checkout(t, FAKE_PRICES.vipMonthly.id, { email: 'repetida@example.com' });
    const counts = async () => [
      await rowsOf(t.db, users),
      await rowsOf(t.db, auditLog),
      await rowsOf(t.db, billingEvents),
    ];
    const before = await counts();
    for (const event of t.fake.events) {
      const answer = await resend(t, event);
      expect(answer.statusCode).toBe(200);
    }
    expect(await counts()).toEqual(before);
    await waitForMail(t, 'repetida@example.com', SETUP_SUBJECT);
    expect(mailTo(t, 'repetida@example.com')).toHaveLength(1);
  });

  /** A member's paid subscription, then `changes` made with their events held back and sent newest first. */
  async function newestFirst(t: BillingTest, email: string, changes: SubscriptionChange[]) {
    const member = await addUser(t.db, { email, role: 'cafeinas' });
    const subscription = await checkout(t, FAKE_PRICES.vipMonthly.id, { email, userId: member.id });
    await withheld(t, async () => {
      for (const change of changes) await t.fake.update(subscription, change);
    });
    for (const event of t.fake.events.slice(-changes.length).reverse()) {
      expect((await resend(t, event)).statusCode).toBe(200);
    }
    return (await t.db.select().from(billingSubscriptions))[0];
  }

  it("events that arrive out of order end in the subscription's current state", async () => {
    const t = await billingApp();
    // The end first, then the older "past due" (whose own object still grants access).
    const row = await newestFirst(t, 'orden@example.com', [{ status: 'past_due' }, { status: 'canceled' }]);
    expect(await account(t.db, 'orden@example.com')).toMatchObject({ role: 'cafeinas', is_active: true });
    expect(row?.status).toBe('canceled');
    expect(mailTo(t, 'orden@example.com').map((m) => m.subject)).not.toContain(PAST_DUE_SUBJECT);
  });

  it('a cancellation and a renewal applied in either order keep access and remember it will not renew', async () => {
    const t = await billingApp();
    const row = await newestFirst(t, 'renueva@example.com', [
      { current_period_end: 1_900_000_000 },
      { cancel_at_period_end: true },
    ]);
    expect(await account(t.db, 'renueva@example.com')).toMatchObject({ role: 'vip' });
    expect(row).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect(Date.parse(row!.current_period_end!)).toBe(1_900_000_000_000);
  });

  it('a stale event for a subscription Stripe no longer has never overwrites the newer state', async () => {
    const t = await billingApp();
    const member = await addUser(t.db, { email: 'vieja@example.com', role: 'cafeinas' });
    const subscription = await checkout(t, FAKE_PRICES.vipMonthly.id, {
      email: member.email,
      userId: member.id,
    });
    const stale = await t.fake.emit(
      'customer.subscription.updated',
      t.fake.subscriptions.get(subscription)!,
      {
        send: false,
        created: Math.floor(Date.now() / 1000) - 3600,
      },
    );
    await t.fake.update(subscription, { status: 'canceled' });
    t.fake.subscriptions.delete(subscription);
    expect((await t.post(stale)).statusCode).toBe(200);
    expect(await account(t.db, member.email)).toMatchObject({ role: 'cafeinas' });
    const [row] = await t.db.select().from(billingSubscriptions);
    expect(row?.status).toBe('canceled');
  });

  it('a bad or missing signature is a 400 in Spanish and changes nothing', async () => {
    const t = await billingApp();
    t.fake.deliver = undefined;
    await checkout(t, FAKE_PRICES.vipMonthly.id, { email: 'firma@example.com' });
    const event = t.fake.events.at(-1)!;
    const payload = JSON.stringify(event);
    const signature = t.fake.sign(payload);
    const tampered = payload.replace('firma@example.com', 'otra@example.com');
    for (const delivery of [
      { payload: tampered, signature },
      { payload, signature: t.stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_otro' }) },
    ]) {
      const answer = await t.post(delivery);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ error: BILLING_WEBHOOK_MESSAGES.badSignature });
    }
    const unsigned = await t.app.inject({
      method: 'POST',
      url: stripeWebhook.path,
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await account(t.db, 'firma@example.com')).toBeUndefined();
    expect(await rowsOf(t.db, billingEvents)).toBe(0);
  });

  it('refuses a signature dated ahead of the clock, and a signed event without an object, with a 400', async () => {
    const t = await billingApp();
    t.fake.deliver = undefined;
    await checkout(t, FAKE_PRICES.vipMonthly.id, { email: 'futuro@example.com' });
    const payload = JSON.stringify(t.fake.events.at(-1));
    const ahead = t.stripe.webhooks.generateTestHeaderString({
      payload,
      secret: FAKE_STRIPE_WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) + 3600,
    });
    const future = await t.post({ payload, signature: ahead });
    expect([future.statusCode, future.json()]).toEqual([
      400,
      { error: BILLING_WEBHOOK_MESSAGES.badSignature },
    ]);

    const empty = JSON.stringify({ ...t.fake.events.at(-1), id: 'evt_sin_datos', data: null });
    const answer = await t.post({ payload: empty, signature: t.fake.sign(empty) });
    expect([answer.statusCode, answer.json()]).toEqual([400, { error: BILLING_WEBHOOK_MESSAGES.badEvent }]);
    const nothing = await t.post({ payload: 'null', signature: t.fake.sign('null') });
    expect([nothing.statusCode, nothing.json()]).toEqual([400, { error: BILLING_WEBHOOK_MESSAGES.badEvent }]);
    // A subscription Stripe does not have, in a shape Stripe never sends: nothing to act on, not a 500.
    const unknown = JSON.stringify({
      id: 'evt_desconocida',
      type: 'customer.subscription.updated',
      data: { object: { id: 'sub_desconocida', object: 'subscription' } },
    });
    const ignored = await t.post({ payload: unknown, signature: t.fake.sign(unknown) });
    expect([ignored.statusCode, ignored.json()]).toEqual([200, { received: true }]);
    expect(await rowsOf(t.db, billingEvents)).toBe(0);
    expect(await account(t.db, 'futuro@example.com')).toBeUndefined();
  });

  it('an email from Stripe that the app would refuse makes no account', async () => {
    const t = await billingApp();
    const before = await rowsOf(t.db, users);
    await checkout(t, FAKE_PRICES.vipMonthly.id, { email: '@x@example.com' });
    expect(t.answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(await rowsOf(t.db, users)).toBe(before);
  });

  it('is a 400 when payments are not configured', async () => {
    const { app } = await createTestApp();
    const answer = await app.inject({
      method: 'POST',
      url: stripeWebhook.path,
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      payload: '{}',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ error: BILLING_WEBHOOK_MESSAGES.notConfigured });
  });

  it('a failure while applying answers 5xx, leaves nothing half-applied, and the retry applies it', async () => {
    const t = await billingApp();
    faults.setupEmail = true;
    const before = { users: await rowsOf(t.db, users), log: await rowsOf(t.db, auditLog) };
    await checkout(t, FAKE_PRICES.vipMonthly.id, { email: 'fallo@example.com' });
    expect(t.answers.map((a) => a.statusCode)).toEqual([500, 500]);
    expect(await rowsOf(t.db, users)).toBe(before.users);
    expect(await rowsOf(t.db, auditLog)).toBe(before.log);
    expect(await rowsOf(t.db, billingEvents)).toBe(0);
    expect(await t.db.select().from(billingSubscriptions)).toEqual([]);

    // Stripe retries the same event: applied now.
    faults.setupEmail = false;
    expect((await resend(t, t.fake.events.at(-1)!)).statusCode).toBe(200);
    expect(await account(t.db, 'fallo@example.com')).toMatchObject({ role: 'vip', is_active: true });
  });

  it('Stripe out of reach answers 5xx and records nothing, so the event comes again', async () => {
    const t = await billingApp();
    t.fake.deliver = undefined;
    await checkout(t, FAKE_PRICES.vipMonthly.id, { email: 'caida@example.com' });
    const event = t.fake.events.at(-1)!;
    t.fake.failure = { status: 500, type: 'api_error', message: 'Stripe is down' };
    expect((await resend(t, event)).statusCode).toBeGreaterThanOrEqual(500);
    expect(await rowsOf(t.db, billingEvents)).toBe(0);
    t.fake.failure = undefined;
    expect((await resend(t, event)).statusCode).toBe(200);
    expect(await account(t.db, 'caida@example.com')).toMatchObject({ role: 'vip' });
  });

  it('needs no session or CSRF header, while every other write still does', async () => {
    const t = await billingApp();
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(logout.statusCode).toBe(403);
    t.fake.deliver = undefined;
    await checkout(t, FAKE_PRICES.vipMonthly.id, { email: 'sin-csrf@example.com' });
    expect((await resend(t, t.fake.events.at(-1)!)).statusCode).toBe(200);
  });
});
