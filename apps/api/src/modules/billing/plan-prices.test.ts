import { BILLING_MESSAGES as M, type AdminPlan } from '@app/contracts';
import { parse as parseForm } from 'qs';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, csrf, signIn } from '../../../test/helper';
import {
  FAKE_PRICES,
  FAKE_STRIPE_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  startFakeStripe,
  type FakeStripe,
} from '../../../test/fakes/stripe';
import { auditLog } from '../history/schema';
import { billingPlans, billingPrices } from './schema';

const ROLE = { admin: 1, vip: 2, cafeinas: 3 } as const;

const fakes: FakeStripe[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

async function billingApp() {
  const fake = await startFakeStripe();
  fakes.push(fake);
  const test = await createTestApp({
    stripe: { secretKey: FAKE_STRIPE_KEY, webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET, apiUrl: fake.baseUrl },
  });
  const admin = await signIn(test.app, ADMIN.email, ADMIN.password);
  const createPrice = (roleId: number, body: Record<string, unknown>) =>
    test.app.inject({
      method: 'POST',
      url: `/api/admin/billing/plans/${roleId}/prices`,
      payload: body,
      headers: { ...csrf, cookie: admin },
    });
  /** What the fake received at one path, parsed as Stripe parses a form body. */
  const received = (path: string) =>
    fake.requests
      .filter((request) => request.method === 'POST' && request.url === path)
      .map((request) => parseForm(request.body));
  return { ...test, fake, admin, createPrice, received };
}

const MONTHLY = { name: 'VIP mensual', amount: 2900, currency: 'eur', interval: 'month' };

describe('plans made in the app', () => {
  it('creates the product and the price at Stripe, form-encoded, and makes them a new plan', async () => {
    const t = await billingApp();
    const res = await t.createPrice(ROLE.vip, MONTHLY);
    expect(res.statusCode, res.body).toBe(200);

    expect(t.received('/v1/products')).toEqual([{ name: 'VIP mensual' }]);
    const [product] = [...t.fake.products.values()];
    expect(t.received('/v1/prices')).toEqual([
      { product: product?.id, unit_amount: '2900', currency: 'eur', recurring: { interval: 'month' } },
    ]);
    const [created] = [...t.fake.prices.values()].filter((price) => price.product === product?.id);
    const plan = res.json() as AdminPlan;
    expect(plan).toMatchObject({
      role_id: ROLE.vip,
      end_action: 'deactivate',
      trial_days: null,
      prices: [
        { price_id: created?.id, amount: 2900, currency: 'eur', interval: 'month', interval_count: 1 },
      ],
    });
    const kinds = (await t.db.select({ kind: auditLog.kind }).from(auditLog)).map((row) => row.kind);
    expect(kinds).toContain('billing.plan.save');
  });

  it("adds a created price after the plan's own, keeping its settings", async () => {
    const t = await billingApp();
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/billing/plans/${ROLE.vip}`,
      payload: {
        position: 3,
        price_ids: [FAKE_PRICES.vipMonthly.id],
        end_action: 'role',
        end_role_id: ROLE.cafeinas,
        trial_days: 7,
        allow_promotion_codes: true,
        automatic_tax: false,
      },
      headers: { ...csrf, cookie: t.admin },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await t.createPrice(ROLE.vip, { ...MONTHLY, amount: 29000, interval: 'year' });
    expect(res.statusCode, res.body).toBe(200);
    const plan = res.json() as AdminPlan;
    expect(plan).toMatchObject({ position: 3, end_role_id: ROLE.cafeinas, trial_days: 7 });
    expect(plan.prices.map((price) => [price.amount, price.interval])).toEqual([
      [FAKE_PRICES.vipMonthly.amount, 'month'],
      [29000, 'year'],
    ]);
  });

  it('answers a refusal from Stripe with a Spanish 400 and saves nothing', async () => {
    const t = await billingApp();
    t.fake.failure = { status: 400, type: 'invalid_request_error', message: 'Invalid currency: eur.' };
    const res = await t.createPrice(ROLE.vip, MONTHLY);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: M.priceRefused });
    expect(await t.db.select().from(billingPlans)).toEqual([]);
    expect(await t.db.select().from(billingPrices)).toEqual([]);
  });

  it('asks nothing of Stripe for a plan it could not save: the admin role, or one price too many', async () => {
    const t = await billingApp();
    const admin = await t.createPrice(ROLE.admin, MONTHLY);
    expect(admin.statusCode).toBe(400);
    expect(admin.json().error).toBe(M.adminPlan);
    for (let i = 0; i < 4; i += 1) {
      expect((await t.createPrice(ROLE.vip, { ...MONTHLY, amount: 1000 + i })).statusCode).toBe(200);
    }
    const before = t.received('/v1/products').length;
    const fifth = await t.createPrice(ROLE.vip, MONTHLY);
    expect(fifth.statusCode).toBe(400);
    expect(fifth.json().error).toBe(M.tooManyPrices);
    expect(t.received('/v1/products')).toHaveLength(before);
  });

  it('answers bad fields with the Spanish messages of the form', async () => {
    const t = await billingApp();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...MONTHLY, name: ' ' }, 'Indica el nombre del producto'],
      [{ ...MONTHLY, amount: 10 }, 'El importe debe ser de al menos 0,50'],
      [{ ...MONTHLY, amount: 12.5 }, 'El importe debe ir en céntimos enteros'],
      [{ ...MONTHLY, currency: 'xyz' }, 'Elige una moneda'],
    ];
    for (const [body, message] of cases) {
      const res = await t.createPrice(ROLE.vip, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().error, message).toBe(message);
    }
    expect(t.received('/v1/products')).toEqual([]);
  });
});
