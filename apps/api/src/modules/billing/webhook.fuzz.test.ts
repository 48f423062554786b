/**
 * Property-based fuzzing (fast-check) of billing through its states: random sequences of Checkouts opened and
 * paid by visitors (with or without the email field, in any case) and members, status changes and renewals at
 * Stripe, replayed and concurrent events, junk deliveries and claims of waiting payments, over accounts whose
 * email is confirmed or not, one never activated, one an administrator deactivated, and one that used its trial.
 * After every step: no 5xx; an event applied once; an unproven email gains nothing; the administrator's
 * deactivation holds; a trial is had once per email.
 */
import { claimPayment, stripeWebhook } from '@app/contracts';
import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import type Stripe from 'stripe';
import { describe, expect, it, vi } from 'vitest';
import {
  FAKE_PRICES,
  FAKE_STRIPE_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  fakeStripeClient,
  startFakeStripe,
  type FakeStripe,
  type SubscriptionChange,
} from '../../../test/fakes/stripe';
import { addUser, createTestApp, postJson } from '../../../test/helper';
import type { Db } from '../../db/client';
import { roles, users } from '../../db/schema';
import { createMailer } from '../../integrations/mailer';
import { auditLog } from '../history/schema';
import {
  billingEvents,
  billingPlans,
  billingPrices,
  billingSubscriptions,
  billingWaitingPayments,
} from './schema';

/** Sequences per engine; FUZZ_RUNS raises it for a longer hunt. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 15);
const APP_URL = 'https://miembros.example.com';
const WAITING_SUBJECT = 'Tienes un pago esperando a tu cuenta';

/** The accounts every sequence starts with, by what their email and state are. */
const ACCOUNTS = ['confirmed', 'unconfirmed', 'pending', 'deactivated', 'trialUsed'] as const;
type AccountName = (typeof ACCOUNTS)[number];
/** Whom a payment names: an account's email, or an address no account has. */
const PAYERS = [...ACCOUNTS, 'newcomer', 'other'] as const;
type Payer = (typeof PAYERS)[number];

/** Each sequence has its own addresses: the app and the fake Stripe are shared by every sequence. */
const emailIn = (run: number) => (payer: Payer) => `${payer.toLowerCase()}.${run}@example.com`;

type Command =
  | { kind: 'open' | 'openAndPay'; payer: Payer; giveEmail: boolean; upper: boolean; yearly: boolean }
  | { kind: 'pay'; page: number; payer: Payer; upper: boolean }
  | { kind: 'memberPays'; yearly: boolean }
  | { kind: 'change'; subscription: number; change: SubscriptionChange }
  | { kind: 'replay'; event: number; times: number }
  | { kind: 'junk'; payload: string; signed: boolean }
  | { kind: 'claim'; waiting: number; password: boolean };

const payerArb = fc.constantFrom(...PAYERS);
const openArb = fc.record({
  payer: payerArb,
  giveEmail: fc.boolean(),
  upper: fc.boolean(),
  yearly: fc.boolean(),
});
const commandArb: fc.Arbitrary<Command> = fc.oneof(
  { weight: 2, arbitrary: openArb.map((open) => ({ kind: 'open' as const, ...open })) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      page: fc.nat(5),
      payer: payerArb,
      upper: fc.boolean(),
    }),
  },
  // The common case: a page opened and paid at once.
  { weight: 3, arbitrary: openArb.map((open) => ({ kind: 'openAndPay' as const, ...open })) },
  fc.record({ kind: fc.constant('memberPays' as const), yearly: fc.boolean() }),
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('change' as const),
      subscription: fc.nat(5),
      change: fc.oneof(
        fc.record({
          status: fc.constantFrom<Stripe.Subscription.Status>(
            'active',
            'past_due',
            'canceled',
            'unpaid',
            'paused',
            'incomplete_expired',
          ),
        }),
        fc.record({ cancel_at_period_end: fc.boolean() }),
        fc.record({ current_period_end: fc.integer({ min: 1_900_000_000, max: 2_000_000_000 }) }),
      ),
    }),
  },
  fc.record({
    kind: fc.constant('replay' as const),
    event: fc.nat(30),
    times: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({
    kind: fc.constant('junk' as const),
    payload: fc.oneof(
      fc.json(),
      fc.constantFrom(
        '{"id":"evt_x","type":"checkout.session.completed","data":null}',
        '{"id":"evt_y","type":"customer.subscription.updated","data":{"object":{"id":"sub_nada","object":"subscription"}}}',
        '{"id":"evt_z","type":"invoice.paid","data":{"object":{"parent":null}}}',
      ),
    ),
    signed: fc.boolean(),
  }),
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('claim' as const), waiting: fc.nat(3), password: fc.boolean() }),
  },
);

async function roleId(db: Db, name: string): Promise<number> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
  return row!.id;
}

/** An app on a fake Stripe: VIP (monthly, yearly) with a 14-day trial ends in cafeinas. */
async function billingApp() {
  const fake = await startFakeStripe();
  const mailer = createMailer(
    { smtpUrl: undefined, from: 'Comunidad <no-reply@example.com>', outboxDir: undefined },
    { info: () => undefined },
  );
  const test = await createTestApp(
    {
      appUrl: APP_URL,
      stripe: { secretKey: FAKE_STRIPE_KEY, webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET, apiUrl: fake.baseUrl },
    },
    { mailer },
  );
  const { app, db } = test;
  const [vip, cafeinas] = [await roleId(db, 'vip'), await roleId(db, 'cafeinas')];
  await db
    .insert(billingPlans)
    .values({ role_id: vip, position: 0, end_action: 'role', end_role_id: cafeinas, trial_days: 14 });
  await db.insert(billingPrices).values([
    { price_id: FAKE_PRICES.vipMonthly.id, role_id: vip, amount: 4900, currency: 'eur', interval: 'month' },
    { price_id: FAKE_PRICES.vipYearly.id, role_id: vip, amount: 49000, currency: 'eur', interval: 'year' },
  ]);

  const statuses: number[] = [];
  fake.deliver = async (delivery) => {
    const answer = await app.inject({
      method: 'POST',
      url: stripeWebhook.path,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': delivery.signature },
      payload: delivery.payload,
    });
    statuses.push(answer.statusCode);
    return answer;
  };
  return { ...test, fake, stripe: fakeStripeClient(fake), mailer, statuses };
}

type BillingApp = Awaited<ReturnType<typeof billingApp>>;

/** The five accounts of one sequence, in their states. */
async function community(shared: BillingApp, run: number) {
  const { db, stripe, fake } = shared;
  const emailOf = emailIn(run);
  shared.statuses.splice(0);
  const ids = {} as Record<AccountName, number>;
  for (const name of ACCOUNTS) {
    ids[name] = (
      await addUser(db, { email: emailOf(name), role: 'cafeinas', is_active: name !== 'pending' })
    ).id;
  }
  // Registered and never confirmed (one an administrator activated anyway, one still pending).
  await db.update(users).set({ email_verified: false }).where(eq(users.id, ids.unconfirmed));
  await db.update(users).set({ email_verified: false }).where(eq(users.id, ids.pending));
  // A paying member an administrator deactivated: their subscription still renews at Stripe.
  const deactivatedSubscription = await memberCheckout(stripe, fake, ids.deactivated, emailOf('deactivated'));
  await db
    .update(users)
    .set({ is_active: false, deactivated_by_admin: true })
    .where(eq(users.id, ids.deactivated));
  // Had a subscription once: no trial any more, for the account, its email or its customer.
  await db.insert(billingSubscriptions).values({
    user_id: ids.trialUsed,
    customer_id: `cus_antiguo_${run}`,
    subscription_id: `sub_antigua_${run}`,
    status: 'canceled',
  });
  // Its own address too: the checkouts one address may start are limited.
  const ip = `10.1.${Math.floor(run / 250)}.${(run % 250) + 1}`;
  return { ...shared, emailOf, ip, ids, subscriptions: [deactivatedSubscription] };
}

/** A signed-in member's Checkout as the app makes it (their user id in the metadata), paid at once. */
async function memberCheckout(
  stripe: Stripe,
  fake: FakeStripe,
  userId: number,
  email: string,
  yearly = false,
) {
  const metadata = { user_id: String(userId) };
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price: yearly ? FAKE_PRICES.vipYearly.id : FAKE_PRICES.vipMonthly.id, quantity: 1 }],
    success_url: `${APP_URL}/planes/gracias?session_id={CHECKOUT_SESSION_ID}`,
    metadata,
    subscription_data: { metadata },
    client_reference_id: String(userId),
    customer_email: email,
  });
  return (await fake.completeCheckout(session.id, email)).subscription as string;
}

type Community = Awaited<ReturnType<typeof community>>;

/** What billing may have changed: compared around a replayed event, which must change none of it. */
async function billingState(db: Db) {
  return {
    users: await db
      .select({ id: users.id, role_id: users.role_id, is_active: users.is_active })
      .from(users)
      .orderBy(users.id),
    subscriptions: await db.select().from(billingSubscriptions).orderBy(billingSubscriptions.user_id),
    waiting: await db.select().from(billingWaitingPayments).orderBy(billingWaitingPayments.subscription_id),
    events: (await db.select({ n: count() }).from(billingEvents))[0]!.n,
    history: (await db.select({ n: count() }).from(auditLog))[0]!.n,
  };
}

async function runCommand(c: Community, command: Command, pages: string[], proven: Set<AccountName>) {
  const { app, fake, emailOf } = c;
  switch (command.kind) {
    case 'openAndPay':
    case 'open': {
      const email = command.upper ? emailOf(command.payer).toUpperCase() : emailOf(command.payer);
      const price = command.yearly ? FAKE_PRICES.vipYearly.id : FAKE_PRICES.vipMonthly.id;
      const res = await postJson(
        app,
        '/api/billing/checkout',
        { price_id: price, ...(command.giveEmail ? { email } : {}) },
        { remoteAddress: c.ip },
      );
      expect(res.statusCode, res.body).toBe(200);
      pages.push([...fake.sessions.values()].at(-1)!.id as string);
      if (command.kind === 'openAndPay') {
        const pay = {
          kind: 'pay' as const,
          page: pages.length - 1,
          payer: command.payer,
          upper: command.upper,
        };
        await runCommand(c, pay, pages, proven);
      }
      return;
    }
    case 'pay': {
      const id = pages[command.page % Math.max(pages.length, 1)];
      const session = id ? fake.sessions.get(id) : undefined;
      if (session?.status !== 'open') return;
      // A page opened with an email pays with it (Stripe shows it, not editable); otherwise the typed one.
      const typed = command.upper ? emailOf(command.payer).toUpperCase() : emailOf(command.payer);
      const paid = await fake.completeCheckout(id!, (session.customer_email as string | null) ?? typed);
      c.subscriptions.push(paid.subscription as string);
      return;
    }
    case 'memberPays': {
      const held = await c.db
        .select()
        .from(billingSubscriptions)
        .where(eq(billingSubscriptions.user_id, c.ids.confirmed));
      // The app refuses a second Checkout to a member whose subscription is live.
      if (held.some((row) => ['active', 'trialing', 'past_due', 'paused'].includes(row.status ?? ''))) return;
      c.subscriptions.push(
        await memberCheckout(c.stripe, fake, c.ids.confirmed, emailOf('confirmed'), command.yearly),
      );
      return;
    }
    case 'change': {
      const id = c.subscriptions[command.subscription % c.subscriptions.length]!;
      const status = fake.subscriptions.get(id)?.status;
      if (status === 'canceled' || status === 'incomplete_expired') return;
      await fake.update(id, command.change);
      return;
    }
    case 'replay': {
      await fake.settled();
      const event = fake.events[command.event % Math.max(fake.events.length, 1)];
      if (!event) return;
      const before = await billingState(c.db);
      const payload = JSON.stringify(event);
      const answers = await Promise.all(
        Array.from({ length: command.times }, () =>
          app.inject({
            method: 'POST',
            url: stripeWebhook.path,
            headers: { 'content-type': 'application/json', 'stripe-signature': fake.sign(payload) },
            payload,
          }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
      // Applied once already: Stripe's retries, however many at once, change nothing.
      expect(await billingState(c.db)).toEqual(before);
      return;
    }
    case 'junk': {
      const res = await app.inject({
        method: 'POST',
        url: stripeWebhook.path,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': command.signed ? fake.sign(command.payload) : 't=1,v1=00',
        },
        payload: command.payload,
      });
      expect(res.statusCode, res.body).toBeLessThan(500);
      if (!command.signed) expect(res.statusCode).toBe(400);
      return;
    }
    case 'claim': {
      await fake.settled();
      // The link is emailed once the payment's transaction is committed, after the webhook's answer.
      const waiting = (await c.db.select({ n: count() }).from(billingWaitingPayments))[0]!.n;
      const links = await vi.waitFor(() => {
        const sent = c.mailer.kept.filter((m) => m.subject === WAITING_SUBJECT);
        if (sent.length < waiting) throw new Error('the waiting link is not sent yet');
        return sent;
      });
      const ours = links.filter((m) => PAYERS.some((payer) => emailOf(payer) === m.to));
      const mail = ours[command.waiting % Math.max(ours.length, 1)];
      if (!mail) return;
      const token = new URL(/https?:\/\/\S+vincular\?token=[^\s"<]+/.exec(mail.text)![0]).searchParams.get(
        'token',
      )!;
      const res = await postJson(app, claimPayment.path, {
        token,
        ...(command.password ? { password: 'clave-del-enlace-larga' } : {}),
      });
      expect(res.statusCode, res.body).toBeLessThan(500);
      // Whoever follows the link reads that mailbox: the address is proven from now on.
      if (res.statusCode === 200) {
        const owner = ACCOUNTS.find((name) => emailOf(name) === mail.to);
        if (owner) proven.add(owner);
      }
      return;
    }
  }
}

/** The properties that hold after every step. */
async function checkInvariants(c: Community, proven: Set<AccountName>) {
  await c.fake.settled();
  expect(c.statuses.filter((s) => s >= 500)).toEqual([]);
  const rows = await c.db
    .select({ id: users.id, role_id: users.role_id, is_active: users.is_active })
    .from(users);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const cafeinas = await roleId(c.db, 'cafeinas');
  const linked = new Set(
    (await c.db.select({ user_id: billingSubscriptions.user_id }).from(billingSubscriptions)).map(
      (row) => row.user_id,
    ),
  );
  // An email nobody proved gains nothing: not the plan's role, not activation, not a subscription of its own.
  for (const name of ['unconfirmed', 'pending'] as const) {
    if (proven.has(name)) continue;
    const row = byId.get(c.ids[name])!;
    expect(row, name).toMatchObject({ role_id: cafeinas, is_active: name !== 'pending' });
    expect(linked.has(c.ids[name]), name).toBe(false);
  }
  // The administrator's deactivation holds, whatever Stripe says.
  expect(byId.get(c.ids.deactivated)?.is_active).toBe(false);
  // A trial once per email: no subscription is still trialing when its email had another one here.
  const emailOfSubscription = (subscription: Record<string, unknown>) =>
    ((c.fake.customers.get(subscription.customer as string)?.email as string | null) ?? '').toLowerCase();
  const all = [...c.fake.subscriptions.values()];
  for (const [i, subscription] of all.entries()) {
    if (subscription.status !== 'trialing') continue;
    const email = emailOfSubscription(subscription);
    expect(email, 'a trial for an email that had a subscription').not.toBe(c.emailOf('trialUsed'));
    expect(
      all.slice(0, i).some((earlier) => emailOfSubscription(earlier) === email),
      `a second trial for ${email}`,
    ).toBe(false);
  }
}

describe('billing fuzzing through waiting payments, unproven emails, deactivation and used trials', () => {
  it('never answers 5xx, applies each event once, grants an unproven email nothing, keeps the admin decision', async () => {
    const shared = await billingApp();
    let run = 0;
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(commandArb, { minLength: 3, maxLength: 12 }), async (commands) => {
          const c = await community(shared, ++run);
          const pages: string[] = [];
          const proven = new Set<AccountName>(['confirmed', 'deactivated', 'trialUsed']);
          for (const command of commands) {
            await runCommand(c, command, pages, proven);
            await checkInvariants(c, proven);
          }
          await c.fake.settled();
        }),
        { numRuns: RUNS },
      );
    } finally {
      await shared.fake.settled();
      await shared.fake.close();
    }
  }, 600_000);
});
