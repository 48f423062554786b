import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGES, SessionUser } from '@app/contracts';
import Database from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN, addUser, createTestApp, csrf, postJson, signIn, credentials } from '../../../test/helper';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { roles, rolePermissions, users } from '../../db/schema';
import { totpFactors } from '../two-factor/schema';
import { knownDevices } from './schema';

describe('POST /api/auth/login', () => {
  it('signs in the seeded admin and answers the session user with every permission', async () => {
    const { app } = await createTestApp();
    const res = await postJson(app, '/api/auth/login', ADMIN);
    expect(res.statusCode).toBe(200);
    const user = SessionUser.parse(res.json());
    expect(user).toMatchObject({ email: ADMIN.email, username: 'admin', role: 'admin', role_id: 1 });
    expect(user.permissions).toEqual([
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
    expect(res.json()).not.toHaveProperty('password_hash');
    const cookie = res.cookies.find((c) => c.name === 'session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 12 * 60 * 60 });
    expect(cookie?.secure).toBeFalsy();
  });

  it('marks the cookie Secure when the app is served over https', async () => {
    const { app } = await createTestApp({ appUrl: 'https://miembros.example.com' });
    const res = await postJson(app, '/api/auth/login', ADMIN);
    expect(res.cookies.find((c) => c.name === 'session')?.secure).toBe(true);
  });

  it('matches the email ignoring case and surrounding spaces', async () => {
    const { app } = await createTestApp();
    const res = await postJson(app, '/api/auth/login', {
      email: '  Admin@Example.COM ',
      password: ADMIN.password,
    });
    expect(res.statusCode).toBe(200);
  });

  it('gives a cafeinas member only Cafelito Virtual', async () => {
    const { app, db } = await createTestApp();
    const member = await addUser(db, { email: 'ana@example.com', role: 'cafeinas' });
    const res = await postJson(app, '/api/auth/login', credentials(member));
    expect(res.json()).toMatchObject({ role: 'cafeinas', role_id: 3, permissions: ['cafelito-virtual'] });
  });

  it('refuses a wrong password with 401 and a Spanish message', async () => {
    const { app } = await createTestApp();
    const res = await postJson(app, '/api/auth/login', { email: ADMIN.email, password: 'wrong-password' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: MESSAGES.invalidCredentials });
    expect(res.cookies).toHaveLength(0);
  });

  it('answers an unknown email exactly like a wrong password', async () => {
    const { app } = await createTestApp();
    const unknown = await postJson(app, '/api/auth/login', {
      email: 'nadie@example.com',
      password: 'whatever',
    });
    const wrong = await postJson(app, '/api/auth/login', { email: ADMIN.email, password: 'whatever' });
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.body).toBe(wrong.body);
  });

  it('refuses an inactive account with 403 saying an administrator must grant access', async () => {
    const { app, db } = await createTestApp();
    const member = await addUser(db, { email: 'nuevo@example.com', is_active: false });
    const res = await postJson(app, '/api/auth/login', credentials(member));
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(MESSAGES.inactiveAccount);
    expect(res.json().error).toMatch(/administrador/);
    expect(res.cookies).toHaveLength(0);
  });

  it('does not reveal that an account is inactive to someone without its password', async () => {
    const { app, db } = await createTestApp();
    await addUser(db, { email: 'nuevo@example.com', is_active: false });
    const res = await postJson(app, '/api/auth/login', { email: 'nuevo@example.com', password: 'guess' });
    expect(res.statusCode).toBe(401);
  });

  it('locks an account for a while after 5 failed logins, even with the right password', async () => {
    const { app, db } = await createTestApp();
    const member = await addUser(db, { email: 'ana@example.com' });
    for (let i = 0; i < 5; i++) {
      const res = await postJson(app, '/api/auth/login', { email: member.email, password: 'bad' });
      expect(res.statusCode).toBe(401);
    }
    const locked = await postJson(app, '/api/auth/login', credentials(member));
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toBe(MESSAGES.tooManyAttempts);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // Another account from another address is not affected.
    const other = await postJson(app, '/api/auth/login', ADMIN, { remoteAddress: '10.0.0.9' });
    expect(other.statusCode).toBe(200);
  });

  it('limits failed logins per IP address across accounts', async () => {
    const { app } = await createTestApp(
      {},
      { loginLimits: { perAccount: 5, perIp: 3, perKnownDevice: 5, windowSeconds: 900 } },
    );
    for (let i = 0; i < 3; i++) {
      const res = await postJson(
        app,
        '/api/auth/login',
        { email: `x${i}@example.com`, password: 'bad' },
        { remoteAddress: '203.0.113.7' },
      );
      expect(res.statusCode).toBe(401);
    }
    const blocked = await postJson(app, '/api/auth/login', ADMIN, { remoteAddress: '203.0.113.7' });
    expect(blocked.statusCode).toBe(429);
    const elsewhere = await postJson(app, '/api/auth/login', ADMIN, { remoteAddress: '198.51.100.1' });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('lets the right password through from a browser that signed in before, while strangers lock the account', async () => {
    const { app, db } = await createTestApp();
    const member = await addUser(db, { email: 'ana@example.com' });
    const first = await postJson(app, '/api/auth/login', credentials(member));
    const device = first.cookies.find((c) => c.name === 'known_device');
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth/login' });
    const knownCookie = `known_device=${device!.value}`;

    for (let i = 0; i < 5; i++) {
      await postJson(
        app,
        '/api/auth/login',
        { email: member.email, password: 'bad' },
        { remoteAddress: '10.9.9.9' },
      );
    }
    // A stranger (and any browser that never signed in to this account) is locked out...
    expect((await postJson(app, '/api/auth/login', credentials(member))).statusCode).toBe(429);
    // ...a cookie that is not ours (unsigned, forged) does not help...
    const forged = `known_device=${encodeURIComponent(`${member.id}.AAAAAAAAAAAAAAAAAAAAAAAA`)}`;
    expect((await postJson(app, '/api/auth/login', credentials(member), { cookie: forged })).statusCode).toBe(
      429,
    );
    // ...but the member's own browser still signs in.
    expect(
      (await postJson(app, '/api/auth/login', credentials(member), { cookie: knownCookie })).statusCode,
    ).toBe(200);
  });

  it('does not let a known device of one account past the lock of another', async () => {
    const { app, db } = await createTestApp();
    const member = await addUser(db, { email: 'ana@example.com' });
    const first = await postJson(app, '/api/auth/login', credentials(member));
    const knownCookie = `known_device=${first.cookies.find((c) => c.name === 'known_device')!.value}`;
    for (let i = 0; i < 5; i++) {
      await postJson(app, '/api/auth/login', { email: ADMIN.email, password: 'bad' });
    }
    expect((await postJson(app, '/api/auth/login', ADMIN, { cookie: knownCookie })).statusCode).toBe(429);
  });

  it('limits wrong passwords from a known device too', async () => {
    const { app, db } = await createTestApp();
    const member = await addUser(db, { email: 'ana@example.com' });
    const first = await postJson(app, '/api/auth/login', credentials(member));
    const cookie = `known_device=${first.cookies.find((c) => c.name === 'known_device')!.value}`;
    for (let i = 0; i < 5; i++) {
      const res = await postJson(
        app,
        '/api/auth/login',
        { email: member.email, password: 'bad' },
        { cookie },
      );
      expect(res.statusCode).toBe(401);
    }
    expect((await postJson(app, '/api/auth/login', credentials(member), { cookie })).statusCode).toBe(429);
  });

  it('gives no known-device cookie for a right password whose second step is still to come', async () => {
    const { app, db } = await createTestApp();
    const member = await addUser(db, { email: 'ana@example.com' });
    await db.insert(totpFactors).values({
      user_id: member.id,
      secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      confirmed_at: '2026-11-01T00:00:00.000Z',
    });
    const res = await postJson(app, '/api/auth/login', credentials(member));
    expect(res.json()).toMatchObject({ second_step: { factors: ['totp'] } });
    expect(res.cookies.find((c) => c.name === 'known_device')).toBeUndefined();
    expect(await db.select().from(knownDevices)).toEqual([]);
  });

  it('keeps the newest five known devices of an account, and their wrong passwords count against it', async () => {
    const { app, db } = await createTestApp();
    const member = await addUser(db, { email: 'ana@example.com' });
    const cookies: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await postJson(app, '/api/auth/login', credentials(member));
      cookies.push(`known_device=${res.cookies.find((c) => c.name === 'known_device')!.value}`);
    }
    expect(await db.select().from(knownDevices)).toHaveLength(5);
    // Six cookies from one password do not buy six budgets of guesses: the account counts every one.
    for (const cookie of cookies.slice(1)) {
      const res = await postJson(
        app,
        '/api/auth/login',
        { email: member.email, password: 'bad' },
        { cookie },
      );
      expect(res.statusCode).toBe(401);
    }
    const stranger = await postJson(app, '/api/auth/login', credentials(member), {
      remoteAddress: '10.1.2.3',
    });
    expect(stranger.statusCode).toBe(429);
    // The oldest cookie was forgotten: it is a stranger's now.
    expect(
      (await postJson(app, '/api/auth/login', credentials(member), { cookie: cookies[0] })).statusCode,
    ).toBe(429);
  });

  it('forgets known devices when the password changes', async () => {
    const { app, db } = await createTestApp();
    const member = await addUser(db, { email: 'ana@example.com' });
    const first = await postJson(app, '/api/auth/login', credentials(member));
    const cookie = `known_device=${first.cookies.find((c) => c.name === 'known_device')!.value}`;
    const session = `session=${first.cookies.find((c) => c.name === 'session')!.value}`;
    const changed = await app.inject({
      method: 'PUT',
      url: '/api/accounts/profile',
      headers: { ...csrf, cookie: session },
      payload: {
        username: 'ana',
        email: member.email,
        phone: '',
        password: 'clave-nueva',
        current_password: member.password,
      },
    });
    expect(changed.statusCode).toBe(200);
    for (let i = 0; i < 5; i++) {
      await postJson(
        app,
        '/api/auth/login',
        { email: member.email, password: 'bad' },
        { remoteAddress: '10.4.4.4' },
      );
    }
    const res = await postJson(
      app,
      '/api/auth/login',
      { email: member.email, password: 'clave-nueva' },
      { cookie },
    );
    expect(res.statusCode).toBe(429);
  });

  it('gives back the point of a successful login', async () => {
    const { app } = await createTestApp();
    for (let i = 0; i < 4; i++)
      await postJson(app, '/api/auth/login', { email: ADMIN.email, password: 'bad' });
    expect((await postJson(app, '/api/auth/login', ADMIN)).statusCode).toBe(200);
    expect((await postJson(app, '/api/auth/login', ADMIN)).statusCode).toBe(200);
    expect((await postJson(app, '/api/auth/login', { email: ADMIN.email, password: 'bad' })).statusCode).toBe(
      401,
    );
    expect((await postJson(app, '/api/auth/login', ADMIN)).statusCode).toBe(429);
  });

  it('keeps the limits in the database: two API nodes on one file share them', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'auth-'));
    const databasePath = path.join(dir, 'app.db');
    const dbA = openDatabase(databasePath);
    const dbB = openDatabase(databasePath);
    const nodeA = await buildApp(testConfig({ admin: ADMIN, databasePath }), { db: dbA });
    const nodeB = await buildApp(testConfig({ admin: ADMIN, databasePath }), { db: dbB });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const node = i % 2 === 0 ? nodeA : nodeB;
        const res = await postJson(node, '/api/auth/login', { email: ADMIN.email, password: 'bad' });
        statuses.push(res.statusCode);
      }
      expect(statuses.filter((s) => s !== 429)).toHaveLength(5);
      expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    } finally {
      await Promise.all([nodeA.close(), nodeB.close()]);
      await dbA.close();
      await dbB.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([
    ['no body', undefined],
    ['an empty object', {}],
    ['a missing password', { email: ADMIN.email }],
    ['an empty email', { email: '', password: 'x' }],
    ['a number as email', { email: 42, password: 'x' }],
    ['an array body', [ADMIN.email, ADMIN.password]],
    ['nested junk', { email: { $gt: '' }, password: { $ne: null } }],
    ['a huge email', { email: `${'a'.repeat(100_000)}@example.com`, password: 'x' }],
    ['a huge password', { email: ADMIN.email, password: 'x'.repeat(200_000) }],
  ])('answers 400 with a Spanish error for %s', async (_name, payload) => {
    const { app } = await createTestApp();
    const res = await postJson(app, '/api/auth/login', payload);
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().error).toBe('string');
    expect(res.json().error.length).toBeGreaterThan(0);
  });

  it('names the field and says to fill everything when a field is empty', async () => {
    const { app } = await createTestApp();
    const res = await postJson(app, '/api/auth/login', { email: ADMIN.email, password: '' });
    expect(res.json()).toEqual({ error: MESSAGES.fillAllFields, field: 'password' });
  });

  it('answers 400 to a body that is not JSON', async () => {
    const { app } = await createTestApp();
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
      payload: '{"email": "a@b.c", "password": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: MESSAGES.invalidJson });
  });

  it('answers 413 to a body over 1 MiB, and 415 to an unsupported content type', async () => {
    const { app } = await createTestApp();
    const big = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
      payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ error: MESSAGES.payloadTooLarge });
    const xml = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml', 'x-requested-with': 'fetch' },
      payload: '<login/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({ error: MESSAGES.unsupportedMediaType });
  });

  it('refuses a login without the cross-site protection header', async () => {
    const { app } = await createTestApp();
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: MESSAGES.csrf });
    expect(res.cookies).toHaveLength(0);
  });
});

describe('GET /api/auth/me', () => {
  it('answers 401 without a session', async () => {
    const { app } = await createTestApp();
    const res = await app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: MESSAGES.notAuthenticated });
  });

  it('answers 401 to a forged or garbage cookie', async () => {
    const { app } = await createTestApp();
    for (const value of ['garbage', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIiwic2lkIjoieCIsInR2IjowfQ.']) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { cookie: `session=${value}` },
      });
      expect(res.statusCode).toBe(401);
    }
  });

  it('answers the current user with permissions fresh from the database', async () => {
    const { app, db } = await createTestApp();
    const member = await addUser(db, { email: 'eva@example.com', username: 'eva', role: 'cafeinas' });
    const cookie = await signIn(app, member.email, member.password);
    const first = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(first.json()).toMatchObject({
      username: 'eva',
      role: 'cafeinas',
      permissions: ['cafelito-virtual'],
    });

    const estrategas = (await db.select().from(roles).where(eq(roles.name, 'estrategas')))[0]!;
    await db.update(users).set({ role_id: estrategas.id }).where(eq(users.id, member.id));
    const second = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(second.json()).toMatchObject({
      role: 'estrategas',
      permissions: ['membresia', 'cafelito-virtual'],
    });

    await db.delete(rolePermissions).where(eq(rolePermissions.role_id, estrategas.id));
    const third = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(third.json().permissions).toEqual([]);
  });

  it('refuses a session made stale by deactivating the account', async () => {
    const { app, db } = await createTestApp();
    const member = await addUser(db, { email: 'eva@example.com' });
    const cookie = await signIn(app, member.email, member.password);
    await db.update(users).set({ is_active: false }).where(eq(users.id, member.id));
    const res = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(res.statusCode).toBe(401);
    // Reactivating does not bring the ended session back.
    await db.update(users).set({ is_active: true }).where(eq(users.id, member.id));
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(
      401,
    );
  });

  it('refuses a session at once when another connection deactivates the account (an operator, a restore)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'auth-'));
    const databasePath = path.join(dir, 'app.db');
    const database = openDatabase(databasePath);
    const db = database.writer;
    const app = await buildApp(testConfig({ admin: ADMIN }), { db: database });
    try {
      const member = await addUser(db, { email: 'eva@example.com' });
      const cookie = await signIn(app, member.email, member.password);
      const me = () => app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
      expect((await me()).statusCode).toBe(200);
      expect((await me()).statusCode).toBe(200);
      const operator = new Database(databasePath);
      operator.prepare('UPDATE users SET is_active = 0 WHERE id = ?').run(member.id);
      operator.close();
      expect((await me()).statusCode).toBe(401);
    } finally {
      await app.close();
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a session once the token version changes (password change) or the user is deleted', async () => {
    const { app, db } = await createTestApp();
    const member = await addUser(db, { email: 'eva@example.com' });
    const cookie = await signIn(app, member.email, member.password);
    await db.update(users).set({ token_version: 1 }).where(eq(users.id, member.id));
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(
      401,
    );

    const again = await signIn(app, member.email, member.password);
    expect(
      (await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: again } })).statusCode,
    ).toBe(200);
    await db.delete(users).where(eq(users.id, member.id));
    expect(
      (await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: again } })).statusCode,
    ).toBe(401);
  });

  it('refuses a session after its 12 hours have passed', async () => {
    let now = new Date('2026-11-21T10:00:00Z');
    const { app } = await createTestApp({}, { clock: { now: () => now } });
    const cookie = await signIn(app, ADMIN.email, ADMIN.password);
    now = new Date('2026-11-21T21:59:00Z');
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(
      200,
    );
    now = new Date('2026-11-21T22:00:01Z');
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(
      401,
    );
  });
});

describe('POST /api/auth/logout', () => {
  it('clears the cookie and ends the session on the server', async () => {
    const { app } = await createTestApp();
    const cookie = await signIn(app, ADMIN.email, ADMIN.password);
    const res = await postJson(app, '/api/auth/logout', undefined, { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const cleared = res.cookies.find((c) => c.name === 'session');
    expect(cleared?.value).toBe('');
    // A copy of the old cookie no longer works.
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(
      401,
    );
  });

  it('ends only that session: another device stays signed in', async () => {
    const { app } = await createTestApp();
    const laptop = await signIn(app, ADMIN.email, ADMIN.password);
    const phone = await signIn(app, ADMIN.email, ADMIN.password);
    await postJson(app, '/api/auth/logout', undefined, { cookie: laptop });
    expect(
      (await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: phone } })).statusCode,
    ).toBe(200);
  });

  it('succeeds without a session and refuses a cross-site logout', async () => {
    const { app } = await createTestApp();
    expect((await postJson(app, '/api/auth/logout', undefined)).statusCode).toBe(200);
    const cookie = await signIn(app, ADMIN.email, ADMIN.password);
    const forged = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(forged.statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(
      200,
    );
  });
});
