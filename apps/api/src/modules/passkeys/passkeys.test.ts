import { MESSAGES, PASSKEY_MESSAGES, type PasskeyCreationOptions } from '@app/contracts';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createMailer } from '../../integrations/mailer';
import { sessions } from '../../db/schema';
import { addUser, createTestApp, csrf, postJson, signInConfirmed } from '../../../test/helper';
import { createSoftAuthenticator } from '../../../test/support/passkey-authenticator';
import { webauthnChallenges } from './schema';

const APP_URL = 'https://miembros.example.com';
const quiet = { info: () => undefined };
const memoryMailer = () =>
  createMailer({ smtpUrl: undefined, from: 'Test <t@example.com>', outboxDir: undefined }, quiet);

async function setUp(now?: () => Date) {
  const mailer = memoryMailer();
  const test = await createTestApp({ appUrl: APP_URL }, { mailer, ...(now ? { clock: { now } } : {}) });
  const member = await addUser(test.db, { email: 'ana@example.com', username: 'ana' });
  const cookie = await signInConfirmed(test.app, member.email, member.password);
  return { ...test, mailer, member, cookie, authenticator: createSoftAuthenticator(APP_URL) };
}

const sessionCookie = (res: { cookies: { name: string; value: string }[] }) => {
  const found = res.cookies.find((c) => c.name === 'session');
  return found ? `session=${found.value}` : undefined;
};

async function registrationOptions(app: FastifyInstance, cookie: string) {
  const res = await postJson(app, '/api/account/passkeys/options', undefined, { cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PasskeyCreationOptions>();
}

/** Runs the whole registration ceremony for the signed-in member: options, the authenticator, the answer. */
async function addPasskey(
  app: FastifyInstance,
  cookie: string,
  authenticator: ReturnType<typeof createSoftAuthenticator>,
  name = 'Mi portátil',
) {
  const options = await registrationOptions(app, cookie);
  return postJson(
    app,
    '/api/account/passkeys',
    { name, response: authenticator.create(options) },
    { cookie },
  );
}

async function signInOptions(app: FastifyInstance) {
  const res = await postJson(app, '/api/auth/passkey/options', undefined);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ challenge: string; rpId: string; userVerification: string }>();
}

describe('passkeys', () => {
  it('adds a passkey and signs in with it: a full session, last use recorded', async () => {
    const { app, cookie, authenticator, member } = await setUp();
    const options = await registrationOptions(app, cookie);
    expect(options.rp).toEqual({ name: 'Comunidad - Herramientas', id: 'miembros.example.com' });
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    const added = await postJson(
      app,
      '/api/account/passkeys',
      { name: 'Mi portátil', response: authenticator.create(options) },
      { cookie },
    );
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ name: 'Mi portátil', last_used_at: null });

    const request = await signInOptions(app);
    expect(request).toMatchObject({ rpId: 'miembros.example.com', userVerification: 'required' });
    const res = await postJson(app, '/api/auth/passkey', { response: authenticator.get(request) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: member.email, username: 'ana' });
    const fresh = sessionCookie(res)!;
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: fresh } });
    expect(me.statusCode).toBe(200);

    const list = await app.inject({
      method: 'GET',
      url: '/api/account/passkeys',
      headers: { cookie: fresh },
    });
    const [passkey] = list.json<{ passkeys: { name: string; last_used_at: string | null }[] }>().passkeys;
    expect(passkey?.name).toBe('Mi portátil');
    expect(passkey?.last_used_at).not.toBeNull();
  });

  it('keeps several passkeys, renames one and removes one with the current password', async () => {
    const { app, cookie, authenticator, member, mailer } = await setUp();
    expect((await addPasskey(app, cookie, authenticator, 'Portátil')).statusCode).toBe(200);
    expect((await addPasskey(app, cookie, authenticator, 'Teléfono')).statusCode).toBe(200);
    const list = async () =>
      (await app.inject({ method: 'GET', url: '/api/account/passkeys', headers: { cookie } })).json<{
        passkeys: { id: number; name: string }[];
      }>().passkeys;
    const [first, second] = await list();
    expect([first?.name, second?.name]).toEqual(['Portátil', 'Teléfono']);

    const renamed = await app.inject({
      method: 'PATCH',
      url: `/api/account/passkeys/${second!.id}`,
      payload: { name: '  Móvil de Ana ' },
      headers: { ...csrf, cookie },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Móvil de Ana' });

    const wrong = await postJson(
      app,
      `/api/account/passkeys/${first!.id}/remove`,
      { password: 'nope' },
      { cookie },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: PASSKEY_MESSAGES.passwordWrong, field: 'password' });
    const removed = await postJson(
      app,
      `/api/account/passkeys/${first!.id}/remove`,
      { password: member.password },
      { cookie },
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await list()).map((p) => p.name)).toEqual(['Móvil de Ana']);

    // The removed passkey no longer signs in.
    const res = await postJson(app, '/api/auth/passkey', {
      response: authenticator.get(await signInOptions(app), 0),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: PASSKEY_MESSAGES.unknownPasskey });

    const subjects = mailer.kept.filter((m) => m.to === member.email).map((m) => m.subject);
    expect(subjects).toEqual([
      'Se ha añadido una llave de acceso a tu cuenta',
      'Se ha añadido una llave de acceso a tu cuenta',
      'Se ha eliminado una llave de acceso de tu cuenta',
    ]);
    const removal = mailer.kept.at(-1)!;
    expect(removal.text).toContain('«Portátil»');
    expect(removal.link).toBe(`${APP_URL}/perfil`);
  });

  it('adding a passkey ends the account’s other sessions, not this one', async () => {
    const { app, cookie, authenticator, member } = await setUp();
    const other = await signInConfirmed(app, member.email, member.password);
    expect((await addPasskey(app, cookie, authenticator)).statusCode).toBe(200);
    const otherMe = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: other } });
    expect(otherMe.statusCode).toBe(401);
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
  });

  it('a challenge answers once: a replayed assertion is refused', async () => {
    const { app, cookie, authenticator } = await setUp();
    await addPasskey(app, cookie, authenticator);
    const assertion = authenticator.get(await signInOptions(app));
    expect((await postJson(app, '/api/auth/passkey', { response: assertion })).statusCode).toBe(200);
    const replay = await postJson(app, '/api/auth/passkey', { response: assertion });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ error: PASSKEY_MESSAGES.challengeExpired });
  });

  it('a registration challenge answers once too', async () => {
    const { app, cookie, authenticator } = await setUp();
    const options = await registrationOptions(app, cookie);
    const response = authenticator.create(options);
    expect(
      (await postJson(app, '/api/account/passkeys', { name: 'A', response }, { cookie })).statusCode,
    ).toBe(200);
    const again = await postJson(app, '/api/account/passkeys', { name: 'B', response }, { cookie });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: PASSKEY_MESSAGES.challengeExpired });
  });

  it('a challenge expires after five minutes', async () => {
    let now = new Date('2026-11-27T10:00:00.000Z');
    const { app, cookie, authenticator, db } = await setUp(() => now);
    await addPasskey(app, cookie, authenticator);
    const options = await signInOptions(app);
    now = new Date(now.getTime() + 5 * 60 * 1000 + 1);
    const late = await postJson(app, '/api/auth/passkey', { response: authenticator.get(options) });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ error: PASSKEY_MESSAGES.challengeExpired });
    // The next challenge issued sweeps the expired ones away.
    await signInOptions(app);
    const [left] = await db.select({ n: count() }).from(webauthnChallenges);
    expect(left?.n).toBe(1);
  });

  it('refuses an answer signed for another site, or without user verification', async () => {
    const { app, cookie, authenticator } = await setUp();
    const options = await registrationOptions(app, cookie);
    const phishing = authenticator.create(options, { origin: 'https://miembros.example.com.evil.test' });
    const res = await postJson(app, '/api/account/passkeys', { name: 'X', response: phishing }, { cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: PASSKEY_MESSAGES.notVerified });

    const noUv = authenticator.create(await registrationOptions(app, cookie), { userVerified: false });
    const refused = await postJson(app, '/api/account/passkeys', { name: 'X', response: noUv }, { cookie });
    expect(refused.statusCode).toBe(400);

    await addPasskey(app, cookie, authenticator);
    const wrongOrigin = authenticator.get(await signInOptions(app), undefined, {
      origin: 'https://evil.test',
    });
    expect((await postJson(app, '/api/auth/passkey', { response: wrongOrigin })).statusCode).toBe(401);
  });

  it('refuses a registration challenge issued to someone else', async () => {
    const { app, cookie, authenticator, db } = await setUp();
    const bruno = await addUser(db, { email: 'bruno@example.com' });
    const brunoCookie = await signInConfirmed(app, bruno.email, bruno.password);
    const anasOptions = await registrationOptions(app, cookie);
    const res = await postJson(
      app,
      '/api/account/passkeys',
      { name: 'Robada', response: authenticator.create(anasOptions) },
      { cookie: brunoCookie },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: PASSKEY_MESSAGES.challengeExpired });
  });

  it('someone else’s passkey cannot be renamed or removed', async () => {
    const { app, cookie, authenticator, db } = await setUp();
    await addPasskey(app, cookie, authenticator);
    const bruno = await addUser(db, { email: 'bruno@example.com' });
    const brunoCookie = await signInConfirmed(app, bruno.email, bruno.password);
    const [anas] = (
      await app.inject({ method: 'GET', url: '/api/account/passkeys', headers: { cookie } })
    ).json<{ passkeys: { id: number }[] }>().passkeys;
    const brunosList = await app.inject({
      method: 'GET',
      url: '/api/account/passkeys',
      headers: { cookie: brunoCookie },
    });
    expect(brunosList.json()).toEqual({ passkeys: [] });
    const rename = await app.inject({
      method: 'PATCH',
      url: `/api/account/passkeys/${anas!.id}`,
      payload: { name: 'Mía' },
      headers: { ...csrf, cookie: brunoCookie },
    });
    expect(rename.statusCode).toBe(404);
    const remove = await postJson(
      app,
      `/api/account/passkeys/${anas!.id}/remove`,
      { password: bruno.password },
      { cookie: brunoCookie },
    );
    expect(remove.statusCode).toBe(404);
    expect(remove.json()).toEqual({ error: PASSKEY_MESSAGES.notFound });
  });

  it('refuses the sign-in of an inactive member, as the password login does', async () => {
    const { app, cookie, authenticator, db, member } = await setUp();
    await addPasskey(app, cookie, authenticator);
    const { users } = await import('../../db/schema');
    await db.update(users).set({ is_active: false }).where(eq(users.id, member.id));
    const res = await postJson(app, '/api/auth/passkey', {
      response: authenticator.get(await signInOptions(app)),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: MESSAGES.inactiveAccount });
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('is asked after the password, and finishes that sign-in for its own account only', async () => {
    const { app, db, cookie, authenticator, member } = await setUp();
    expect((await addPasskey(app, cookie, authenticator)).statusCode).toBe(200);
    const other = await addUser(db, { email: 'luis@example.com', username: 'luis' });
    const otherAuthenticator = createSoftAuthenticator(APP_URL);
    const otherCookie = await signInConfirmed(app, other.email, other.password);
    expect((await addPasskey(app, otherCookie, otherAuthenticator)).statusCode).toBe(200);

    const login = await postJson(app, '/api/auth/login', { email: member.email, password: member.password });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json()).toMatchObject({ second_step: { factors: ['passkey'], setup_required: false } });
    expect(sessionCookie(login)).toBeUndefined();
    const step = login.cookies.find((c) => c.name === 'second_step')!;
    const stepCookie = `second_step=${step.value}`;

    // Someone else's passkey does not finish Ana's sign-in.
    const wrong = await postJson(
      app,
      '/api/auth/second-step/passkey',
      { response: otherAuthenticator.get(await signInOptions(app)) },
      { cookie: stepCookie },
    );
    expect(wrong.statusCode).toBe(401);
    expect(sessionCookie(wrong)).toBeUndefined();

    // Without the second step's cookie the route opens nothing either.
    const bare = await postJson(app, '/api/auth/second-step/passkey', {
      response: authenticator.get(await signInOptions(app)),
    });
    expect(bare.statusCode).toBe(401);

    const done = await postJson(
      app,
      '/api/auth/second-step/passkey',
      { response: authenticator.get(await signInOptions(app)) },
      { cookie: stepCookie },
    );
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ email: member.email });
    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: sessionCookie(done)! },
    });
    expect(me.statusCode).toBe(200);
  });

  it('limits failed passkey sign-ins per IP, like the login', async () => {
    const { app } = await createTestApp(
      { appUrl: APP_URL },
      { loginLimits: { perAccount: 100, perIp: 2, perKnownDevice: 100, windowSeconds: 60 } },
    );
    const stranger = createSoftAuthenticator(APP_URL);
    stranger.create({ challenge: 'x', user: { id: 'eA' } });
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const res = await postJson(
        app,
        '/api/auth/passkey',
        { response: stranger.get(await signInOptions(app)) },
        { remoteAddress: '203.0.113.9' },
      );
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 429]);
  });

  it('a sign-in session remembers the browser, and the list shows it', async () => {
    const { app, cookie, authenticator, db, member } = await setUp();
    await addPasskey(app, cookie, authenticator);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/passkey',
      payload: { response: authenticator.get(await signInOptions(app)) },
      headers: {
        ...csrf,
        'user-agent':
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.some((c) => c.name === 'known_device')).toBe(true);
    const rows = await db.select().from(sessions).where(eq(sessions.user_id, member.id));
    expect(rows.some((row) => row.user_agent?.includes('Chrome/130'))).toBe(true);
  });
});
