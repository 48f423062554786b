import { SETTINGS_MESSAGES } from '@app/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN, addUser, createTestApp, postJson, signIn } from '../../../test/helper';
import type { Db } from '../../db/client';
import { roles, sessions, users } from '../../db/schema';

const URL = '/api/admin/users/bulk';

async function adminApp() {
  const test = await createTestApp();
  const cookie = await signIn(test.app, ADMIN.email, ADMIN.password);
  const bulk = (payload: unknown, who: string = cookie) => postJson(test.app, URL, payload, { cookie: who });
  return { ...test, cookie, bulk };
}

const roleId = async (db: Db, name: string) =>
  (await db.select().from(roles).where(eq(roles.name, name)))[0]!.id;

const states = async (db: Db, ids: number[]) =>
  (
    await db
      .select({ id: users.id, is_active: users.is_active, role_id: users.role_id })
      .from(users)
      .where(inArray(users.id, ids))
      .orderBy(asc(users.id))
  ).map(({ is_active, role_id }) => ({ is_active, role_id }));

const sessionCount = async (db: Db, userId: number) =>
  (await db.select().from(sessions).where(eq(sessions.user_id, userId))).length;

describe('POST /api/admin/users/bulk', () => {
  it('activates the selected accounts only, and they can sign in', async () => {
    const { db, app, bulk } = await adminApp();
    const a = await addUser(db, { email: 'a@example.com', is_active: false });
    const b = await addUser(db, { email: 'b@example.com', is_active: false });
    const c = await addUser(db, { email: 'c@example.com', is_active: false });

    const res = await bulk({ action: 'activate', ids: [a.id, b.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ affected: 2 });
    expect((await states(db, [a.id, b.id, c.id])).map((s) => s.is_active)).toEqual([true, true, false]);
    await signIn(app, a.email, a.password);
  });

  it('counts only the accounts that changed', async () => {
    const { db, bulk } = await adminApp();
    const active = await addUser(db, { email: 'a@example.com' });
    const pending = await addUser(db, { email: 'p@example.com', is_active: false });
    const res = await bulk({ action: 'activate', ids: [active.id, pending.id] });
    expect(res.json()).toEqual({ affected: 1 });
  });

  it('deactivates accounts and ends their sessions', async () => {
    const { db, app, bulk } = await adminApp();
    const a = await addUser(db, { email: 'a@example.com' });
    const b = await addUser(db, { email: 'b@example.com' });
    const memberCookie = await signIn(app, a.email, a.password);
    expect(await sessionCount(db, a.id)).toBe(1);

    const res = await bulk({ action: 'deactivate', ids: [a.id, b.id] });
    expect(res.json()).toEqual({ affected: 2 });
    expect((await states(db, [a.id, b.id])).map((s) => s.is_active)).toEqual([false, false]);
    expect(await sessionCount(db, a.id)).toBe(0);
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: memberCookie } });
    expect(me.statusCode).toBe(401);
  });

  it('changes the role of the selected accounts', async () => {
    const { db, bulk } = await adminApp();
    const a = await addUser(db, { email: 'a@example.com' });
    const b = await addUser(db, { email: 'b@example.com' });
    const vip = await roleId(db, 'vip');

    const res = await bulk({ action: 'set_role', ids: [a.id, b.id], role_id: vip });
    expect(res.json()).toEqual({ affected: 2 });
    expect((await states(db, [a.id, b.id])).map((s) => s.role_id)).toEqual([vip, vip]);
  });

  it('deletes the selected accounts and their sessions', async () => {
    const { db, app, bulk } = await adminApp();
    const a = await addUser(db, { email: 'a@example.com' });
    const b = await addUser(db, { email: 'b@example.com' });
    const keep = await addUser(db, { email: 'keep@example.com' });
    await signIn(app, a.email, a.password);

    const res = await bulk({ action: 'delete', ids: [a.id, b.id] });
    expect(res.json()).toEqual({ affected: 2 });
    const left = await db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, [a.id, b.id, keep.id]));
    expect(left.map((row) => row.id)).toEqual([keep.id]);
    expect(await sessionCount(db, a.id)).toBe(0);
  });

  it('acts on every account matching the filter, not only the page shown', async () => {
    const { db, bulk } = await adminApp();
    const pending = [];
    for (let i = 1; i <= 12; i++) {
      pending.push(await addUser(db, { email: `marta${i}@example.com`, is_active: false }));
    }
    const otherPending = await addUser(db, { email: 'pedro@example.com', is_active: false });
    const activeMarta = await addUser(db, { email: 'marta.activa@example.com' });

    const res = await bulk({ action: 'activate', filter: { search: 'marta', pending: true } });
    expect(res.json()).toEqual({ affected: 12 });
    const ids = pending.map((u) => u.id);
    expect((await states(db, ids)).every((s) => s.is_active)).toBe(true);
    expect((await states(db, [otherPending.id]))[0]!.is_active).toBe(false);

    const del = await bulk({ action: 'delete', filter: { pending: true } });
    expect(del.json()).toEqual({ affected: 1 });
    expect(await states(db, [otherPending.id, activeMarta.id])).toHaveLength(1);
  });

  it('refuses a batch that would leave no active config holder, writing nothing', async () => {
    const { db, bulk } = await adminApp();
    const [admin] = await db.select().from(users).where(eq(users.email, ADMIN.email));
    const member = await addUser(db, { email: 'm@example.com', is_active: false });
    const before = await states(db, [admin!.id, member.id]);

    for (const payload of [
      { action: 'deactivate', ids: [member.id, admin!.id] },
      { action: 'set_role', ids: [admin!.id, member.id], role_id: await roleId(db, 'cafeinas') },
      { action: 'delete', ids: [member.id, admin!.id] },
      { action: 'delete', filter: {} },
    ]) {
      const res = await bulk(payload);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(SETTINGS_MESSAGES.bulkLastConfigUser);
      expect(await states(db, [admin!.id, member.id])).toEqual(before);
    }
    expect(await sessionCount(db, admin!.id)).toBe(1);
  });

  it('allows removing one admin while another active admin remains', async () => {
    const { db, bulk } = await adminApp();
    const [admin] = await db.select().from(users).where(eq(users.email, ADMIN.email));
    const second = await addUser(db, { email: 'second@example.com', role: 'admin' });
    const res = await bulk({ action: 'deactivate', ids: [admin!.id] });
    expect(res.json()).toEqual({ affected: 1 });
    expect((await states(db, [second.id]))[0]!.is_active).toBe(true);
  });

  it('answers 401 signed out and 403 to a member, changing nothing', async () => {
    const { db, app } = await createTestApp();
    const member = await addUser(db, { email: 'm@example.com' });
    const pending = await addUser(db, { email: 'p@example.com', is_active: false });
    const memberCookie = await signIn(app, member.email, member.password);

    expect((await postJson(app, URL, { action: 'activate', ids: [pending.id] })).statusCode).toBe(401);
    const res = await postJson(app, URL, { action: 'activate', ids: [pending.id] }, { cookie: memberCookie });
    expect(res.statusCode).toBe(403);
    expect((await states(db, [pending.id]))[0]!.is_active).toBe(false);
  });

  it('refuses an unknown key in the filter or beside it (400 in Spanish), changing no account', async () => {
    const { db, bulk } = await adminApp();
    const carol = await addUser(db, { email: 'carol@example.com' });
    const dave = await addUser(db, { email: 'dave@example.com' });
    const pending = await addUser(db, { email: 'p@example.com', is_active: false });
    const ids = [carol.id, dave.id, pending.id];
    const before = await states(db, ids);
    const cases: [unknown, string][] = [
      [{ action: 'set_role', role_id: await roleId(db, 'admin'), filter: { Search: 'carol' } }, 'Search'],
      [{ action: 'activate', filter: { pending: true, serch: 'x' } }, 'serch'],
      [{ action: 'activate', ids: [pending.id], everyone: true }, 'everyone'],
    ];
    for (const [payload, key] of cases) {
      const res = await bulk(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toBe(`Campo no permitido: ${key}`);
      expect(await states(db, ids)).toEqual(before);
    }
  });

  it('answers 400 with a Spanish message to bad input', async () => {
    const { db, bulk } = await adminApp();
    const a = await addUser(db, { email: 'a@example.com' });
    const cases: [unknown, string][] = [
      [{ action: 'activate' }, SETTINGS_MESSAGES.bulkTarget],
      [{ action: 'activate', ids: [a.id], filter: {} }, SETTINGS_MESSAGES.bulkTarget],
      [{ action: 'activate', ids: [] }, SETTINGS_MESSAGES.bulkTarget],
      [{ action: 'explode', ids: [a.id] }, SETTINGS_MESSAGES.bulkAction],
      [{ action: 'set_role', ids: [a.id] }, SETTINGS_MESSAGES.chooseRole],
      [{ action: 'set_role', ids: [a.id], role_id: 999_999 }, SETTINGS_MESSAGES.unknownRole],
      [
        { action: 'delete', ids: Array.from({ length: 1001 }, (_, i) => i + 1) },
        SETTINGS_MESSAGES.bulkTooMany,
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await bulk(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().error).toBe(message);
    }
    expect(await states(db, [a.id])).toHaveLength(1);
  });
});
