import { SESSION_MESSAGES, type AccountSession } from '@app/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { addUser, createTestApp, csrf } from '../../../test/helper';
import { describeUserAgent } from './browser';

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

async function signInFrom(
  app: FastifyInstance,
  account: { email: string; password: string },
  userAgent: string,
  remoteAddress: string,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: account.email, password: account.password },
    headers: { ...csrf, 'user-agent': userAgent },
    remoteAddress,
  });
  expect(res.statusCode, res.body).toBe(200);
  return `session=${res.cookies.find((c) => c.name === 'session')!.value}`;
}

const listOf = async (app: FastifyInstance, cookie: string, userAgent = CHROME_LINUX) => {
  const res = await app.inject({
    method: 'GET',
    url: '/api/account/sessions',
    headers: { cookie, 'user-agent': userAgent },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ sessions: AccountSession[] }>().sessions;
};

describe('sessions and devices', () => {
  it('names the browser and system of a user agent', () => {
    expect(describeUserAgent(CHROME_LINUX)).toEqual({ browser: 'Chrome 130', os: 'Linux' });
    expect(describeUserAgent(SAFARI_IPHONE)).toEqual({ browser: 'Safari 17', os: 'iOS 17' });
    expect(describeUserAgent(null)).toEqual({ browser: 'Navegador desconocido', os: 'Sistema desconocido' });
    expect(describeUserAgent('curl-ish')).toEqual({
      browser: 'Navegador desconocido',
      os: 'Sistema desconocido',
    });
  });

  it('lists the account’s open sessions with browser, address, start and last use, this one marked', async () => {
    const { app, db } = await createTestApp();
    const ana = await addUser(db, { email: 'ana@example.com' });
    const bruno = await addUser(db, { email: 'bruno@example.com' });
    const laptop = await signInFrom(app, ana, CHROME_LINUX, '198.51.100.4');
    await signInFrom(app, ana, SAFARI_IPHONE, '203.0.113.20');
    await signInFrom(app, bruno, CHROME_LINUX, '192.0.2.1');

    const listed = await listOf(app, laptop);
    expect(listed).toHaveLength(2);
    expect(listed[0]).toMatchObject({
      browser: 'Chrome 130',
      os: 'Linux',
      ip: '198.51.100.4',
      current: true,
    });
    expect(listed[1]).toMatchObject({
      browser: 'Safari 17',
      os: 'iOS 17',
      ip: '203.0.113.20',
      current: false,
    });
    for (const session of listed) {
      expect(Date.parse(session.created_at)).not.toBeNaN();
      expect(Date.parse(session.last_used_at)).not.toBeNaN();
      // A public handle only: never the id the cookie carries.
      const [row] = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.ip, session.ip!));
      expect(session.id).not.toBe(row?.id);
    }
  });

  it('ends one other session: that browser is refused at its next request', async () => {
    const { app, db } = await createTestApp();
    const ana = await addUser(db, { email: 'ana@example.com' });
    const laptop = await signInFrom(app, ana, CHROME_LINUX, '198.51.100.4');
    const phone = await signInFrom(app, ana, SAFARI_IPHONE, '203.0.113.20');
    const other = (await listOf(app, laptop)).find((s) => !s.current)!;

    const res = await app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${other.id}`,
      headers: { ...csrf, cookie: laptop },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, current: false });
    expect(
      (await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: phone } })).statusCode,
    ).toBe(401);
    expect((await listOf(app, laptop)).map((s) => s.current)).toEqual([true]);

    const again = await app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${other.id}`,
      headers: { ...csrf, cookie: laptop },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: SESSION_MESSAGES.notFound });
  });

  it('cannot end someone else’s session', async () => {
    const { app, db } = await createTestApp();
    const ana = await addUser(db, { email: 'ana@example.com' });
    const bruno = await addUser(db, { email: 'bruno@example.com' });
    const anas = await signInFrom(app, ana, CHROME_LINUX, '198.51.100.4');
    const brunos = await signInFrom(app, bruno, CHROME_LINUX, '192.0.2.1');
    const [anaSession] = await listOf(app, anas);
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${anaSession!.id}`,
      headers: { ...csrf, cookie: brunos },
    });
    expect(res.statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: anas } })).statusCode,
    ).toBe(200);
  });

  it('ending this very session signs this browser out', async () => {
    const { app, db } = await createTestApp();
    const ana = await addUser(db, { email: 'ana@example.com' });
    const laptop = await signInFrom(app, ana, CHROME_LINUX, '198.51.100.4');
    const [mine] = await listOf(app, laptop);
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${mine!.id}`,
      headers: { ...csrf, cookie: laptop },
    });
    expect(res.json()).toEqual({ ok: true, current: true });
    expect(res.cookies.find((c) => c.name === 'session')?.value).toBe('');
    expect(
      (await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: laptop } })).statusCode,
    ).toBe(401);
  });

  it('ends every session but this one', async () => {
    const { app, db } = await createTestApp();
    const ana = await addUser(db, { email: 'ana@example.com' });
    const bruno = await addUser(db, { email: 'bruno@example.com' });
    const laptop = await signInFrom(app, ana, CHROME_LINUX, '198.51.100.4');
    const phone = await signInFrom(app, ana, SAFARI_IPHONE, '203.0.113.20');
    const tablet = await signInFrom(app, ana, SAFARI_IPHONE, '203.0.113.21');
    const brunos = await signInFrom(app, bruno, CHROME_LINUX, '192.0.2.1');
    const res = await app.inject({
      method: 'POST',
      url: '/api/account/sessions/end-others',
      headers: { ...csrf, cookie: laptop },
    });
    expect(res.json()).toEqual({ ended: 2 });
    for (const cookie of [phone, tablet]) {
      expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(
        401,
      );
    }
    for (const cookie of [laptop, brunos]) {
      expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(
        200,
      );
    }
  });

  it('writes a session’s last use at most once a minute', async () => {
    let now = new Date('2026-11-27T10:00:00.000Z');
    const { app, db } = await createTestApp({}, { clock: { now: () => now } });
    const ana = await addUser(db, { email: 'ana@example.com' });
    const laptop = await signInFrom(app, ana, CHROME_LINUX, '198.51.100.4');
    const lastUse = async () =>
      (await db.select({ at: sessions.last_used_at }).from(sessions).where(eq(sessions.user_id, ana.id)))[0]
        ?.at;
    const me = () => app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: laptop } });
    expect(await lastUse()).toBe('2026-11-27T10:00:00.000Z');

    now = new Date('2026-11-27T10:00:59.000Z');
    await me();
    expect(await lastUse()).toBe('2026-11-27T10:00:00.000Z');
    now = new Date('2026-11-27T10:01:01.000Z');
    await me();
    expect(await lastUse()).toBe('2026-11-27T10:01:01.000Z');
    now = new Date('2026-11-27T10:01:30.000Z');
    await me();
    expect(await lastUse()).toBe('2026-11-27T10:01:01.000Z');
  });
});
