import {
  BILLING_MESSAGES as M,
  MESSAGES,
  SETTINGS_MESSAGES,
  ADMIN_TOOLS,
  TOOL_NAMES,
  TOOL_TITLES,
  type AdminPlan,
  type BillingSettings,
  type PublicPlans,
  type SavePlanBody,
} from '@app/contracts';
import { eq } from 'drizzle-orm';
import { parse as parseForm } from 'qs';
import { afterEach, describe, expect, it } from 'vitest';
import { rolePermissions, tools, users } from '../../db/schema';
import { CHECKOUT_PER_IP } from '../../lib/rate-limits';
import { ADMIN, addUser, createTestApp, csrf, postJson, signIn } from '../../../test/helper';
import {
  FAKE_PRICES,
  FAKE_STRIPE_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  startFakeStripe,
  type FakeStripe,
} from '../../../test/fakes/stripe';
import { auditLog } from '../history/schema';
import { billingPlans, billingPrices, billingSubscriptions } from './schema';

const APP_URL = 'https://club.example';
const ROLE = { admin: 1, vip: 2, cafeinas: 3, estrategas: 4 } as const;

const fakes: FakeStripe[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

async function billingApp(options: { key?: string; appUrl?: string | undefined } = {}) {
  const fake = await startFakeStripe();
  fakes.push(fake);
  const test = await createTestApp({
    appUrl: 'appUrl' in options ? options.appUrl : APP_URL,
    stripe: {
      secretKey: options.key ?? FAKE_STRIPE_KEY,
      webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET,
      apiUrl: fake.baseUrl,
    },
  });
  const admin = await signIn(test.app, ADMIN.email, ADMIN.password);
  return { ...test, fake, admin };
}

type BillingApp = Awaited<ReturnType<typeof billingApp>>;

const plan = (overrides: Partial<SavePlanBody> = {}): SavePlanBody => ({
  position: 0,
  price_ids: [FAKE_PRICES.vipMonthly.id, FAKE_PRICES.vipYearly.id],
  end_action: 'role',
  end_role_id: ROLE.cafeinas,
  trial_days: null,
  allow_promotion_codes: false,
  automatic_tax: false,
  ...overrides,
});

const putPlan = (t: BillingApp, roleId: number, body: unknown, cookie = t.admin) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/billing/plans/${roleId}`,
    payload: body as object,
    headers: { ...csrf, cookie },
  });

const deletePlan = (t: BillingApp, roleId: number) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/admin/billing/plans/${roleId}`,
    headers: { ...csrf, cookie: t.admin },
  });

async function savedPlan(t: BillingApp, roleId: number, body: Partial<SavePlanBody> = {}) {
  const res = await putPlan(t, roleId, plan(body));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminPlan;
}

const checkout = (t: BillingApp, priceId: string, cookie?: string) =>
  postJson(t.app, '/api/billing/checkout', { price_id: priceId }, cookie ? { cookie } : {});

/** The form fields of the last Checkout Session the fake received, as Stripe parses them. */
function lastSessionForm(fake: FakeStripe): Record<string, unknown> {
  const request = fake.requests
    .filter((r) => r.method === 'POST' && r.url === '/v1/checkout/sessions')
    .at(-1);
  expect(request).toBeDefined();
  return parseForm(request!.body) as Record<string, unknown>;
}

async function member(t: BillingApp, email = 'socia@example.com', role = 'cafeinas') {
  const user = await addUser(t.db, { email, role });
  return { ...user, cookie: await signIn(t.app, user.email, user.password) };
}

const planRows = async (t: BillingApp) => ({
  plans: await t.db.select().from(billingPlans),
  prices: await t.db.select().from(billingPrices),
});

describe('billing without a Stripe key', () => {
  it('lists no plans, refuses checkout and plan saves, and says "no configurado"', async () => {
    const { app } = await createTestApp({ appUrl: APP_URL });
    const admin = await signIn(app, ADMIN.email, ADMIN.password);

    const plans = await app.inject({ url: '/api/billing/plans' });
    expect(plans.json()).toEqual({ enabled: false, plans: [] });
    const start = await postJson(app, '/api/billing/checkout', { price_id: FAKE_PRICES.vipMonthly.id });
    expect([start.statusCode, start.json()]).toEqual([409, { error: M.notConfigured }]);

    const settings = await app.inject({ url: '/api/admin/billing', headers: { cookie: admin } });
    expect(settings.json()).toEqual({
      provider: 'stripe',
      state: 'not-configured',
      webhook_secret_set: false,
      webhook_url: `${APP_URL}/api/billing/webhook`,
      plans: [],
      waiting: [],
      warnings: [],
    });
    const save = await app.inject({
      method: 'PUT',
      url: `/api/admin/billing/plans/${ROLE.vip}`,
      payload: plan(),
      headers: { ...csrf, cookie: admin },
    });
    expect([save.statusCode, save.json()]).toEqual([409, { error: M.notConfigured }]);
    const test = await postJson(app, '/api/admin/billing/test', {}, { cookie: admin });
    expect(test.json()).toEqual({ ok: false, message: M.notConfigured });
  });
});

describe('admin plans (/config, "Planes")', () => {
  it('saves a plan with every price read from Stripe, in the admin order, and records it', async () => {
    const t = await billingApp();
    t.fake.addPrice('price_vip_eur_usd', 5500, 'month', 'usd');
    const saved = await savedPlan(t, ROLE.vip, {
      price_ids: [FAKE_PRICES.vipYearly.id, 'price_vip_eur_usd'],
      trial_days: 14,
      allow_promotion_codes: true,
      automatic_tax: true,
    });
    expect(saved).toEqual({
      role_id: ROLE.vip,
      position: 0,
      prices: [
        { price_id: 'price_vip_yearly', amount: 49000, currency: 'eur', interval: 'year', interval_count: 1 },
        {
          price_id: 'price_vip_eur_usd',
          amount: 5500,
          currency: 'usd',
          interval: 'month',
          interval_count: 1,
        },
      ],
      end_action: 'role',
      end_role_id: ROLE.cafeinas,
      trial_days: 14,
      allow_promotion_codes: true,
      automatic_tax: true,
    });
    expect(t.fake.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /v1/prices/price_vip_yearly',
      'GET /v1/prices/price_vip_eur_usd',
    ]);

    const res = await t.app.inject({ url: '/api/admin/billing', headers: { cookie: t.admin } });
    const settings = res.json() as BillingSettings;
    expect(settings).toEqual({
      provider: 'stripe',
      state: 'connected',
      webhook_secret_set: true,
      webhook_url: `${APP_URL}/api/billing/webhook`,
      plans: [saved],
      waiting: [],
      warnings: [],
    });
    expect(res.body).not.toContain(FAKE_STRIPE_KEY);
    expect(res.body).not.toContain(FAKE_STRIPE_WEBHOOK_SECRET);

    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.kind, 'billing.plan.save'));
    expect(entry).toMatchObject({ entity_label: 'vip', entity_id: ROLE.vip, actor_email: ADMIN.email });
    // Intl writes a no-break space before the currency sign.
    expect(JSON.parse(entry!.summary.replaceAll('\u00a0', ' '))).toEqual({
      changes: [
        { field: 'posicion', before: null, after: '0' },
        {
          field: 'precios',
          before: null,
          after: 'price_vip_yearly: 490,00 € al año, price_vip_eur_usd: 55,00 US$ al mes',
        },
        { field: 'fin_suscripcion', before: null, after: 'Pasar al rol cafeinas' },
        { field: 'dias_prueba', before: null, after: '14' },
        { field: 'codigos_promocion', before: null, after: 'Sí' },
        { field: 'impuestos', before: null, after: 'Sí' },
      ],
    });
  });

  it('replaces the prices of a saved plan and records only what changed', async () => {
    const t = await billingApp();
    await savedPlan(t, ROLE.vip);
    const saved = await savedPlan(t, ROLE.vip, {
      price_ids: [FAKE_PRICES.vipMonthly.id],
      end_action: 'deactivate',
      end_role_id: ROLE.cafeinas,
    });
    expect(saved.prices.map((p) => p.price_id)).toEqual([FAKE_PRICES.vipMonthly.id]);
    expect(saved.end_role_id).toBeNull();
    expect((await planRows(t)).prices).toHaveLength(1);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.kind, 'billing.plan.save'));
    expect(JSON.parse(entries.at(-1)!.summary).changes.map((c: { field: string }) => c.field)).toEqual([
      'precios',
      'fin_suscripcion',
    ]);
  });

  it('refuses prices Stripe does not have, one-off or archived prices, and saves nothing', async () => {
    const t = await billingApp();
    const once = { ...t.fake.prices.get(FAKE_PRICES.vipMonthly.id)!, id: 'price_once', type: 'one_time' };
    t.fake.prices.set('price_once', { ...once, recurring: null });
    t.fake.prices.set('price_old', {
      ...t.fake.prices.get(FAKE_PRICES.vipYearly.id)!,
      id: 'price_old',
      active: false,
    });

    const cases: [string[], string][] = [
      [[FAKE_PRICES.vipMonthly.id, 'price_missing'], M.priceNotFound('price_missing')],
      [['price_once'], M.priceNotRecurring('price_once')],
      [['price_old'], M.priceArchived('price_old')],
    ];
    for (const [priceIds, message] of cases) {
      const res = await putPlan(t, ROLE.vip, plan({ price_ids: priceIds }));
      expect([res.statusCode, res.json()]).toEqual([400, { error: message, field: 'price_ids' }]);
    }
    expect(await planRows(t)).toEqual({ plans: [], prices: [] });
    expect(await t.db.select().from(auditLog).where(eq(auditLog.kind, 'billing.plan.save'))).toEqual([]);
  });

  it('refuses the admin role, an end role that is the plan itself or admin, and an unknown role', async () => {
    const t = await billingApp();
    const cases: [number, Partial<SavePlanBody>, number, object][] = [
      [ROLE.admin, {}, 400, { error: M.adminPlan }],
      [ROLE.vip, { end_role_id: ROLE.vip }, 400, { error: M.endRoleInvalid, field: 'end_role_id' }],
      [ROLE.vip, { end_role_id: ROLE.admin }, 400, { error: M.endRoleInvalid, field: 'end_role_id' }],
      [ROLE.vip, { end_role_id: 999 }, 400, { error: M.endRoleInvalid, field: 'end_role_id' }],
      [999, {}, 404, { error: SETTINGS_MESSAGES.roleNotFound }],
    ];
    for (const [roleId, body, status, answer] of cases) {
      const res = await putPlan(t, roleId, plan(body));
      expect([res.statusCode, res.json()], JSON.stringify(body)).toEqual([status, answer]);
    }
    expect(await planRows(t)).toEqual({ plans: [], prices: [] });
  });

  it('never sells administration: a plan or its end role holding config is refused, by tools not name', async () => {
    const t = await billingApp();
    const [config] = await t.db.select({ id: tools.id }).from(tools).where(eq(tools.name, 'config'));
    // "staff": a role that administers under another name than admin.
    await t.db.insert(rolePermissions).values({ role_id: ROLE.estrategas, tool_id: config!.id });
    const asPlan = await putPlan(t, ROLE.estrategas, plan({ price_ids: [FAKE_PRICES.estrategasMonthly.id] }));
    expect([asPlan.statusCode, asPlan.json()]).toEqual([400, { error: M.adminToolPlan }]);
    const asEnd = await putPlan(t, ROLE.vip, plan({ end_role_id: ROLE.estrategas }));
    expect([asEnd.statusCode, asEnd.json()]).toEqual([
      400,
      { error: M.adminToolEndRole, field: 'end_role_id' },
    ]);
    expect(await planRows(t)).toEqual({ plans: [], prices: [] });
  });

  it('refuses giving config to a role that is a plan or a plan end role', async () => {
    const t = await billingApp();
    await savedPlan(t, ROLE.vip);
    const toolIds = await t.db.select({ id: tools.id, name: tools.name }).from(tools);
    const config = toolIds.find((tool) => tool.name === 'config')!.id;
    for (const [roleId, name] of [
      [ROLE.vip, 'vip'],
      [ROLE.cafeinas, 'cafeinas'],
    ] as const) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/roles/${roleId}`,
        payload: { name, description: '', tools: [config] },
        headers: { ...csrf, cookie: t.admin },
      });
      expect([res.statusCode, res.json()]).toEqual([
        400,
        { error: SETTINGS_MESSAGES.planRoleNoAdmin, field: 'tools' },
      ]);
    }
    const granted = await t.db.select().from(rolePermissions).where(eq(rolePermissions.tool_id, config));
    expect(granted.map((row) => row.role_id)).toEqual([ROLE.admin]);
  });

  it("deleting a role that is a plan's end role is a Spanish 409, not a 500", async () => {
    const t = await billingApp();
    const created = await postJson(
      t.app,
      '/api/admin/roles',
      { name: 'fin', description: '', tools: [] },
      { cookie: t.admin },
    );
    expect(created.statusCode).toBe(200);
    const endRole = created.json<{ id: number }>().id;
    await savedPlan(t, ROLE.vip, { end_role_id: endRole });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/roles/${endRole}`,
      headers: { ...csrf, cookie: t.admin },
    });
    expect([res.statusCode, res.json()]).toEqual([409, { error: SETTINGS_MESSAGES.planEndRoleInUse }]);
  });

  it('answers bad plan fields with the Spanish messages of the form', async () => {
    const t = await billingApp();
    const cases: [Partial<SavePlanBody>, string][] = [
      [{ trial_days: 0 }, 'Los días de prueba deben ser al menos 1'],
      [{ price_ids: [] }, 'Indica al menos un precio'],
      [{ price_ids: ['prod_123'] }, 'El identificador de precio debe empezar por price_'],
      [{ end_role_id: null }, 'Elige el rol al que pasa el miembro cuando termina la suscripción'],
    ];
    for (const [body, message] of cases) {
      const res = await putPlan(t, ROLE.vip, plan(body));
      expect([res.statusCode, res.json().error]).toEqual([400, message]);
    }
    expect(t.fake.requests).toEqual([]);
  });

  it('refuses a price another plan already holds (409)', async () => {
    const t = await billingApp();
    await savedPlan(t, ROLE.vip);
    const res = await putPlan(t, ROLE.estrategas, plan({ price_ids: [FAKE_PRICES.vipYearly.id] }));
    expect([res.statusCode, res.json()]).toEqual([
      409,
      { error: M.priceTaken(FAKE_PRICES.vipYearly.id), field: 'price_ids' },
    ]);
    expect((await planRows(t)).plans.map((p) => p.role_id)).toEqual([ROLE.vip]);
  });

  it('saves nothing when Stripe is unreachable or refuses the key', async () => {
    const t = await billingApp();
    t.fake.failure = 'down';
    const down = await putPlan(t, ROLE.vip, plan());
    expect([down.statusCode, down.json()]).toEqual([503, { error: M.unreachable }]);
    t.fake.failure = { status: 500, type: 'api_error', message: 'Something went wrong' };
    const failing = await putPlan(t, ROLE.vip, plan());
    expect([failing.statusCode, failing.json()]).toEqual([502, { error: M.unreachable }]);
    t.fake.failure = undefined;
    const badKey = await billingApp({ key: 'sk_test_wrong' });
    const refused = await putPlan(badKey, ROLE.vip, plan());
    expect([refused.statusCode, refused.json()]).toEqual([502, { error: M.badKey }]);
    expect(await planRows(t)).toEqual({ plans: [], prices: [] });
    expect(await planRows(badKey)).toEqual({ plans: [], prices: [] });
  });

  it('deletes a plan with its prices; subscriptions keep their plan role', async () => {
    const t = await billingApp();
    await savedPlan(t, ROLE.vip);
    const socia = await addUser(t.db, { email: 'socia@example.com', role: 'vip' });
    await t.db.insert(billingSubscriptions).values({
      user_id: socia.id,
      customer_id: 'cus_socia',
      subscription_id: 'sub_socia',
      price_id: FAKE_PRICES.vipMonthly.id,
      plan_role_id: ROLE.vip,
      status: 'active',
    });

    const res = await deletePlan(t, ROLE.vip);
    expect([res.statusCode, res.json()]).toEqual([200, { ok: true }]);
    expect(await planRows(t)).toEqual({ plans: [], prices: [] });
    const [subscription] = await t.db.select().from(billingSubscriptions);
    expect(subscription).toMatchObject({ plan_role_id: ROLE.vip, status: 'active' });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.kind, 'billing.plan.delete'));
    expect(entry).toMatchObject({ entity_label: 'vip', entity_id: ROLE.vip });

    const again = await deletePlan(t, ROLE.vip);
    expect([again.statusCode, again.json()]).toEqual([404, { error: M.noPlan }]);
  });

  it('tests the connection: connected, a refused key, Stripe unreachable', async () => {
    const t = await billingApp();
    const test = () => postJson(t.app, '/api/admin/billing/test', {}, { cookie: t.admin });
    expect((await test()).json()).toEqual({ ok: true, message: M.connected });
    expect(t.fake.requests.at(-1)).toMatchObject({ method: 'GET', url: '/v1/prices?limit=1' });
    t.fake.failure = 'down';
    expect((await test()).json()).toEqual({ ok: false, message: M.unreachable });
    const badKey = await billingApp({ key: 'sk_test_wrong' });
    const refused = await postJson(badKey.app, '/api/admin/billing/test', {}, { cookie: badKey.admin });
    expect(refused.json()).toEqual({ ok: false, message: M.badKey });
  });

  it('shows no webhook URL to register until APP_URL is set', async () => {
    const t = await billingApp({ appUrl: undefined });
    const res = await t.app.inject({ url: '/api/admin/billing', headers: { cookie: t.admin } });
    expect((res.json() as BillingSettings).webhook_url).toBeNull();
  });

  it('is for the config permission only', async () => {
    const t = await billingApp();
    const socia = await member(t);
    const asMember = await t.app.inject({ url: '/api/admin/billing', headers: { cookie: socia.cookie } });
    expect([asMember.statusCode, asMember.json()]).toEqual([403, { error: MESSAGES.forbidden }]);
    const write = await putPlan(t, ROLE.vip, plan(), socia.cookie);
    expect(write.statusCode).toBe(403);
    const anonymous = await t.app.inject({ url: '/api/admin/billing' });
    expect(anonymous.statusCode).toBe(401);
    expect(await planRows(t)).toEqual({ plans: [], prices: [] });
  });
});

describe('public plans (/planes)', () => {
  it('lists the plans in order, with stored prices and the tools each role opens (never config)', async () => {
    const t = await billingApp();
    await savedPlan(t, ROLE.vip, { position: 2, trial_days: 7 });
    await savedPlan(t, ROLE.estrategas, { position: 1, price_ids: [FAKE_PRICES.estrategasMonthly.id] });
    const [config] = await t.db.select().from(tools).where(eq(tools.name, 'config'));
    await t.db.insert(rolePermissions).values({ role_id: ROLE.estrategas, tool_id: config!.id });
    const requestsBefore = t.fake.requests.length;

    const res = await t.app.inject({ url: '/api/billing/plans' });
    const body = res.json() as PublicPlans;
    expect(body.enabled).toBe(true);
    expect(body.plans.map((p) => [p.name, p.trial_days, p.prices.map((price) => price.price_id)])).toEqual([
      ['estrategas', null, ['price_estrategas_monthly']],
      ['vip', 7, ['price_vip_monthly', 'price_vip_yearly']],
    ]);
    expect(body.plans[0]!.tools).toEqual([
      { tool: 'membresia', title: 'Membresía' },
      { tool: 'cafelito-virtual', title: 'Cafelito Virtual' },
    ]);
    // vip opens every tool but the administrators' ones, in the dashboard's card order.
    expect(body.plans[1]!.tools.map((tool) => tool.title)).toEqual(
      TOOL_NAMES.filter((tool) => !ADMIN_TOOLS.includes(tool)).map((tool) => TOOL_TITLES[tool]),
    );
    expect(body.plans[1]!.description).toContain('Acceso completo');
    // Prices come from the database: a visitor costs no call to Stripe.
    expect(t.fake.requests.length).toBe(requestsBefore);
  });
});

describe('checkout', () => {
  it('sends a visitor to a Spanish subscription Checkout with the plan options and no customer', async () => {
    const t = await billingApp();
    await savedPlan(t, ROLE.vip, { trial_days: 7, allow_promotion_codes: true, automatic_tax: true });

    const res = await checkout(t, FAKE_PRICES.vipYearly.id);
    expect(res.statusCode, res.body).toBe(200);
    const [session] = [...t.fake.sessions.values()];
    expect(res.json()).toEqual({ url: session!.url });
    expect(session!.url).toMatch(/\/c\/pay\/cs_test_/);
    const form = lastSessionForm(t.fake);
    expect(form).toEqual({
      mode: 'subscription',
      locale: 'es',
      line_items: [{ price: FAKE_PRICES.vipYearly.id, quantity: '1' }],
      success_url: `${APP_URL}/planes/gracias?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${APP_URL}/planes`,
      allow_promotion_codes: 'true',
      automatic_tax: { enabled: 'true' },
      subscription_data: { trial_period_days: '7' },
    });
    expect(t.fake.customers.size).toBe(0);
    expect(await t.db.select().from(billingSubscriptions)).toEqual([]);
  });

  it("puts a visitor's email on Stripe's page and expires their open pages with that email (any case)", async () => {
    const t = await billingApp();
    await savedPlan(t, ROLE.vip);
    const visit = (email?: string) =>
      postJson(t.app, '/api/billing/checkout', {
        price_id: FAKE_PRICES.vipMonthly.id,
        ...(email === undefined ? {} : { email }),
      });

    expect((await visit(' Visita@Example.com ')).statusCode).toBe(200);
    expect(lastSessionForm(t.fake)).toMatchObject({ customer_email: 'Visita@Example.com' });
    expect(lastSessionForm(t.fake)).not.toHaveProperty('customer');
    expect((await visit()).statusCode).toBe(200);
    expect(lastSessionForm(t.fake)).not.toHaveProperty('customer_email');
    expect((await visit('otra@example.com')).statusCode).toBe(200);
    const [first, bare, other] = [...t.fake.sessions.values()];
    expect([first?.status, bare?.status, other?.status]).toEqual(['open', 'open', 'open']);

    // The same email again: only the newest page can be paid; pages without an email are not the same person's.
    const again = await visit('visita@example.com');
    expect(again.statusCode).toBe(200);
    const newest = [...t.fake.sessions.values()].at(-1)!;
    expect(again.json()).toEqual({ url: newest.url });
    expect([first, bare, other, newest].map((s) => s?.status)).toEqual(['expired', 'open', 'open', 'open']);
    expect(t.fake.customers.size).toBe(0);
    expect(await t.db.select().from(billingSubscriptions)).toEqual([]);
  });

  it("a member's checkout uses their account's email, whatever email is sent", async () => {
    const t = await billingApp();
    await savedPlan(t, ROLE.vip);
    const socia = await member(t);
    const res = await postJson(
      t.app,
      '/api/billing/checkout',
      { price_id: FAKE_PRICES.vipMonthly.id, email: 'otra@example.com' },
      { cookie: socia.cookie },
    );
    expect(res.statusCode, res.body).toBe(200);
    const [customer] = [...t.fake.customers.values()];
    expect(customer).toMatchObject({ email: socia.email });
    expect(lastSessionForm(t.fake)).toMatchObject({ customer: customer!.id });
    expect(lastSessionForm(t.fake)).not.toHaveProperty('customer_email');
  });

  it("refuses a visitor's malformed email with the form's Spanish message, asking nothing of Stripe", async () => {
    const t = await billingApp();
    await savedPlan(t, ROLE.vip);
    for (const email of ['@x@example.com', 'sin-arroba', '']) {
      const res = await postJson(t.app, '/api/billing/checkout', {
        price_id: FAKE_PRICES.vipMonthly.id,
        email,
      });
      expect(res.statusCode, email).toBe(400);
      expect(res.json<{ error: string }>().error, email).toMatch(
        /^El correo electrónico (no es válido|es obligatorio)$/,
      );
    }
    expect(t.fake.sessions.size).toBe(0);
  });

  it('offers a trial once: a member who had a subscription (now cancelled) gets none', async () => {
    const t = await billingApp();
    await savedPlan(t, ROLE.vip, { trial_days: 14 });
    const socia = await member(t);
    expect((await checkout(t, FAKE_PRICES.vipMonthly.id, socia.cookie)).statusCode).toBe(200);
    expect(lastSessionForm(t.fake)).toHaveProperty('subscription_data.trial_period_days', '14');
    await t.db
      .update(billingSubscriptions)
      .set({ subscription_id: 'sub_anterior', status: 'canceled' })
      .where(eq(billingSubscriptions.user_id, socia.id));
    expect((await checkout(t, FAKE_PRICES.vipMonthly.id, socia.cookie)).statusCode).toBe(200);
    expect(lastSessionForm(t.fake)).not.toHaveProperty('subscription_data.trial_period_days');
  });

  it('ties a member checkout to their account and a customer made once with their email', async () => {
    const t = await billingApp();
    await savedPlan(t, ROLE.vip);
    const socia = await member(t);

    expect((await checkout(t, FAKE_PRICES.vipMonthly.id, socia.cookie)).statusCode).toBe(200);
    const [customer] = [...t.fake.customers.values()];
    expect(customer).toMatchObject({ email: socia.email, metadata: { user_id: String(socia.id) } });
    const form = lastSessionForm(t.fake);
    expect(form).toMatchObject({
      customer: customer!.id,
      client_reference_id: String(socia.id),
      metadata: { user_id: String(socia.id) },
      subscription_data: { metadata: { user_id: String(socia.id) } },
    });
    expect(form).not.toHaveProperty('allow_promotion_codes');
    expect(form).not.toHaveProperty('subscription_data.trial_period_days');
    expect(await t.db.select().from(billingSubscriptions)).toMatchObject([
      { user_id: socia.id, customer_id: customer!.id, subscription_id: null, status: null },
    ]);

    // A second try (the member went back from Checkout) reuses the same customer, and the first page can no
    // longer be paid.
    expect((await checkout(t, FAKE_PRICES.vipYearly.id, socia.cookie)).statusCode).toBe(200);
    const [first, second] = [...t.fake.sessions.values()];
    expect([first?.status, second?.status]).toEqual(['expired', 'open']);
    expect(t.fake.customers.size).toBe(1);
    expect(lastSessionForm(t.fake).customer).toBe(customer!.id);
  });

  it('asks Stripe Tax for the address of a member customer', async () => {
    const t = await billingApp();
    await savedPlan(t, ROLE.vip, { automatic_tax: true });
    const socia = await member(t);
    expect((await checkout(t, FAKE_PRICES.vipMonthly.id, socia.cookie)).statusCode).toBe(200);
    expect(lastSessionForm(t.fake)).toMatchObject({ customer_update: { address: 'auto' } });
  });

  it('refuses a price no plan holds, an admin, and a member who already pays', async () => {
    const t = await billingApp();
    await savedPlan(t, ROLE.vip);
    const unknown = await checkout(t, FAKE_PRICES.cafeinasMonthly.id);
    expect([unknown.statusCode, unknown.json()]).toEqual([400, { error: M.unknownPrice, field: 'price_id' }]);
    const bad = await checkout(t, 'not-a-price');
    expect(bad.statusCode).toBe(400);

    const asAdmin = await checkout(t, FAKE_PRICES.vipMonthly.id, t.admin);
    expect([asAdmin.statusCode, asAdmin.json()]).toEqual([400, { error: M.adminNoCheckout }]);

    const socia = await member(t);
    await t.db.insert(billingSubscriptions).values({
      user_id: socia.id,
      customer_id: 'cus_socia',
      subscription_id: 'sub_socia',
      status: 'past_due',
    });
    const again = await checkout(t, FAKE_PRICES.vipYearly.id, socia.cookie);
    expect([again.statusCode, again.json()]).toEqual([409, { error: M.alreadySubscribed }]);
    expect(t.fake.sessions.size).toBe(0);

    // Once that subscription has ended, the member may subscribe again, as the same customer.
    await t.db.update(billingSubscriptions).set({ status: 'canceled' });
    t.fake.customers.set('cus_socia', { id: 'cus_socia', object: 'customer', email: socia.email });
    expect((await checkout(t, FAKE_PRICES.vipYearly.id, socia.cookie)).statusCode).toBe(200);
    expect(lastSessionForm(t.fake).customer).toBe('cus_socia');
  });

  it('treats a deactivated account as a visitor', async () => {
    const t = await billingApp();
    await savedPlan(t, ROLE.vip);
    const socia = await member(t);
    await t.db.update(users).set({ is_active: false }).where(eq(users.id, socia.id));
    expect((await checkout(t, FAKE_PRICES.vipMonthly.id, socia.cookie)).statusCode).toBe(200);
    expect(lastSessionForm(t.fake)).not.toHaveProperty('customer');
    expect(await t.db.select().from(billingSubscriptions)).toEqual([]);
  });

  it('answers a Spanish error and saves nothing when Stripe is down or failing', async () => {
    const t = await billingApp();
    await savedPlan(t, ROLE.vip);
    const socia = await member(t);
    t.fake.failure = 'down';
    const down = await checkout(t, FAKE_PRICES.vipMonthly.id, socia.cookie);
    expect([down.statusCode, down.json()]).toEqual([503, { error: M.unreachable }]);
    t.fake.failure = { status: 500, type: 'api_error', message: 'Something went wrong' };
    const failing = await checkout(t, FAKE_PRICES.vipMonthly.id);
    expect([failing.statusCode, failing.json()]).toEqual([502, { error: M.unreachable }]);
    expect(await t.db.select().from(billingSubscriptions)).toEqual([]);
  });

  it('limits the checkouts one address may start', async () => {
    const t = await billingApp();
    await savedPlan(t, ROLE.vip);
    for (let i = 0; i < CHECKOUT_PER_IP; i++) {
      expect((await checkout(t, FAKE_PRICES.vipMonthly.id)).statusCode).toBe(200);
    }
    const over = await checkout(t, FAKE_PRICES.vipMonthly.id);
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect(t.fake.sessions.size).toBe(CHECKOUT_PER_IP);
  });
});

describe("the member's subscription and portal", () => {
  it('shows the signed-in member their own subscription only', async () => {
    const t = await billingApp();
    await savedPlan(t, ROLE.vip);
    const socia = await member(t, 'socia@example.com', 'vip');
    const otra = await member(t, 'otra@example.com');
    await t.db.insert(billingSubscriptions).values({
      user_id: socia.id,
      customer_id: 'cus_socia',
      subscription_id: 'sub_socia',
      price_id: FAKE_PRICES.vipYearly.id,
      plan_role_id: ROLE.vip,
      status: 'active',
      cancel_at_period_end: true,
      current_period_end: '2027-01-31T10:00:00.000Z',
    });

    const mine = await t.app.inject({ url: '/api/billing/subscription', headers: { cookie: socia.cookie } });
    expect(mine.json()).toEqual({
      subscription: {
        plan: 'vip',
        status: 'active',
        price: {
          price_id: 'price_vip_yearly',
          amount: 49000,
          currency: 'eur',
          interval: 'year',
          interval_count: 1,
        },
        current_period_end: '2027-01-31T10:00:00.000Z',
        cancel_at_period_end: true,
      },
    });
    const theirs = await t.app.inject({ url: '/api/billing/subscription', headers: { cookie: otra.cookie } });
    expect(theirs.json()).toEqual({ subscription: null });
    const anonymous = await t.app.inject({ url: '/api/billing/subscription' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('shows no subscription for a customer whose checkout never completed', async () => {
    const t = await billingApp();
    await savedPlan(t, ROLE.vip);
    const socia = await member(t);
    await checkout(t, FAKE_PRICES.vipMonthly.id, socia.cookie);
    const res = await t.app.inject({ url: '/api/billing/subscription', headers: { cookie: socia.cookie } });
    expect(res.json()).toEqual({ subscription: null });
  });

  it("opens the Billing Portal on the member's own customer, back to /perfil", async () => {
    const t = await billingApp();
    await savedPlan(t, ROLE.vip);
    const socia = await member(t);
    const none = await postJson(t.app, '/api/billing/portal', {}, { cookie: socia.cookie });
    expect([none.statusCode, none.json()]).toEqual([404, { error: M.noSubscription }]);

    await checkout(t, FAKE_PRICES.vipMonthly.id, socia.cookie);
    const [customer] = [...t.fake.customers.values()];
    const res = await postJson(t.app, '/api/billing/portal', {}, { cookie: socia.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { url: string }).url).toMatch(/\/p\/session\//);
    const request = t.fake.requests.at(-1)!;
    expect(request.url).toBe('/v1/billing_portal/sessions');
    expect(parseForm(request.body)).toEqual({
      customer: customer!.id,
      return_url: `${APP_URL}/perfil`,
      locale: 'es',
    });

    t.fake.failure = 'down';
    const down = await postJson(t.app, '/api/billing/portal', {}, { cookie: socia.cookie });
    expect([down.statusCode, down.json()]).toEqual([503, { error: M.unreachable }]);
    const anonymous = await postJson(t.app, '/api/billing/portal', {});
    expect(anonymous.statusCode).toBe(401);
  });
});
