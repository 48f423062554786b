import {
  AdminUser,
  MESSAGES,
  Role,
  roleInUseMessage,
  SELF_REGISTERED_ROLE_ID,
  SETTINGS_MESSAGES as M,
  UserList,
  USERNAME_MESSAGES,
} from '@app/contracts';
import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ADMIN, addUser, createTestApp, csrf, postJson, signIn, credentials } from '../../../test/helper';
import { ENGINE, explain, rawRows } from '../../../test/support/engine';
import type { Db } from '../../db/client';
import { bumpUserCount } from '../../db/kept-counts';
import { roles, rolePermissions, sessions, tools, users } from '../../db/schema';
import { createBulkRepo } from './bulk-repo';
import { userFilter } from './user-list-repo';
import { PERSONAL_TABLES } from '../../personal-data';
import { createAccountEraser } from '../erasure';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const call = (app: FastifyInstance, method: Method, url: string, cookie?: string, payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: { ...csrf, ...(cookie ? { cookie } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function adminApp() {
  const test = await createTestApp();
  const cookie = await signIn(test.app, ADMIN.email, ADMIN.password);
  const as =
    (method: Method) =>
    (url: string, payload?: unknown, who: string = cookie) =>
      call(test.app, method, url, who, payload);
  return { ...test, cookie, get: as('GET'), post: as('POST'), put: as('PUT'), del: as('DELETE') };
}

/** The tools' ids, in the order named. */
const toolIds = async (db: Db, ...names: string[]) => {
  const rows = await db.select().from(tools).where(inArray(tools.name, names));
  return names.map((name) => rows.find((tool) => tool.name === name)!.id);
};

const roleId = async (db: Db, name: string) =>
  (await db.select().from(roles).where(eq(roles.name, name)))[0]!.id;

/** Many accounts at once, straight into the table (no password hashing: they never sign in). */
async function insertUsers(
  db: Db,
  prefix: string,
  n: number,
  extra: Partial<typeof users.$inferInsert> = {},
) {
  for (let i = 1; i <= n; i++) {
    await db.insert(users).values({
      username: `${prefix}${String(i).padStart(3, '0')}`,
      email: `${prefix}${i}@example.com`,
      password_hash: 'not-a-real-hash',
      role_id: 3,
      // One second apart, so "newest first" is well defined.
      created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
      ...extra,
    });
    await bumpUserCount(db, extra.is_active ?? true, 1);
  }
}

const newUser = (over: Record<string, unknown> = {}) => ({
  username: 'nuria',
  email: 'nuria@example.com',
  phone: '600111222',
  password: 'nuria-secret',
  role_id: 3,
  is_active: true,
  ...over,
});

describe('settings access', () => {
  const endpoints: [Method, string, unknown?][] = [
    ['GET', '/api/admin/users'],
    ['POST', '/api/admin/users', newUser()],
    ['PUT', '/api/admin/users/1', newUser({ password: undefined })],
    ['DELETE', '/api/admin/users/1'],
    ['GET', '/api/admin/roles'],
    ['POST', '/api/admin/roles', { name: 'x', tools: [] }],
    ['PUT', '/api/admin/roles/3', { name: 'cafeinas', tools: [] }],
    ['DELETE', '/api/admin/roles/4'],
    ['GET', '/api/admin/tools'],
    ['GET', '/api/admin/role-permissions'],
  ];

  it('answers 401 signed out and 403 to cafeinas and vip members, changing nothing', async () => {
    const { app, db } = await createTestApp();
    const cafeinas = await addUser(db, { email: 'c@example.com', role: 'cafeinas' });
    const vip = await addUser(db, { email: 'v@example.com', role: 'vip' });
    const cafeinasCookie = await signIn(app, cafeinas.email, cafeinas.password);
    const vipCookie = await signIn(app, vip.email, vip.password);
    for (const [method, url, payload] of endpoints) {
      const anonymous = await call(app, method, url, undefined, payload);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expect(anonymous.json()).toEqual({ error: MESSAGES.notAuthenticated });
      for (const cookie of [cafeinasCookie, vipCookie]) {
        const denied = await call(app, method, url, cookie, payload);
        expect(denied.statusCode, `${method} ${url}`).toBe(403);
        expect(denied.json()).toEqual({ error: MESSAGES.forbidden });
      }
    }
    expect(await db.select().from(users)).toHaveLength(3);
    expect(await db.select().from(roles)).toHaveLength(4);
  });

  it('refuses an inactive account: it cannot sign in, and a deactivated admin loses its session', async () => {
    const { app, db } = await createTestApp();
    const pending = await addUser(db, { email: 'p@example.com', role: 'admin', is_active: false });
    expect((await postJson(app, '/api/auth/login', credentials(pending))).statusCode).toBe(403);

    const second = await addUser(db, { email: 'second@example.com', role: 'admin' });
    const cookie = await signIn(app, second.email, second.password);
    expect((await call(app, 'GET', '/api/admin/users', cookie)).statusCode).toBe(200);
    await db.update(users).set({ is_active: false }).where(eq(users.id, second.id));
    for (const [method, url, payload] of endpoints) {
      expect((await call(app, method, url, cookie, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('lets the admin and any custom role holding only config in', async () => {
    const { app, db, post, get } = await adminApp();
    expect((await get('/api/admin/users')).statusCode).toBe(200);
    const created = await post('/api/admin/roles', { name: 'soporte', tools: await toolIds(db, 'config') });
    expect(created.statusCode).toBe(200);
    const helper = await addUser(db, { email: 'soporte@example.com', role: 'soporte' });
    const cookie = await signIn(app, helper.email, helper.password);
    for (const url of [
      '/api/admin/users',
      '/api/admin/roles',
      '/api/admin/tools',
      '/api/admin/role-permissions',
    ]) {
      expect((await call(app, 'GET', url, cookie)).statusCode, url).toBe(200);
    }
    expect((await call(app, 'POST', '/api/admin/users', cookie, newUser())).statusCode).toBe(200);
  });
});

describe('GET /api/admin/users', () => {
  it('pages newest first, 10 by default, with the total', async () => {
    const { db, get } = await adminApp();
    await insertUsers(db, 'socio', 25);
    const first = UserList.parse((await get('/api/admin/users?search=socio')).json());
    expect(first).toMatchObject({ total: 25, page: 1, pageSize: 10 });
    expect(first.items.map((u) => u.username)).toEqual(
      Array.from({ length: 10 }, (_, i) => `socio${String(25 - i).padStart(3, '0')}`),
    );
    const last = UserList.parse((await get('/api/admin/users?search=socio&page=3')).json());
    expect(last.items.map((u) => u.username)).toEqual([
      'socio005',
      'socio004',
      'socio003',
      'socio002',
      'socio001',
    ]);
    expect(last.total).toBe(25);
    // Past the last page and without a match: no rows, and still the right total.
    expect(UserList.parse((await get('/api/admin/users?search=socio&page=4')).json())).toMatchObject({
      items: [],
      total: 25,
    });
    expect(UserList.parse((await get('/api/admin/users?search=nadie')).json())).toMatchObject({
      items: [],
      total: 0,
    });
    const all = UserList.parse((await get('/api/admin/users')).json());
    expect(all.total).toBe(26);
    const big = UserList.parse((await get('/api/admin/users?pageSize=100')).json());
    expect(big.items).toHaveLength(26);
  });

  it('shows every change at once, though pages are kept between changes', async () => {
    const { app, db, get, put } = await adminApp();
    await insertUsers(db, 'socio', 3, { role_id: await roleId(db, 'estrategas') });
    const page = async () => UserList.parse((await get('/api/admin/users?search=socio')).json());
    const names = async () => (await page()).items.map((u) => `${u.username}:${u.role}:${u.is_active}`);
    expect(await names()).toEqual([
      'socio003:estrategas:true',
      'socio002:estrategas:true',
      'socio001:estrategas:true',
    ]);

    // A sign-up, the member's own profile edit, an admin edit, a role rename, an operator's UPDATE.
    const signup = {
      username: 'socio_nuevo',
      email: 'nuevo@example.com',
      phone: '+34 600 000 000',
      password: 'secreto-nuevo',
    };
    expect((await postJson(app, '/api/accounts/register', signup)).statusCode).toBe(200);
    expect((await page()).total).toBe(4);
    const member = await addUser(db, { email: 'socio_propio@example.com', username: 'propio' });
    expect((await page()).total).toBe(5);
    const cookie = await signIn(app, member.email, member.password);
    const profile = { username: 'socio_propio', email: member.email };
    expect((await call(app, 'PUT', '/api/accounts/profile', cookie, profile)).statusCode).toBe(200);
    expect((await page()).items[0]!.username).toBe('socio_propio');
    const first = (await db.select().from(users).where(eq(users.username, 'socio001')))[0]!;
    const edit = {
      username: 'socio001',
      email: first.email,
      role_id: await roleId(db, 'vip'),
      is_active: false,
    };
    expect((await put(`/api/admin/users/${first.id}`, edit)).statusCode).toBe(200);
    expect(await names()).toContain('socio001:vip:false');
    const renamed = { name: 'estrategas plus', tools: [] };
    expect((await put(`/api/admin/roles/${await roleId(db, 'estrategas')}`, renamed)).statusCode).toBe(200);
    expect(await names()).toContain('socio002:estrategas plus:true');
    await db.update(users).set({ username: 'socio_operador' }).where(eq(users.username, 'socio003'));
    expect(await names()).toContain('socio_operador:estrategas plus:true');
  });

  it('never returns a password or its hash, and gives role name, state and an ISO creation date', async () => {
    const { get } = await adminApp();
    const res = await get('/api/admin/users');
    expect(res.body).not.toMatch(/password|hash|\$argon2/);
    const admin = AdminUser.parse(UserList.parse(res.json()).items[0]);
    expect(admin).toMatchObject({ email: ADMIN.email, role: 'admin', role_id: 1, is_active: true });
    expect(new Date(admin.created_at).toISOString()).toBe(admin.created_at);
  });

  it('searches username or email ignoring case, treating % and _ literally', async () => {
    const { db, get } = await adminApp();
    await addUser(db, { email: 'Marta.Lopez@Example.com', username: 'mlopez' });
    await addUser(db, { email: 'pedro@example.com', username: 'Pedro_Marta' });
    await addUser(db, { email: 'otro@example.com', username: 'otro' });
    const names = async (search: string) =>
      UserList.parse((await get(`/api/admin/users?search=${encodeURIComponent(search)}`)).json()).items.map(
        (u) => u.username,
      );
    expect((await names('MARTA')).sort()).toEqual(['Pedro_Marta', 'mlopez']);
    expect(await names('o_m')).toEqual(['Pedro_Marta']);
    expect(await names('%')).toEqual([]);
    expect(await names('EXAMPLE.COM')).toHaveLength(4);
  });

  it('filters the accounts waiting for activation', async () => {
    const { db, get } = await adminApp();
    await insertUsers(db, 'activo', 3);
    await insertUsers(db, 'pendiente', 2, { is_active: false });
    const pending = UserList.parse((await get('/api/admin/users?pending=true')).json());
    expect(pending.total).toBe(2);
    expect(pending.items.map((u) => [u.username, u.is_active])).toEqual([
      ['pendiente002', false],
      ['pendiente001', false],
    ]);
    expect(UserList.parse((await get('/api/admin/users?pending=true&search=002')).json()).total).toBe(1);
    expect(UserList.parse((await get('/api/admin/users?pending=false')).json()).total).toBe(6);
  });

  it('refuses a bad page or page size with a 400 and a message', async () => {
    const { get } = await adminApp();
    for (const query of ['page=0', 'pageSize=1000', 'page=abc', 'pending=quizas']) {
      const res = await get(`/api/admin/users?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
  });

  it('uses an index for the page and the pending filter (no full sort of 100,000 rows)', async () => {
    const { db, database } = await adminApp();
    const noScanNoSort = /TEMP B-TREE|SCAN users$|Seq Scan|Sort/m;
    const page = await explain(
      database,
      db
        .select({ id: users.id })
        .from(users)
        .orderBy(desc(users.created_at), desc(users.id))
        .limit(10)
        .offset(20)
        .getSQL(),
    );
    expect(page).toMatch(
      /(COVERING INDEX|Index Only Scan Backward using|Index Scan Backward using) users_created_at_idx/,
    );
    expect(page).not.toMatch(noScanNoSort);
    const pending = await explain(
      database,
      db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.is_active, false))
        .orderBy(desc(users.created_at), desc(users.id))
        .limit(10)
        .getSQL(),
    );
    expect(pending).toMatch(
      /(COVERING INDEX|Index Only Scan Backward using|Index Scan Backward using) users_active_created_at_idx/,
    );
    expect(pending).not.toMatch(noScanNoSort);
    // Their totals: counted on the same indexes.
    for (const total of [
      db.select({ n: count() }).from(users).getSQL(),
      db.select({ n: count() }).from(users).where(eq(users.is_active, false)).getSQL(),
    ]) {
      expect(await explain(database, total)).not.toMatch(/SCAN users$|Seq Scan/m);
    }
  });
});

describe('user-list totals and search', () => {
  /** What the admin table answers as totals, next to a count of the table. */
  const totals = async (db: Db, get: (url: string) => Promise<{ json(): unknown }>) => ({
    answered: [
      UserList.parse((await get('/api/admin/users')).json()).total,
      UserList.parse((await get('/api/admin/users?pending=true')).json()).total,
    ],
    counted: [
      (await db.select().from(users)).length,
      (await db.select().from(users).where(eq(users.is_active, false))).length,
    ],
  });
  /** SQLite's search index: ids the index finds for a term, next to a LIKE scan of the table (ASCII terms). */
  const indexed = async (db: Db, term: string) => ({
    found: (
      await rawRows<{ id: number }>(
        db,
        sql`select rowid as id from users_search where users_search match ${`"${term}"`} order by rowid`,
      )
    ).map((row) => row.id),
    scanned: (
      await rawRows<{ id: number }>(
        db,
        sql`select id from users where username like '%' || ${term} || '%' or email like '%' || ${term} || '%' order by id`,
      )
    ).map((row) => row.id),
  });

  it('answers totals equal to a count of the table through inserts, updates, deletes and a rollback', async () => {
    const { db, database, get, put, del } = await adminApp();
    await insertUsers(db, 'activo', 4);
    await insertUsers(db, 'pendiente', 3, { is_active: false });
    let { answered, counted } = await totals(db, get);
    expect(answered).toEqual(counted);
    expect(answered).toEqual([8, 3]);
    // Activating and deactivating move an account between the totals; other edits leave them alone.
    const bulk = createBulkRepo(database, createAccountEraser(PERSONAL_TABLES));
    const ids = async (...names: string[]) =>
      (await db.select({ id: users.id }).from(users).where(inArray(users.username, names))).map((u) => u.id);
    await bulk.bulkUpdate({ ids: await ids('pendiente001') }, { is_active: true });
    await bulk.bulkUpdate({ ids: await ids('activo001', 'activo002') }, { is_active: false });
    await db.update(users).set({ phone: '600000000' }).where(eq(users.username, 'activo003'));
    await bulk.bulkDelete({ ids: await ids('pendiente002') });
    ({ answered, counted } = await totals(db, get));
    expect(answered).toEqual(counted);
    // A rolled-back transaction leaves no trace.
    await expect(
      database.transaction(async (tx) => {
        await insertUsers(tx, 'fantasma', 2);
        await tx.update(users).set({ is_active: false }).where(eq(users.username, 'activo004'));
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    ({ answered, counted } = await totals(db, get));
    expect(answered).toEqual(counted);
    expect(answered).toEqual([7, 3]);
    // Through the API too: an edit that deactivates, then a delete.
    const target = (await db.select().from(users).where(eq(users.username, 'activo004')))[0]!;
    const edited = await put(`/api/admin/users/${target.id}`, {
      username: target.username,
      email: target.email,
      role_id: target.role_id,
      is_active: false,
    });
    expect(edited.statusCode).toBe(200);
    expect(UserList.parse((await get('/api/admin/users?pending=true')).json()).total).toBe(4);
    expect((await del(`/api/admin/users/${target.id}`)).statusCode).toBe(200);
    ({ answered, counted } = await totals(db, get));
    expect(answered).toEqual(counted);
    expect(answered).toEqual([6, 3]);
    // Past the last page: no rows, and still the totals.
    expect(UserList.parse((await get('/api/admin/users?page=99')).json())).toMatchObject({
      items: [],
      total: 6,
    });
    expect(UserList.parse((await get('/api/admin/users?page=99&pending=true')).json())).toMatchObject({
      items: [],
      total: 3,
    });
  });

  it('keeps the search in step with new, renamed and deleted accounts', async () => {
    const { db, database, get } = await adminApp();
    await insertUsers(db, 'lector', 3);
    await db
      .update(users)
      .set({ username: 'escritora', email: 'escritora@example.com' })
      .where(eq(users.username, 'lector002'));
    await db.delete(users).where(eq(users.username, 'lector003'));
    // SQLite searches an FTS5 index its own triggers keep (PostgreSQL's trigram indexes are the server's).
    if (ENGINE === 'sqlite') {
      for (const term of ['lector', 'escritora', 'example.com', 'admin']) {
        const { found, scanned } = await indexed(db, term);
        expect(found, term).toEqual(scanned);
      }
    }
    const names = async (search: string) =>
      UserList.parse((await get(`/api/admin/users?search=${encodeURIComponent(search)}`)).json()).items.map(
        (u) => u.username,
      );
    expect(await names('lector')).toEqual(['lector001']);
    expect(await names('ESCRITORA')).toEqual(['escritora']);
    // A rolled-back rename leaves the index as it was.
    await expect(
      database.transaction(async (tx) => {
        await tx.update(users).set({ username: 'fantasma' }).where(eq(users.username, 'lector001'));
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await names('fantasma')).toEqual([]);
    expect(await names('lector')).toEqual(['lector001']);
  });

  it('searches terms of 1 and 2 characters, accents and query-syntax characters literally', async () => {
    const { db, get } = await adminApp();
    await addUser(db, { email: 'pepe@example.com', username: 'JOSÉ_Ñandú' });
    await addUser(db, { email: 'comillas@example.com', username: 'di"ce' });
    await addUser(db, { email: 'estrella@example.com', username: 'a*b:c(d)' });
    await addUser(db, { email: 'and@example.com', username: 'xANDx' });
    const search = async (term: string) => {
      const res = await get(`/api/admin/users?search=${encodeURIComponent(term)}`);
      expect(res.statusCode, term).toBe(200);
      const list = UserList.parse(res.json());
      expect(list.total, term).toBe(list.items.length);
      return list.items.map((u) => u.username).sort();
    };
    // Short terms: a scan with LIKE / ILIKE, % and _ literal. PostgreSQL folds every letter's case; SQLite's
    // LIKE folds ASCII letters only, so there other letters match as written in lower case.
    expect(await search('ú')).toEqual(['JOSÉ_Ñandú']);
    expect(await search('DÚ')).toEqual(['JOSÉ_Ñandú']);
    const foldsEveryLetter = ENGINE === 'postgres' ? ['JOSÉ_Ñandú'] : [];
    expect(await search('_ñ')).toEqual(foldsEveryLetter);
    expect(await search('_Ñ')).toEqual(foldsEveryLetter);
    expect(await search('É_')).toEqual(foldsEveryLetter);
    expect(await search('"')).toEqual(['di"ce']);
    expect(await search('*')).toEqual(['a*b:c(d)']);
    expect(await search('%')).toEqual([]);
    // Longer terms: the trigram index, any case (accented letters too), syntax characters as plain text.
    expect(await search('josé')).toEqual(['JOSÉ_Ñandú']);
    expect(await search('ÑANDÚ')).toEqual(['JOSÉ_Ñandú']);
    expect(await search('jose')).toEqual([]);
    expect(await search('É_ñ')).toEqual(['JOSÉ_Ñandú']);
    expect(await search('i"c')).toEqual(['di"ce']);
    expect(await search('"di"ce"')).toEqual([]);
    expect(await search('*b:c(')).toEqual(['a*b:c(d)']);
    expect(await search('and')).toEqual(['JOSÉ_Ñandú', 'xANDx']);
    expect(await search('AND')).toEqual(['JOSÉ_Ñandú', 'xANDx']);
    expect(await search('x AND y')).toEqual([]);
    expect(await search('NEAR(a b)')).toEqual([]);
    expect(await search('example.com OR 1')).toEqual([]);
    expect(await search('%_%')).toEqual([]);
    for (const junk of ['"""', '😀😀😀', '^ab', 'a-b', '{username}: x', "a'b", 'ab*', 'a"b"c']) {
      expect(await search(junk), JSON.stringify(junk)).toEqual([]);
    }
    // A NUL (which no stored text holds, and which would cut an FTS5 query short) is refused: a 400, never
    // a server error.
    for (const junk of ['\u0000ab', 'ab\u0000c', '\u0000\u0000\u0000']) {
      const res = await get(`/api/admin/users?search=${encodeURIComponent(junk)}`);
      expect(res.statusCode, JSON.stringify(junk)).toBe(400);
      expect(res.json()).toEqual({ error: MESSAGES.invalidRequest });
    }
  });

  it('pages a search past its last page with the right total, and within the pending filter', async () => {
    const { db, get } = await adminApp();
    await insertUsers(db, 'socia', 12);
    await insertUsers(db, 'sociapendiente', 3, { is_active: false });
    const all = UserList.parse((await get('/api/admin/users?search=socia&pageSize=100')).json());
    expect(all.items).toHaveLength(15);
    const page2 = UserList.parse((await get('/api/admin/users?search=socia&page=2')).json());
    expect(page2.total).toBe(15);
    expect(page2.items).toEqual(all.items.slice(10));
    expect(UserList.parse((await get('/api/admin/users?search=socia&page=9')).json())).toMatchObject({
      items: [],
      total: 15,
    });
    const pending = UserList.parse(
      (await get('/api/admin/users?search=socia&pending=true&pageSize=2')).json(),
    );
    expect(pending.total).toBe(3);
    expect(pending.items.map((u) => u.username)).toEqual(['sociapendiente003', 'sociapendiente002']);
  });

  it('finds the matches through the search index, not by reading every account', async () => {
    const { db, database } = await adminApp();
    if (ENGINE === 'sqlite') {
      const search = await explain(
        database,
        sql`select users.id, count(*) over () from users inner join roles on roles.id = users.role_id
         where users.id in (select rowid from users_search where users_search match ${'"abc"'})
         order by users.created_at desc, users.id desc limit 10`,
      );
      expect(search).toMatch(/VIRTUAL TABLE/);
      expect(search).toMatch(/SEARCH users USING INTEGER PRIMARY KEY/);
      expect(search).not.toMatch(/SCAN users\b/);
    } else {
      const search = await explain(
        database,
        sql`select id from users where username ilike ${'%abc%'} or email ilike ${'%abc%'}`,
      );
      expect(search).toMatch(/Bitmap Index Scan on users_username_trgm_idx/);
      expect(search).toMatch(/Bitmap Index Scan on users_email_trgm_idx/);
      expect(search).not.toMatch(/Seq Scan/);
      // The page query itself, over 10,000 accounts and with the planner left to its own costs: the matches
      // come from the trigram indexes, not from a walk of every account in created_at order.
      await rawRows(
        db,
        sql`insert into users (username, email, password_hash, role_id, created_at)
          select 'miembro' || lpad(n::text, 5, '0'), 'miembro' || n || '@bench.local', repeat('x', 97), 3,
            to_char(timestamp '2024-01-01' + n * interval '1 hour', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
          from generate_series(0, 9999) as n`,
      );
      // What autovacuum does after a bulk load: statistics, and the new index entries moved into the GIN tree.
      await rawRows(db, sql`vacuum analyze users`);
      const page = db
        .select({ id: users.id, total: sql`count(*) over ()` })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.role_id))
        .where(userFilter(database, { search: 'miembro012' }))
        .orderBy(desc(users.created_at), desc(users.id))
        .limit(10)
        .getSQL();
      const plan = (await rawRows<{ 'QUERY PLAN': string }>(db, sql`explain ${page}`))
        .map((row) => row['QUERY PLAN'])
        .join('\n');
      expect(plan).toMatch(/Bitmap Index Scan on users_username_trgm_idx/);
      expect(plan).not.toMatch(/users_created_at_idx|Seq Scan on users/);
    }
  });
});

describe('POST /api/admin/users', () => {
  it('creates an account with a hashed password that can sign in', async () => {
    const { app, db, post } = await adminApp();
    const res = await post('/api/admin/users', newUser({ email: '  Nuria@Example.com ' }));
    expect(res.statusCode).toBe(200);
    const created = AdminUser.parse(res.json());
    expect(created).toMatchObject({ username: 'nuria', email: 'nuria@example.com', role: 'cafeinas' });
    expect(res.body).not.toMatch(/password|hash/);
    const stored = (await db.select().from(users).where(eq(users.id, created.id)))[0]!;
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
    await signIn(app, 'nuria@example.com', 'nuria-secret');
  });

  it('applies the registration rules to the password and requires an explicit role', async () => {
    const { post } = await adminApp();
    const short = await post('/api/admin/users', newUser({ password: '12345' }));
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      error: 'La contraseña debe tener al menos 6 caracteres',
      field: 'password',
    });
    const noRole = await post('/api/admin/users', newUser({ role_id: undefined }));
    expect(noRole.statusCode).toBe(400);
    expect(noRole.json()).toEqual({ error: M.chooseRole, field: 'role_id' });
    const unknownRole = await post('/api/admin/users', newUser({ role_id: 99 }));
    expect(unknownRole.statusCode).toBe(400);
    expect(unknownRole.json()).toEqual({ error: M.unknownRole, field: 'role_id' });
    const badEmail = await post('/api/admin/users', newUser({ email: 'no-es-un-correo' }));
    expect(badEmail.json()).toEqual({ error: 'El correo electrónico no es válido', field: 'email' });
  });

  it('answers a taken email or username, in any case, with a field-specific 409', async () => {
    const { db, post } = await adminApp();
    await addUser(db, { email: 'ocupado@example.com', username: 'Ocupado' });
    const email = await post('/api/admin/users', newUser({ email: 'OCUPADO@example.com' }));
    expect(email.statusCode).toBe(409);
    expect(email.json()).toEqual({ error: M.emailTaken, field: 'email' });
    const username = await post('/api/admin/users', newUser({ username: 'ocupado' }));
    expect(username.statusCode).toBe(409);
    expect(username.json()).toEqual({ error: M.usernameTaken, field: 'username' });
  });
});

describe('look-alike usernames (issue 35)', () => {
  it('refuses creating or renaming an account to a name that looks like another', async () => {
    const { db, post, put } = await adminApp();
    const ace = await addUser(db, { email: 'ace@example.com', username: 'ace' });
    const created = await post('/api/admin/users', newUser({ username: 'adm\u0131n' }));
    expect(created.statusCode).toBe(409);
    expect(created.json()).toEqual({ error: USERNAME_MESSAGES.lookalike, field: 'username' });
    const other = await addUser(db, { email: 'otro@example.com', username: 'otro' });
    const renamed = await put(`/api/admin/users/${other.id}`, {
      ...newUser({ username: '\u0430\u0441\u0435', email: 'otro@example.com' }),
      password: undefined,
    });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json()).toEqual({ error: USERNAME_MESSAGES.lookalike, field: 'username' });
    const invisible = await put(`/api/admin/users/${other.id}`, {
      ...newUser({ username: 'admin\u3164', email: 'otro@example.com' }),
      password: undefined,
    });
    expect(invisible.statusCode).toBe(400);
    expect(invisible.json()).toEqual({ error: USERNAME_MESSAGES.invisible, field: 'username' });
    // Its own name, in another case, is no look-alike of itself.
    const same = await put(`/api/admin/users/${ace.id}`, {
      ...newUser({ username: 'ACE', email: 'ace@example.com' }),
      password: undefined,
    });
    expect(same.statusCode).toBe(200);
  });
});

describe('PUT /api/admin/users/:id', () => {
  it('activates a self-registered account, which can then sign in', async () => {
    const { app, db, put } = await adminApp();
    const pending = await addUser(db, { email: 'nueva@example.com', username: 'nueva', is_active: false });
    expect((await postJson(app, '/api/auth/login', credentials(pending))).statusCode).toBe(403);
    const res = await put(`/api/admin/users/${pending.id}`, {
      username: 'nueva',
      email: 'nueva@example.com',
      role_id: 3,
      is_active: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ is_active: true, phone: null });
    await signIn(app, pending.email, pending.password);
  });

  it('ends the sessions of a user whose role, active flag or password changes, not otherwise', async () => {
    const { app, db, put } = await adminApp();
    const member = await addUser(db, { email: 'm@example.com', username: 'm', role: 'vip' });
    const body = { username: 'm', email: 'm@example.com', role_id: 2, is_active: true };
    const me = (cookie: string) => call(app, 'GET', '/api/auth/me', cookie);

    let cookie = await signIn(app, member.email, member.password);
    expect((await put(`/api/admin/users/${member.id}`, { ...body, phone: '600' })).statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(200);

    for (const change of [{ role_id: 4 }, { is_active: false }, { password: 'otra-clave' }]) {
      // Reset to a known state, then sign in, then apply the change.
      await put(`/api/admin/users/${member.id}`, { ...body, password: member.password });
      cookie = await signIn(app, member.email, member.password);
      const res = await put(`/api/admin/users/${member.id}`, { ...body, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(200);
      expect((await me(cookie)).statusCode, JSON.stringify(change)).toBe(401);
      expect(await db.select().from(sessions).where(eq(sessions.user_id, member.id))).toEqual([]);
    }
    await signIn(app, member.email, 'otra-clave');
  });

  it('answers 404 for an unknown user and 409 for a taken email', async () => {
    const { db, put } = await adminApp();
    const a = await addUser(db, { email: 'a@example.com' });
    await addUser(db, { email: 'b@example.com' });
    const body = { username: 'a', email: 'B@example.com', role_id: 3, is_active: true };
    expect((await put(`/api/admin/users/${a.id}`, body)).json()).toEqual({
      error: M.emailTaken,
      field: 'email',
    });
    const missing = await put('/api/admin/users/999', body);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: M.userNotFound });
  });
});

describe('DELETE /api/admin/users/:id', () => {
  it('deletes an account and its sessions', async () => {
    const { app, db, del } = await adminApp();
    const member = await addUser(db, { email: 'bye@example.com' });
    const cookie = await signIn(app, member.email, member.password);
    expect((await del(`/api/admin/users/${member.id}`)).json()).toEqual({ ok: true });
    expect((await db.select().from(users).where(eq(users.id, member.id)))[0]).toBeUndefined();
    expect((await call(app, 'GET', '/api/auth/me', cookie)).statusCode).toBe(401);
    expect((await del(`/api/admin/users/${member.id}`)).statusCode).toBe(404);
  });
});

describe('lock-out rules', () => {
  it('keeps the last active user with config from being deleted, deactivated or moved', async () => {
    const { db, put, del } = await adminApp();
    const adminId = 1;
    const body = { username: 'admin', email: ADMIN.email, role_id: 1, is_active: true };
    const deleted = await del(`/api/admin/users/${adminId}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json()).toEqual({ error: M.lastConfigUserDelete });
    for (const change of [{ is_active: false }, { role_id: 2 }]) {
      const res = await put(`/api/admin/users/${adminId}`, { ...body, ...change });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: M.lastConfigUserChange });
    }
    expect((await db.select().from(users).where(eq(users.id, adminId)))[0]).toMatchObject({
      is_active: true,
      role_id: 1,
      token_version: 0,
    });

    // An inactive second admin does not count; an active one does.
    const second = await addUser(db, { email: 'admin2@example.com', role: 'admin', is_active: false });
    expect((await del(`/api/admin/users/${adminId}`)).statusCode).toBe(409);
    await db.update(users).set({ is_active: true }).where(eq(users.id, second.id));
    expect((await put(`/api/admin/users/${adminId}`, { ...body, role_id: 2 })).statusCode).toBe(200);
  });

  it('keeps config on the last role that gives it to an active user', async () => {
    const { db, put, post } = await adminApp();
    const adminTools = await toolIds(db, 'membresia', 'texto');
    const res = await put('/api/admin/roles/1', { name: 'admin', description: 'x', tools: adminTools });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: M.lastConfigRole });
    expect(
      Role.parse(
        (await post('/api/admin/roles', { name: 'soporte', tools: await toolIds(db, 'config') })).json(),
      ),
    );
    // A role with config but no active holder does not count.
    await addUser(db, { email: 's@example.com', role: 'soporte', is_active: false });
    expect((await put('/api/admin/roles/1', { name: 'admin', tools: adminTools })).statusCode).toBe(409);
    await addUser(db, { email: 's2@example.com', role: 'soporte' });
    expect((await put('/api/admin/roles/1', { name: 'admin', tools: adminTools })).statusCode).toBe(200);
  });
});

describe('roles', () => {
  it('lists tools, roles with their tool ids, and role permissions', async () => {
    const { db, get } = await adminApp();
    const toolList = (await get('/api/admin/tools')).json();
    expect(toolList.map((t: { name: string }) => t.name)).toEqual([
      'membresia',
      'cafelito-virtual',
      'ytvideo',
      'igvideo',
      'redgram',
      'texto',
      'config',
      'estadisticas',
      'comunicados',
    ]);
    const list = (await get('/api/admin/roles')).json() as Role[];
    expect(list.map((r) => r.name)).toEqual(['admin', 'vip', 'cafeinas', 'estrategas']);
    expect(list[2]?.tools).toEqual(await toolIds(db, 'cafelito-virtual'));
    const permissions = (await get('/api/admin/role-permissions')).json();
    expect(permissions).toContainEqual({ role_id: 3, tool_id: (await toolIds(db, 'cafelito-virtual'))[0] });
    expect(permissions).toHaveLength(9 + 6 + 1 + 2);
  });

  it('creates a role with its tools in one request, keeping the name as written and unique in any case', async () => {
    const { app, db, post, put } = await adminApp();
    const ids = await toolIds(db, 'texto', 'redgram');
    const res = await post('/api/admin/roles', {
      name: '  Mentoría VIP ',
      description: 'Mentores',
      tools: [...ids, ids[0]],
    });
    expect(res.statusCode).toBe(200);
    const role = Role.parse(res.json());
    expect(role).toMatchObject({ name: 'Mentoría VIP', description: 'Mentores' });
    expect(role.tools.sort()).toEqual([...ids].sort());
    const holder = await addUser(db, { email: 'mentor@example.com', role: 'Mentoría VIP' });
    const login = await postJson(app, '/api/auth/login', credentials(holder));
    expect(login.json()).toMatchObject({
      role: 'mentoría vip',
      role_label: 'Mentoría VIP',
      permissions: ['redgram', 'texto'],
    });

    for (const name of ['MENTORÍA VIP', 'mentoría vip']) {
      const duplicate = await post('/api/admin/roles', { name, tools: [] });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json()).toEqual({ error: M.roleNameTaken, field: 'name' });
    }
    // Renaming another role onto it is the same clash; renaming it in another case is its own name.
    const other = Role.parse((await post('/api/admin/roles', { name: 'Tutores', tools: [] })).json());
    const clash = await put(`/api/admin/roles/${other.id}`, { name: 'mentoría vip', tools: [] });
    expect(clash.json()).toEqual({ error: M.roleNameTaken, field: 'name' });
    const recased = await put(`/api/admin/roles/${role.id}`, { name: 'Mentoría Vip', tools: ids });
    expect(recased.statusCode).toBe(200);
    const empty = await post('/api/admin/roles', { name: '   ', tools: [] });
    expect(empty.json()).toEqual({ error: M.roleNameRequired, field: 'name' });
  });

  it('rolls the whole role edit back when a step fails in the middle', async () => {
    const { db, post, put } = await adminApp();
    const ids = await toolIds(db, 'texto', 'redgram');
    const role = Role.parse(
      (await post('/api/admin/roles', { name: 'mentoria', description: 'antes', tools: ids })).json(),
    );
    // The name is saved and the old permissions cleared before the unknown tool id makes the insert fail.
    const res = await put(`/api/admin/roles/${role.id}`, {
      name: 'renombrado',
      description: 'despues',
      tools: [ids[0], 9999],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: M.unknownTool, field: 'tools' });
    expect((await db.select().from(roles).where(eq(roles.id, role.id)))[0]).toMatchObject({
      name: 'mentoria',
      description: 'antes',
    });
    const kept = await db.select().from(rolePermissions).where(eq(rolePermissions.role_id, role.id));
    expect(kept.map((row) => row.tool_id).sort()).toEqual([...ids].sort());

    const created = await post('/api/admin/roles', { name: 'fallida', tools: [9999] });
    expect(created.statusCode).toBe(400);
    expect((await db.select().from(roles).where(eq(roles.name, 'fallida')))[0]).toBeUndefined();
  });

  it('updates name, description and tools together', async () => {
    const { db, put } = await adminApp();
    const ids = await toolIds(db, 'membresia', 'texto');
    const res = await put('/api/admin/roles/4', {
      name: 'Estrategas Plus',
      description: 'Nuevo',
      tools: ids,
    });
    expect(Role.parse(res.json())).toEqual({
      id: 4,
      name: 'Estrategas Plus',
      description: 'Nuevo',
      tools: ids,
    });
    expect((await put('/api/admin/roles/4', { name: 'vip', tools: [] })).statusCode).toBe(409);
    expect((await put('/api/admin/roles/99', { name: 'x', tools: [] })).statusCode).toBe(404);
  });

  it('refuses to delete a role that users hold, saying how many', async () => {
    const { db, del, post } = await adminApp();
    await addUser(db, { email: 'e1@example.com', role: 'estrategas' });
    await addUser(db, { email: 'e2@example.com', role: 'estrategas' });
    const res = await del(`/api/admin/roles/${await roleId(db, 'estrategas')}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: roleInUseMessage(2) });
    expect(res.json().error).toMatch(/2 usuarios/);

    const unused = Role.parse(
      (await post('/api/admin/roles', { name: 'temporal', tools: await toolIds(db, 'texto') })).json(),
    );
    expect((await del(`/api/admin/roles/${unused.id}`)).json()).toEqual({ ok: true });
    expect(await db.select().from(rolePermissions).where(eq(rolePermissions.role_id, unused.id))).toEqual([]);
    expect((await del(`/api/admin/roles/${unused.id}`)).statusCode).toBe(404);
  });

  it('keeps the role new registrations get: deleting it would leave sign-ups with no role', async () => {
    const { app, del } = await adminApp();
    const res = await del(`/api/admin/roles/${SELF_REGISTERED_ROLE_ID}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: M.registrationRoleProtected });
    const signUp = await postJson(app, '/api/accounts/register', {
      username: 'nueva',
      email: 'nueva@example.com',
      phone: '+34 600 000 001',
      password: 'secreto-nueva',
    });
    expect(signUp.statusCode).toBeLessThan(300);
  });

  it('keeps the admin role: it can be neither renamed nor deleted', async () => {
    const { app, db, put, del, post } = await adminApp();
    const all = await toolIds(
      db,
      'membresia',
      'cafelito-virtual',
      'ytvideo',
      'igvideo',
      'redgram',
      'texto',
      'config',
    );
    expect((await put('/api/admin/roles/1', { name: 'jefes', tools: all })).json()).toEqual({
      error: M.adminRoleProtected,
      field: 'name',
    });
    expect(
      (await put('/api/admin/roles/1', { name: 'Admin', description: 'Equipo', tools: all })).statusCode,
    ).toBe(200);
    // Even with no user left in it, the admin role stays.
    const support = Role.parse(
      (await post('/api/admin/roles', { name: 'soporte', tools: await toolIds(db, 'config') })).json(),
    );
    const helper = await addUser(db, { email: 'soporte@example.com', role: 'soporte' });
    await db.update(users).set({ role_id: support.id }).where(eq(users.id, 1));
    const res = await del('/api/admin/roles/1', undefined, await signIn(app, helper.email, helper.password));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: M.adminRoleProtected });
  });
});
