import { AdminOverview, StatsChartExport, StatsOverview, stripeWebhook } from '@app/contracts';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import {
  FAKE_PRICES,
  FAKE_STRIPE_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  fakeStripeClient,
  startFakeStripe,
  type FakeStripe,
  type SubscriptionChange,
} from '../../../test/fakes/stripe';
import { ADMIN, addUser, createTestApp, signIn } from '../../../test/helper';
import { roles, users } from '../../db/schema';
import { billingPlans, billingPrices } from '../billing/schema';
import { createStatsKeeper } from './keeper';

const fakes: FakeStripe[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

/** The app's clock, moved by the script: Stripe's states are dated by it, as by a real webhook's arrival. */
let now = new Date('2027-02-01T12:00:00.000Z');
const clock = { now: () => now };
const at = (day: string) => {
  now = new Date(`${day}T12:00:00.000Z`);
};

async function monthApp() {
  const fake = await startFakeStripe();
  fakes.push(fake);
  const t = await createTestApp(
    {
      timeZone: 'UTC',
      stripe: { secretKey: FAKE_STRIPE_KEY, webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET, apiUrl: fake.baseUrl },
    },
    { clock, jobsPollMs: 3_600_000 },
  );
  const roleId = async (name: string) =>
    (await t.db.select({ id: roles.id }).from(roles).where(eq(roles.name, name)))[0]!.id;
  const [vip, cafeinas, estrategas] = [
    await roleId('vip'),
    await roleId('cafeinas'),
    await roleId('estrategas'),
  ];
  await t.db.insert(billingPlans).values([
    { role_id: vip, position: 0, end_action: 'role', end_role_id: cafeinas },
    { role_id: estrategas, position: 1, end_action: 'deactivate', end_role_id: null },
  ]);
  await t.db.insert(billingPrices).values([
    { price_id: FAKE_PRICES.vipMonthly.id, role_id: vip, amount: 4900, currency: 'eur', interval: 'month' },
    {
      price_id: FAKE_PRICES.estrategasMonthly.id,
      role_id: estrategas,
      amount: 1900,
      currency: 'eur',
      interval: 'month',
    },
  ]);
  fake.deliver = async (delivery) => {
    const answer = await t.app.inject({
      method: 'POST',
      url: stripeWebhook.path,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': delivery.signature },
      payload: delivery.payload,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer;
  };
  fake.addCoupon('QUARTER', { percent_off: 25, duration: 'forever' });
  fake.addCoupon('TENOFF', { amount_off: 1000, currency: 'eur', duration: 'forever' });
  fake.addCoupon('FIRSTFREE', { percent_off: 100, duration: 'once' });
  const stripe: Stripe = fakeStripeClient(fake);

  /** A member who pays signed in: Checkout, then Stripe's events. */
  async function subscribe(email: string, price: string, trialDays?: number): Promise<string> {
    const [member] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const metadata = { user_id: String(member!.id) };
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price, quantity: 1 }],
      success_url: 'https://miembros.example.com/planes/gracias',
      metadata,
      subscription_data: { metadata, ...(trialDays ? { trial_period_days: trialDays } : {}) },
      client_reference_id: String(member!.id),
      customer_email: email,
    });
    return (await fake.completeCheckout(session.id, email)).subscription as string;
  }
  const update = (subscription: string, change: SubscriptionChange) => fake.update(subscription, change);
  return { ...t, fake, subscribe, update };
}

describe('money as Stripe counts it, over a scripted month', () => {
  it('matches every figure worked out by hand', async () => {
    now = new Date('2027-02-01T12:00:00.000Z');
    const t = await monthApp();
    for (const name of ['ana', 'bea', 'carla', 'dani', 'eva', 'fede', 'gus', 'hugo', 'jose']) {
      await addUser(t.db, { email: `${name}@example.com`, role: 'cafeinas' });
    }
    // Irene holds a plan's role an administrator gave her: a courtesy member.
    await addUser(t.db, { email: 'irene@example.com', role: 'vip' });

    // February: four members pay, one (gus) pays and leaves.
    at('2027-02-01');
    const gus = await t.subscribe('gus@example.com', FAKE_PRICES.vipMonthly.id);
    at('2027-02-05');
    await t.update(gus, { status: 'canceled' });
    at('2027-02-10');
    const ana = await t.subscribe('ana@example.com', FAKE_PRICES.vipMonthly.id);
    at('2027-02-12');
    const bea = await t.subscribe('bea@example.com', FAKE_PRICES.estrategasMonthly.id);
    at('2027-02-15');
    const carla = await t.subscribe('carla@example.com', FAKE_PRICES.vipMonthly.id);
    at('2027-02-20');
    const dani = await t.subscribe('dani@example.com', FAKE_PRICES.estrategasMonthly.id);

    // March.
    at('2027-03-03');
    const eva = await t.subscribe('eva@example.com', FAKE_PRICES.vipMonthly.id, 14); // a trial
    at('2027-03-05');
    await t.update(ana, { quantity: 2 }); // upgrade: two seats
    at('2027-03-08');
    await t.update(bea, { coupon: 'QUARTER' }); // downgrade by a coupon: 25 % off forever
    at('2027-03-10');
    await t.update(carla, { status: 'past_due' }); // payment retry
    at('2027-03-13');
    await t.update(carla, { status: 'active' }); // paid on retry
    at('2027-03-15');
    await t.update(dani, { cancel_at_period_end: true }); // still pays until the period ends
    at('2027-03-17');
    await t.update(eva, { status: 'active' }); // the trial converts
    at('2027-03-18');
    const fede = await t.subscribe('fede@example.com', FAKE_PRICES.vipMonthly.id);
    await t.update(fede, { coupon: 'TENOFF' }); // 10 € off every month, the same day
    at('2027-03-20');
    await t.update(dani, { status: 'canceled' }); // ends
    at('2027-03-22');
    await t.subscribe('gus@example.com', FAKE_PRICES.vipMonthly.id); // comes back
    at('2027-03-25');
    const hugo = await t.subscribe('hugo@example.com', FAKE_PRICES.vipMonthly.id);
    await t.update(hugo, { coupon: 'FIRSTFREE' }); // a first month free: not recurring, MRR unchanged

    now = new Date('2027-04-01T00:05:00.000Z');
    await createStatsKeeper({ database: t.database, clock, timeZone: 'UTC' }).closeFinishedDays();
    const cookie = await signIn(t.app, ADMIN.email, ADMIN.password);
    const res = await t.app.inject({ url: '/api/estadisticas?range=30', headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const stats = StatsOverview.parse(res.json());
    expect([stats.from, stats.to]).toEqual(['2027-03-02', '2027-03-31']);

    // | member | 1 March (start)  | 31 March (end)              | movements in the range                  |
    // | ana    | 49 €             | 98 € (2 seats)              | expansion 49                            |
    // | bea    | 19 €             | 14,25 € (25 % off)          | contraction 4,75                        |
    // | carla  | 49 €             | 49 €                        | churned 49 (retry), reactivated 49      |
    // | dani   | 19 €             | ended                       | churned 19                              |
    // | eva    | —                | 49 € (trial converted)      | new 49                                  |
    // | fede   | —                | 39 € (49 − 10 forever)      | new 39                                  |
    // | gus    | — (paid in Feb.) | 49 €                        | reactivated 49                          |
    // | hugo   | —                | 49 € (a once coupon)        | new 49                                  |
    // | total  | 136 €            | 347,25 €                    | 136 + 137 + 49 − 4,75 − 68 + 98 = 347,25 |
    const [eur] = stats.money;
    expect(stats.money).toHaveLength(1);
    expect(eur).toMatchObject({
      currency: 'eur',
      mrr: 34725,
      previous: 13600,
      arr: 416700,
      paying: 7,
      arpu: 4961, // 347,25 ÷ 7
      previous_arpu: 3400, // 136 ÷ 4
      retrying: 0,
      moves: { new: 13700, expansion: 4900, contraction: 475, churned: 6800, reactivated: 9800 },
      by_plan: [
        { plan: 'vip', amount: 33300 },
        { plan: 'estrategas', amount: 1425 },
      ],
      // (68 + 4,75) × 100 ÷ 136
      revenue_churn: { value: 53.5, previous: 0 },
    });
    expect(eur!.trend).toHaveLength(30);
    expect(eur!.trend[0]).toBe(13600);
    expect(eur!.trend[7]).toBe(13600 + 4900 - 475); // 9 March: after ana's seats and bea's coupon
    expect(eur!.trend[8]).toBe(18025 - 4900); // 10 March: carla in payment retry, not counted
    expect(eur!.trend.at(-1)).toBe(34725);
    // «Tu comunidad» on the dashboard shows the same MRR, not the plans' list prices (313 € here).
    const overview = AdminOverview.parse(
      (await t.app.inject({ url: '/api/admin/overview', headers: { cookie } })).json(),
    );
    expect(overview.glance.mrr).toEqual([{ currency: 'eur', amount: 34725 }]);
    // Carla and dani stopped paying; four paid on 1 March.
    expect(stats.subscriber_churn).toEqual({ value: 50, previous: 0 });

    // 31 March: paying ana bea carla eva fede gus hugo; courtesy irene; free jose; dani deactivated by his plan.
    // 1 March: paying ana bea carla dani; courtesy irene; free eva fede gus hugo jose.
    const kinds = Object.fromEntries(stats.member_kinds.map((k) => [k.kind, [k.value, k.previous]]));
    expect(kinds).toEqual({
      free: [1, 5],
      paying: [7, 4],
      courtesy: [1, 1],
      trial: [0, 0],
      retrying: [0, 0],
    });
    const trial = stats.member_kinds.find((k) => k.kind === 'trial')!.trend;
    // eva's trial from 3 to 16 March (the range starts on the 2nd).
    expect(trial.slice(0, 16)).toEqual([0, ...new Array<number>(14).fill(1), 0]);
    const retrying = stats.member_kinds.find((k) => k.kind === 'retrying')!.trend;
    expect(retrying.slice(7, 12)).toEqual([0, 1, 1, 1, 0]); // carla from the 10th to the 12th

    // The movements chart's CSV, written by the server in whole units.
    const csv = await t.app.inject({
      url: '/api/estadisticas/exportar?range=30&chart=revenue_moves&currency=eur',
      headers: { cookie },
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const file = StatsChartExport.parse(csv.json());
    expect(file.filename).toBe('movimientos-mrr-eur_2027-03-02_2027-03-31.csv');
    const lines = file.csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Día,Nuevos,Ampliaciones,Reducciones,Bajas,Reactivaciones');
    expect(lines).toContain('2027-03-05,0,49,0,0,0');
    expect(lines).toContain('2027-03-08,0,0,4.75,0,0');
    expect(lines).toContain('2027-03-10,0,0,0,49,0');
    expect(lines).toContain('2027-03-13,0,0,0,0,49');
    expect(lines).toContain('2027-03-18,39,0,0,0,0');
  });
});
