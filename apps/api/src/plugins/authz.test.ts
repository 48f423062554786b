import { announcementUnsubscribe, endpoint, MESSAGES, OkResponse, stripeWebhook } from '@app/contracts';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ADMIN, addUser, createTestApp, signIn } from '../../test/helper';
import { fillPath } from '../../test/support/contract-arbitraries';
import { access, registerAccessGuards, route } from './authz';

const probe = { summary: 'Prueba de acceso', tag: 'system' } as const;
const textoProbe = endpoint({ ...probe, method: 'GET', path: '/api/probe/texto', response: OkResponse });
const adminProbe = endpoint({ ...probe, method: 'GET', path: '/api/probe/admin', response: OkResponse });

describe('route access', () => {
  it('refuses to start with an API route that does not declare its access', async () => {
    const app = Fastify();
    registerAccessGuards(app);
    expect(() => app.get('/api/undeclared', async () => ({ ok: true }))).toThrow(
      /does not declare its access/,
    );
  });

  it('enforces a tool permission on the server: 401 signed out, 403 without it, 200 with it', async () => {
    const { app, db } = await createTestApp();
    route(app, textoProbe, access.tool('texto'), () => ({ ok: true as const }));
    route(app, adminProbe, access.admin, () => ({ ok: true as const }));
    const cafeinas = await addUser(db, { email: 'c@example.com', role: 'cafeinas' });
    const vip = await addUser(db, { email: 'v@example.com', role: 'vip' });
    const inactive = await addUser(db, { email: 'i@example.com', role: 'vip', is_active: false });
    const call = async (url: string, cookie?: string) =>
      app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

    const anonymous = await call(textoProbe.path);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: MESSAGES.notAuthenticated });

    const cafeinasCookie = await signIn(app, cafeinas.email, cafeinas.password);
    const denied = await call(textoProbe.path, cafeinasCookie);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ error: MESSAGES.forbidden });

    const vipCookie = await signIn(app, vip.email, vip.password);
    expect((await call(textoProbe.path, vipCookie)).statusCode).toBe(200);
    expect((await call(adminProbe.path, vipCookie)).statusCode).toBe(403);

    const adminCookie = await signIn(app, ADMIN.email, ADMIN.password);
    expect((await call(adminProbe.path, adminCookie)).statusCode).toBe(200);

    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-requested-with': 'fetch' },
      payload: { email: inactive.email, password: inactive.password },
    });
    expect(login.statusCode).toBe(403);
  });
});

describe('percent-encoded paths (issue 23)', () => {
  /** `/api/x` spelled `/%61pi/x`: the router sends it to the same route. */
  const encoded = (url: string) => url.replace(/^\/api/, '/%61pi');

  it('refuses every state-changing route without the cross-site header however its path is spelled', async () => {
    const { app } = await createTestApp();
    const cookie = await signIn(app, ADMIN.email, ADMIN.password);
    // The server-to-server writes: Stripe's webhook, whose signature stands in (billing/webhook.test.ts), and the
    // one-click unsubscribe a mail client posts (RFC 8058), whose signed token stands in (announcements.test.ts).
    const serverToServer: string[] = [stripeWebhook.path, announcementUnsubscribe.path];
    const writes = app.apiRoutes.filter(
      (r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method) && !serverToServer.includes(r.url),
    );
    expect(writes.length).toBeGreaterThan(20);
    for (const r of writes) {
      const url = encoded(fillPath(r.url, {}));
      const res = await app.inject({ method: r.method as 'POST', url, headers: { cookie }, payload: {} });
      expect(res.statusCode, `${r.method} ${url}`).toBe(403);
      expect(res.json(), `${r.method} ${url}`).toEqual({ error: MESSAGES.csrf });
    }
    // The session survived every one of them (the encoded logout did nothing).
    expect((await app.inject({ url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(200);
  });

  it('gives an encoded API path the API headers', async () => {
    const { app } = await createTestApp();
    const cookie = await signIn(app, ADMIN.email, ADMIN.password);
    const res = await app.inject({ url: encoded('/api/auth/me'), headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
