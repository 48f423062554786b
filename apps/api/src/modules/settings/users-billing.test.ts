import { BILLING_MESSAGES, SETTINGS_MESSAGES, type AdminUser } from '@app/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN, addUser, createTestApp, csrf, postJson, signIn } from '../../../test/helper';
import { expectKeyedPages } from '../../../test/support/page-keys';
import type { Db } from '../../db/client';
import { roles, users } from '../../db/schema';
import { billingSubscriptions } from '../billing/schema';

const roleId = async (db: Db, name: string) =>
  (await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name)))[0]!.id;

/**
 * Members in every billing situation: subscriptions in several statuses (one of them on a plan whose role was
 * deleted since), a customer who never finished checkout (no status) and a member billing never saw.
 */
async function setup() {
  const t = await createTestApp();
  const admin = await signIn(t.app, ADMIN.email, ADMIN.password);
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: admin } });
  const vip = await roleId(t.db, 'vip');
  const estrategas = await roleId(t.db, 'estrategas');
  const [gone] = await t.db.insert(roles).values({ name: 'temporada' }).returning({ id: roles.id });

  const member = async (
    name: string,
    subscription?: { status: string | null; plan: number },
    is_active = true,
  ): Promise<number> => {
    const { id } = await addUser(t.db, { email: `${name}@example.com`, role: 'vip', is_active });
    if (subscription) {
      await t.db.insert(billingSubscriptions).values({
        user_id: id,
        customer_id: `cus_${name}`,
        subscription_id: `sub_${name}`,
        plan_role_id: subscription.plan,
        status: subscription.status,
      });
    }
    return id;
  };
  const ids = {
    active: await member('activa', { status: 'active', plan: vip }),
    trialing: await member('prueba', { status: 'trialing', plan: estrategas }),
    pastDue: await member('morosa', { status: 'past_due', plan: vip }),
    pastDuePending: await member('pendiente', { status: 'past_due', plan: vip }, false),
    canceled: await member('cancelada', { status: 'canceled', plan: vip }),
    roleGone: await member('huerfana', { status: 'active', plan: gone!.id }),
    noStatus: await member('sincobro', { status: null, plan: vip }),
    none: await member('cortesia'),
  };
  await t.db.delete(roles).where(eq(roles.id, gone!.id));
  /** The ids a list should show, newest first. */
  const newestFirst = (...chosen: number[]) => [...chosen].sort((a, b) => b - a);
  return { ...t, admin, get, ids, newestFirst };
}

const listed = async (get: (url: string) => Promise<{ json(): unknown }>, query: string) =>
  (await get(`/api/admin/users?pageSize=100${query}`)).json() as { items: AdminUser[]; total: number };

describe("the users table's subscriptions", () => {
  it("shows each member's plan and status, and null for those billing never charged", async () => {
    const { get, ids } = await setup();
    const { items } = await listed(get, '');
    const byId = new Map(items.map((user) => [user.id, user.subscription]));
    expect(Object.fromEntries(Object.entries(ids).map(([key, id]) => [key, byId.get(id)]))).toEqual({
      active: { plan: 'vip', status: 'active' },
      trialing: { plan: 'estrategas', status: 'trialing' },
      pastDue: { plan: 'vip', status: 'past_due' },
      pastDuePending: { plan: 'vip', status: 'past_due' },
      canceled: { plan: 'vip', status: 'canceled' },
      roleGone: { plan: null, status: 'active' },
      noStatus: null,
      none: null,
    });
    expect(items.find((user) => user.email === ADMIN.email)?.subscription).toBeNull();
  });

  it('answers the same shape after creating and editing a member', async () => {
    const { app, db, admin, ids } = await setup();
    const created = await postJson(
      app,
      '/api/admin/users',
      {
        username: 'nueva',
        email: 'nueva@example.com',
        password: 'secreto-largo',
        role_id: await roleId(db, 'cafeinas'),
        is_active: true,
      },
      { cookie: admin },
    );
    expect(created.statusCode).toBe(200);
    expect(created.json().subscription).toBeNull();
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/admin/users/${ids.pastDue}`,
      payload: {
        username: 'morosa',
        email: 'morosa@example.com',
        role_id: await roleId(db, 'vip'),
        is_active: true,
      },
      headers: { ...csrf, cookie: admin },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().subscription).toEqual({ plan: 'vip', status: 'past_due' });
  });

  it('"Con suscripción" keeps the statuses with paid access, "Pago pendiente" only past_due', async () => {
    const { get, ids, newestFirst } = await setup();
    const subscribed = await listed(get, '&billing=subscribed');
    expect(subscribed.items.map((user) => user.id)).toEqual(
      newestFirst(ids.active, ids.trialing, ids.pastDue, ids.pastDuePending, ids.roleGone),
    );
    expect(subscribed.total).toBe(5);
    const pastDue = await listed(get, '&billing=past_due');
    expect(pastDue.items.map((user) => user.id)).toEqual(newestFirst(ids.pastDue, ids.pastDuePending));
    expect(pastDue.total).toBe(2);
  });

  it('combines the filter with the search and the pending filter', async () => {
    const { get, ids } = await setup();
    const searched = await listed(get, '&billing=subscribed&search=prueba');
    expect([searched.items.map((user) => user.id), searched.total]).toEqual([[ids.trialing], 1]);
    const pending = await listed(get, '&billing=past_due&pending=true');
    expect([pending.items.map((user) => user.id), pending.total]).toEqual([[ids.pastDuePending], 1]);
    const none = await listed(get, '&billing=past_due&search=cancelada');
    expect([none.items, none.total]).toEqual([[], 0]);
  });

  it('pages by key through the filtered list, with its total on every page', async () => {
    const { get, ids, newestFirst } = await setup();
    const subscribed = newestFirst(ids.active, ids.trialing, ids.pastDue, ids.pastDuePending, ids.roleGone);
    await expectKeyedPages(get, '/api/admin/users?billing=subscribed', 2, subscribed);
    const third = await get('/api/admin/users?billing=subscribed&pageSize=2&page=3');
    expect(third.json()).toMatchObject({ total: 5, items: [{ id: subscribed[4] }] });
  });

  it('acts in bulk on exactly the members the filter shows', async () => {
    const { app, db, admin, ids } = await setup();
    const cafeinas = await roleId(db, 'cafeinas');
    const res = await postJson(
      app,
      '/api/admin/users/bulk',
      { action: 'set_role', role_id: cafeinas, filter: { billing: 'past_due' } },
      { cookie: admin },
    );
    expect([res.statusCode, res.json()]).toEqual([200, { affected: 2 }]);
    const moved = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role_id, cafeinas), inArray(users.id, Object.values(ids))))
      .orderBy(asc(users.id));
    expect(moved.map((row) => row.id)).toEqual([ids.pastDue, ids.pastDuePending]);
  });

  it('without payments configured, refuses to deactivate or delete a live subscriber (409), changing nothing', async () => {
    const { app, db, admin, ids } = await setup();
    const bulk = await postJson(
      app,
      '/api/admin/users/bulk',
      { action: 'deactivate', filter: { billing: 'past_due' } },
      { cookie: admin },
    );
    expect([bulk.statusCode, bulk.json()]).toEqual([409, { error: BILLING_MESSAGES.cannotEndSubscription }]);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${ids.active}`,
      headers: { ...csrf, cookie: admin },
    });
    expect([removed.statusCode, removed.json()]).toEqual([
      409,
      { error: BILLING_MESSAGES.cannotEndSubscription },
    ]);
    const active = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.is_active, true), inArray(users.id, [ids.active, ids.pastDue])));
    expect(active).toHaveLength(2);
    // An ended subscription asks nothing of Stripe.
    const gone = await app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${ids.canceled}`,
      headers: { ...csrf, cookie: admin },
    });
    expect(gone.statusCode).toBe(200);
  });

  it('exports exactly the members the filter shows', async () => {
    const { app, admin } = await setup();
    const res = await postJson(app, '/api/admin/users/export', { billing: 'past_due' }, { cookie: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().rows).toBe(2);
    expect(res.json().csv).toContain('morosa@example.com');
    expect(res.json().csv).toContain('pendiente@example.com');
  });

  it('refuses an unknown filter value with a Spanish 400', async () => {
    const { app, get, admin } = await setup();
    const listing = await get('/api/admin/users?billing=cancelada');
    expect([listing.statusCode, listing.json().error]).toEqual([400, SETTINGS_MESSAGES.billingFilter]);
    const bulk = await postJson(
      app,
      '/api/admin/users/bulk',
      { action: 'deactivate', filter: { billing: 'canceled' } },
      { cookie: admin },
    );
    expect([bulk.statusCode, bulk.json().error]).toEqual([400, SETTINGS_MESSAGES.billingFilter]);
  });

  it('is for administrators only', async () => {
    const { app, db } = await setup();
    const member = await addUser(db, { email: 'socia@example.com', role: 'vip' });
    const cookie = await signIn(app, member.email, member.password);
    const res = await app.inject({ url: '/api/admin/users?billing=subscribed', headers: { cookie } });
    expect(res.statusCode).toBe(403);
    expect(JSON.stringify(res.json())).not.toContain('morosa');
  });
});
