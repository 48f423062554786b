import { ERASED_MEMBER_PREFIX, ERASURE_MESSAGES, HISTORY_KIND_LABELS, stripeWebhook } from '@app/contracts';
import { eq, getTableName } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  FAKE_PRICES,
  FAKE_STRIPE_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  fakeStripeClient,
  startFakeStripe,
  type FakeStripe,
} from '../../../test/fakes/stripe';
import { ADMIN, addUser, createTestApp, csrf, postJson, signIn, type TestApp } from '../../../test/helper';
import {
  ownedRows,
  plantMemberData,
  rowsReferring,
  textsContaining,
  type Someone,
} from '../../../test/support/planted-data';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { rateLimits, users } from '../../db/schema';
import { accountRateLimitKeys } from '../../lib/rate-limits';
import { ERASURE_COVERAGE } from './coverage';
import { createMailer, type Mailer } from '../../integrations/mailer';
import { billingPlans, billingPrices, billingSubscriptions } from '../billing/schema';
import { roles } from '../../db/schema';
import { auditLog } from '../history/schema';
import { accountErasures } from '../accounts/schema';
import { sentEmails } from '../notifications/schema';

const fakes: FakeStripe[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

const newMailer = (): Mailer =>
  createMailer(
    { smtpUrl: undefined, from: 'Comunidad <no-reply@example.com>', outboxDir: undefined },
    { info: () => undefined },
  );

interface ErasureApp extends TestApp {
  fake: FakeStripe;
  mailer: Mailer;
  admin: string;
  adminId: number;
  clock: { at: Date };
}

async function erasureApp(): Promise<ErasureApp> {
  const fake = await startFakeStripe();
  fakes.push(fake);
  const mailer = newMailer();
  const clock = { at: new Date() };
  const stripe = {
    secretKey: FAKE_STRIPE_KEY,
    webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET,
    apiUrl: fake.baseUrl,
  };
  const t = await createTestApp({ stripe }, { mailer, clock: { now: () => clock.at } });
  const [admin] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN.email));
  return {
    ...t,
    fake,
    mailer,
    clock,
    admin: await signIn(t.app, ADMIN.email, ADMIN.password),
    adminId: admin!.id,
  };
}

/** A member with data in every table, signed in. */
async function member(t: ErasureApp, name: string): Promise<Someone & { password: string; cookie: string }> {
  const email = `${name}@correo-unico.example`;
  const added = await addUser(t.db, { email, username: name });
  const phone = `+34 611 ${String(added.id).padStart(3, '0')} 999`;
  await t.db.update(users).set({ phone }).where(eq(users.id, added.id));
  const who = { id: added.id, email, username: name, phone };
  await plantMemberData(t.db, who, t.adminId);
  return { ...who, password: added.password, cookie: await signIn(t.app, email, added.password) };
}

/** A live subscription at the fake Stripe, and the app's copy of it, paid until `periodEnd` seconds. */
async function subscribe(t: ErasureApp, who: Someone): Promise<{ id: string; periodEnd: string }> {
  const session = await fakeStripeClient(t.fake).checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price: 'price_vip_monthly', quantity: 1 }],
    success_url: 'http://localhost/planes/gracias',
    customer_email: who.email,
  });
  const completed = await t.fake.completeCheckout(session.id, who.email);
  const subscription = t.fake.subscriptions.get(completed.subscription as string)!;
  const item = (subscription.items as { data: { current_period_end: number }[] }).data[0]!;
  const periodEnd = new Date(item.current_period_end * 1000).toISOString();
  await t.db.insert(billingSubscriptions).values({
    user_id: who.id,
    customer_id: subscription.customer as string,
    subscription_id: subscription.id as string,
    status: 'active',
    current_period_end: periodEnd,
  });
  return { id: subscription.id as string, periodEnd };
}

/** The vip plan on sale at the fake's monthly price, and the fake's events delivered to the app's webhook. */
async function sellVipAndListen(t: ErasureApp): Promise<void> {
  const [vip] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'vip'));
  await t.db.insert(billingPlans).values({ role_id: vip!.id, end_action: 'deactivate' });
  await t.db.insert(billingPrices).values({
    price_id: FAKE_PRICES.vipMonthly.id,
    role_id: vip!.id,
    amount: FAKE_PRICES.vipMonthly.amount,
    currency: 'eur',
    interval: 'month',
  });
  t.fake.deliver = (delivery) =>
    t.app.inject({
      method: 'POST',
      url: stripeWebhook.path,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': delivery.signature },
      payload: delivery.payload,
    });
}

/** One node started at `at`: its start-up sweep erases what is due. */
async function sweepAt(t: ErasureApp, at: Date): Promise<Mailer> {
  const mailer = newMailer();
  const stripe = {
    secretKey: FAKE_STRIPE_KEY,
    webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET,
    apiUrl: t.fake.baseUrl,
  };
  const app = await buildApp(testConfig({ admin: ADMIN, stripe }), {
    db: t.database,
    mailer,
    clock: { now: () => at },
  });
  // Ready: the runner's first pass has run the jobs due at `at`.
  await app.ready();
  await app.close();
  return mailer;
}

const eraseMine = (t: TestApp, cookie: string, body: Record<string, unknown>) =>
  postJson(t.app, '/api/accounts/erasure', body, { cookie });

/** The tables whose rows the erasure's coverage declares kept (pseudonymised or kept for a reason). */
const KEPT_TABLES = ERASURE_COVERAGE.filter(
  (entry) => entry.action === 'pseudonymise' || entry.action === 'keep',
).map((entry) => getTableName(entry.table));

/**
 * No trace of `who` is left: walking every table and column, no row outside a table declared kept holds their
 * id in an account column, and no text anywhere holds their email, name, phone or the hashed keys of their
 * rate-limit counters.
 */
async function expectNoTrace(t: TestApp, who: Someone): Promise<void> {
  const referring = await rowsReferring(t.db, who.id);
  expect(Object.keys(referring).filter((column) => !KEPT_TABLES.includes(column.split('.')[0]!))).toEqual([]);
  const { exact, prefixes } = accountRateLimitKeys(who);
  expect(await textsContaining(t.db, [who.email, who.username, who.phone, ...exact, ...prefixes])).toEqual(
    [],
  );
}

/** The Historial entries by or about `id`, each read as who did it and to whom. */
async function historyOf(t: TestApp, id: number) {
  const rows = await t.db.select().from(auditLog);
  return rows.filter((row) => row.actor_id === id || (row.entity_type === 'user' && row.entity_id === id));
}

describe('"Eliminar mi cuenta"', () => {
  it('erases every row of the member, pseudonymises Historial, ends the sessions and emails the old address', async () => {
    const t = await erasureApp();
    const gone = await member(t, 'zorzal-unico');
    const other = await member(t, 'mirlo-unico');
    const othersBefore = await ownedRows(t.db, other.id);

    const res = await eraseMine(t, gone.cookie, { password: gone.password });
    expect([res.statusCode, res.json()]).toEqual([200, { status: 'erased', erase_at: null }]);
    expect(res.cookies.find((cookie) => cookie.name === 'session')?.value).toBe('');

    await expectNoTrace(t, gone);
    const entries = await historyOf(t, gone.id);
    const pseudonyms = new Set(
      entries.flatMap((row) => [row.actor_id === gone.id ? row.actor_name : row.entity_label]),
    );
    expect(pseudonyms.size).toBe(1);
    expect([...pseudonyms][0]).toMatch(new RegExp(`^${ERASED_MEMBER_PREFIX}[0-9a-f]{6}$`));
    expect(entries.map((row) => row.kind).sort()).toEqual(['role.update', 'user.delete', 'user.update']);
    // The administrator who edited the account is still named; the bulk entry still names the other account.
    expect(entries.find((row) => row.kind === 'user.update')?.actor_name).toBe('admin');
    const bulk = (await t.db.select().from(auditLog).where(eq(auditLog.kind, 'users.bulk')))[0]!;
    expect(bulk.summary).toContain('otra (otra@example.com)');

    // Signed out and unable to sign in again; the other member keeps everything.
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie: gone.cookie } })).statusCode).toBe(
      401,
    );
    const login = await postJson(t.app, '/api/auth/login', { email: gone.email, password: gone.password });
    expect(login.statusCode).toBe(401);
    expect(await ownedRows(t.db, other.id)).toEqual(othersBefore);
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie: other.cookie } })).statusCode).toBe(
      200,
    );

    const mail = t.mailer.kept.filter((message) => message.to === gone.email);
    expect(mail.map((message) => message.subject)).toEqual(['Tu cuenta se ha eliminado']);
    expect(mail[0]!.text).toContain('Hola, zorzal-unico:');
  });

  it('deletes the rate limiters’ counters of the member’s address, id and devices, and no one else’s', async () => {
    const t = await erasureApp();
    const gone = await member(t, 'carbonero-unico');
    const other = await member(t, 'herrerillo-unico');
    const plant = async (who: { id: number; email: string }) => {
      const { exact, prefixes } = accountRateLimitKeys(who);
      const keys = [...exact, ...prefixes.map((prefix) => `${prefix}dispositivo`)];
      // On PostgreSQL the limiters share the table: the member's sign-in wrote some of these already.
      await t.db
        .insert(rateLimits)
        .values(keys.map((key) => ({ key, points: 1, expire: Date.now() + 60_000 })))
        .onConflictDoNothing();
      return keys;
    };
    const theirs = await plant(gone);
    const kept = await plant(other);
    expect((await eraseMine(t, gone.cookie, { password: gone.password })).statusCode).toBe(200);
    const left = (await t.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);
    expect(left.filter((key) => theirs.includes(key))).toEqual([]);
    expect(left).toEqual(expect.arrayContaining(kept));
  });

  it('pseudonymises the member in the subjects of the mail sent to other accounts', async () => {
    const t = await erasureApp();
    const gone = await member(t, 'escribano-unico');
    const subjects = [
      'Nuevo registro pendiente de activación: escribano-unico',
      'El archivo de datos de escribano-unico está listo',
      'Nuevo miembro de pago: escribano-unico (vip)',
      'Nuevo registro pendiente de activación: escribano-unico-bis',
    ];
    await t.db
      .insert(sentEmails)
      .values(
        subjects.map((subject) => ({ user_id: t.adminId, subject, sent_at: new Date().toISOString() })),
      );
    expect((await eraseMine(t, gone.cookie, { password: gone.password })).statusCode).toBe(200);
    const left = (await t.db.select().from(sentEmails).where(eq(sentEmails.user_id, t.adminId))).map(
      (row) => row.subject,
    );
    const pseudonym = (await historyOf(t, gone.id)).find((row) => row.kind === 'user.delete')?.entity_label;
    expect(pseudonym).toMatch(new RegExp(`^${ERASED_MEMBER_PREFIX}`));
    expect(left).toEqual(
      expect.arrayContaining([
        `Nuevo registro pendiente de activación: ${pseudonym}`,
        `El archivo de datos de ${pseudonym} está listo`,
        `Nuevo miembro de pago: ${pseudonym} (vip)`,
        // Another name that only starts like theirs is not theirs.
        'Nuevo registro pendiente de activación: escribano-unico-bis',
      ]),
    );
  });

  it('refuses a wrong or missing password with a Spanish 400, erasing nothing', async () => {
    const t = await erasureApp();
    const who = await member(t, 'gorrion-unico');
    const before = await ownedRows(t.db, who.id);
    const wrong = await eraseMine(t, who.cookie, { password: 'no-es-esta' });
    expect([wrong.statusCode, wrong.json().error]).toEqual([400, ERASURE_MESSAGES.passwordWrong]);
    const missing = await eraseMine(t, who.cookie, { password: '' });
    expect([missing.statusCode, missing.json().error]).toEqual([400, ERASURE_MESSAGES.passwordRequired]);
    expect(await ownedRows(t.db, who.id)).toEqual(before);
    const anonymous = await postJson(t.app, '/api/accounts/erasure', { password: who.password });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses the last administrator with a Spanish 409, and lets one go when another remains', async () => {
    const t = await erasureApp();
    const alone = await eraseMine(t, t.admin, { password: ADMIN.password });
    expect([alone.statusCode, alone.json().error]).toEqual([409, ERASURE_MESSAGES.lastAdmin]);
    expect(await t.db.select().from(users).where(eq(users.email, ADMIN.email))).toHaveLength(1);

    await addUser(t.db, { email: 'segunda@example.com', role: 'admin' });
    const res = await eraseMine(t, t.admin, { password: ADMIN.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.email, ADMIN.email))).toEqual([]);
  });

  it('cancels a live subscription at Stripe at once', async () => {
    const t = await erasureApp();
    const who = await member(t, 'verdecillo-unico');
    const subscription = await subscribe(t, who);
    const res = await eraseMine(t, who.cookie, { password: who.password, subscription_end: 'now' });
    expect(res.json()).toEqual({ status: 'erased', erase_at: null });
    expect(
      t.fake.requests.filter((r) => r.url === `/v1/subscriptions/${subscription.id}`).map((r) => r.method),
    ).toEqual(['DELETE']);
    expect(t.fake.subscriptions.get(subscription.id)?.status).toBe('canceled');
    // The customer goes too, with the email Stripe held.
    const customer = t.fake.subscriptions.get(subscription.id)?.customer as string;
    expect(t.fake.requests.filter((r) => r.url === `/v1/customers/${customer}`).map((r) => r.method)).toEqual(
      ['DELETE'],
    );
    expect(t.fake.customers.get(customer)?.deleted).toBe(true);
    await expectNoTrace(t, who);
    const [erased] = t.mailer.kept.filter((message) => message.to === who.email);
    expect(erased?.text).toContain('Tu suscripción se ha cancelado en Stripe');
  });

  it('keeps access until the paid period ends, then a node erases the account once', async () => {
    const t = await erasureApp();
    const who = await member(t, 'jilguero-unico');
    const subscription = await subscribe(t, who);

    const before = await t.app.inject({ url: '/api/accounts/erasure', headers: { cookie: who.cookie } });
    expect(before.json()).toEqual({
      erase_at: null,
      paid_until: subscription.periodEnd,
      code_required: false,
    });
    const res = await eraseMine(t, who.cookie, { password: who.password, subscription_end: 'period_end' });
    expect([res.statusCode, res.json()]).toEqual([
      200,
      { status: 'scheduled', erase_at: subscription.periodEnd },
    ]);
    const update = t.fake.requests.find(
      (r) => r.method === 'POST' && r.url === `/v1/subscriptions/${subscription.id}`,
    );
    expect(update?.body).toContain('cancel_at_period_end=true');
    expect(t.fake.subscriptions.get(subscription.id)?.cancel_at_period_end).toBe(true);
    await expect
      .poll(() => t.mailer.kept.find((message) => message.to === who.email)?.subject)
      .toBe('Tu cuenta se eliminará al terminar el periodo pagado');
    // Still a member until then, and told so; a second request is refused.
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie: who.cookie } })).statusCode).toBe(
      200,
    );
    const after = await t.app.inject({ url: '/api/accounts/erasure', headers: { cookie: who.cookie } });
    expect(after.json().erase_at).toBe(subscription.periodEnd);
    const again = await eraseMine(t, who.cookie, { password: who.password, subscription_end: 'period_end' });
    expect([again.statusCode, again.json().error]).toEqual([409, ERASURE_MESSAGES.alreadyScheduled]);
    expect(await historyOf(t, who.id)).toContainEqual(
      expect.objectContaining({ kind: 'user.erasure_scheduled', entity_label: who.username }),
    );

    // Two nodes start one second before the period's end: nothing happens. Two more start when the next look for
    // due erasures comes (every ten minutes): the account is erased by one of them, recorded once, emailed once.
    const nodes = async (at: Date) => {
      const mailer = newMailer();
      const stripe = {
        secretKey: FAKE_STRIPE_KEY,
        webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET,
        apiUrl: t.fake.baseUrl,
      };
      const config = testConfig({ admin: ADMIN, stripe });
      const apps = await Promise.all(
        [0, 1].map(() => buildApp(config, { db: t.database, mailer, clock: { now: () => at } })),
      );
      await Promise.all(apps.map((app) => app.ready()));
      await Promise.all(apps.map((app) => app.close()));
      return mailer;
    };
    const end = new Date(subscription.periodEnd).getTime();
    await nodes(new Date(end - 1000));
    expect(await t.db.select().from(accountErasures)).toHaveLength(1);
    expect(await t.db.select().from(users).where(eq(users.id, who.id))).toHaveLength(1);
    const mailer = await nodes(new Date(end + 10 * 60_000));
    await expectNoTrace(t, who);
    expect(await t.db.select().from(accountErasures)).toEqual([]);
    const deletions = (await historyOf(t, who.id)).filter((row) => row.kind === 'user.delete');
    expect(deletions).toHaveLength(1);
    expect(deletions[0]!.summary).toContain('al terminar el periodo pagado');
    await expect
      .poll(() => mailer.kept.map((message) => [message.to, message.subject]))
      .toEqual([[who.email, 'Tu cuenta se ha eliminado']]);
  });
});

describe('a scheduled erasure and the subscription at Stripe', () => {
  const schedule = async (t: ErasureApp, who: { cookie: string; password: string }) => {
    const res = await eraseMine(t, who.cookie, { password: who.password, subscription_end: 'period_end' });
    expect(res.json().status).toBe('scheduled');
    await t.fake.settled();
  };

  it('is cancelled by a renewal at Stripe, and the member is told by email', async () => {
    const t = await erasureApp();
    await sellVipAndListen(t);
    const who = await member(t, 'camachuelo-unico');
    const subscription = await subscribe(t, who);
    await schedule(t, who);
    expect(await t.db.select().from(accountErasures)).toHaveLength(1);

    // The member renews in Stripe's portal: the subscription will charge again.
    await t.fake.update(subscription.id, { cancel_at_period_end: false });
    await t.fake.settled();
    expect(await t.db.select().from(accountErasures)).toEqual([]);
    const state = await t.app.inject({ url: '/api/accounts/erasure', headers: { cookie: who.cookie } });
    expect(state.json().erase_at).toBeNull();
    expect(await historyOf(t, who.id)).toContainEqual(
      expect.objectContaining({ kind: 'user.erasure_cancelled', actor_name: 'Stripe' }),
    );
    await expect
      .poll(() => t.mailer.kept.filter((m) => m.to === who.email).map((m) => m.subject))
      .toContain('Tu cuenta ya no se eliminará');

    // The period ends: the account stays.
    await sweepAt(t, new Date(new Date(subscription.periodEnd).getTime() + 1000));
    expect(await t.db.select().from(users).where(eq(users.id, who.id))).toHaveLength(1);
  });

  it('is carried out by the sweep, which cancels at once a subscription still live', async () => {
    const t = await erasureApp();
    const who = await member(t, 'pinzon-unico');
    const subscription = await subscribe(t, who);
    await schedule(t, who);
    // Renewed at Stripe, and its event never reached the app.
    await t.fake.update(subscription.id, { cancel_at_period_end: false });
    await t.fake.settled();

    await sweepAt(t, new Date(new Date(subscription.periodEnd).getTime() + 1000));
    await expectNoTrace(t, who);
    expect(
      t.fake.requests.filter((r) => r.url === `/v1/subscriptions/${subscription.id}`).map((r) => r.method),
    ).toEqual(['POST', 'DELETE']);
    expect(t.fake.subscriptions.get(subscription.id)?.status).toBe('canceled');
  });

  it('is cancelled by the member, once, and never by a visitor', async () => {
    const t = await erasureApp();
    const who = await member(t, 'verderon-unico');
    const subscription = await subscribe(t, who);
    await schedule(t, who);
    const cancel = (cookie?: string) =>
      t.app.inject({
        method: 'DELETE',
        url: '/api/accounts/erasure',
        headers: { ...csrf, ...(cookie ? { cookie } : {}) },
      });

    expect((await cancel()).statusCode).toBe(401);
    const res = await cancel(who.cookie);
    expect([res.statusCode, res.json()]).toEqual([
      200,
      { erase_at: null, paid_until: subscription.periodEnd, code_required: false },
    ]);
    expect(await historyOf(t, who.id)).toContainEqual(
      expect.objectContaining({ kind: 'user.erasure_cancelled', entity_label: who.username }),
    );
    const again = await cancel(who.cookie);
    expect([again.statusCode, again.json().error]).toEqual([409, ERASURE_MESSAGES.notScheduled]);

    await sweepAt(t, new Date(new Date(subscription.periodEnd).getTime() + 1000));
    expect(await t.db.select().from(users).where(eq(users.id, who.id))).toHaveLength(1);
  });
});

describe("an administrator's erasure of a member", () => {
  it('erases the same data, names the administrator in Historial, and cancels the subscription at Stripe', async () => {
    const t = await erasureApp();
    const who = await member(t, 'petirrojo-unico');
    const subscription = await subscribe(t, who);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${who.id}`,
      payload: { subscription_end: 'now' },
      headers: { ...csrf, cookie: t.admin },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      t.fake.requests.filter((r) => r.url === `/v1/subscriptions/${subscription.id}`).map((r) => r.method),
    ).toEqual(['DELETE']);
    const customer = t.fake.subscriptions.get(subscription.id)?.customer as string;
    expect(t.fake.customers.get(customer)?.deleted).toBe(true);
    await expectNoTrace(t, who);
    const deletion = (await historyOf(t, who.id)).find((row) => row.kind === 'user.delete')!;
    expect(deletion.actor_name).toBe('admin');
    expect(deletion.actor_email).toBe(ADMIN.email);
    expect(deletion.entity_label.startsWith(ERASED_MEMBER_PREFIX)).toBe(true);
    expect(HISTORY_KIND_LABELS[deletion.kind as 'user.delete']).toBe('Usuario eliminado');
    // The member is told, at the address the account had.
    await expect
      .poll(() => t.mailer.kept.filter((m) => m.to === who.email).map((m) => m.subject))
      .toEqual(['Un administrador ha eliminado tu cuenta']);
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie: who.cookie } })).statusCode).toBe(
      401,
    );
  });

  it('erases each member of a bulk deletion, naming them in Historial by pseudonym only', async () => {
    const t = await erasureApp();
    const one = await member(t, 'alondra-unica');
    const two = await member(t, 'golondrina-unica');
    const res = await postJson(
      t.app,
      '/api/admin/users/bulk',
      { action: 'delete', ids: [one.id, two.id] },
      { cookie: t.admin },
    );
    expect(res.statusCode, res.body).toBe(200);
    await expectNoTrace(t, one);
    await expectNoTrace(t, two);
    await expect
      .poll(() =>
        t.mailer.kept
          .filter((m) => m.subject === 'Un administrador ha eliminado tu cuenta')
          .map((m) => m.to)
          .sort(),
      )
      .toEqual([one.email, two.email].sort());
    const [bulk] = await t.db.select().from(auditLog).where(eq(auditLog.entity_label, 'Eliminar: 2 cuentas'));
    expect(bulk?.summary.match(new RegExp(ERASED_MEMBER_PREFIX, 'g'))).toHaveLength(2);
  });
});
