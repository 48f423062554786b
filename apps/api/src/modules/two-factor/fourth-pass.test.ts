import { REAUTH_FIELD, TWO_FACTOR_MESSAGES as T } from '@app/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSmtp, type FakeSmtp } from '../../../test/fakes/smtp';
import {
  ADMIN,
  addUser,
  confirmIdentityOn,
  createTestApp,
  csrf,
  lastEmailedCode,
  postJson,
  signIn,
  signInWithEmailCode,
} from '../../../test/helper';
import { createSoftAuthenticator } from '../../../test/support/passkey-authenticator';
import type { Config } from '../../config';
import { roles } from '../../db/schema';
import { createOverviewService } from '../community/overview';
import { EMAIL_CODE_SENDS_PER_HOUR, PASSKEY_OPTIONS_PER_IP } from '../../lib/rate-limits';
import { passkeys } from '../passkeys/schema';
import { totpFactors } from './schema';

/** Issue 59's findings and settled points around second factors, passkeys and the admin overview. */

const APP_URL = 'https://miembros.example.com';
let smtp: FakeSmtp;
beforeAll(async () => {
  smtp = await startFakeSmtp();
});
afterAll(() => smtp?.close());

const withMail = (): Partial<Config> => ({
  appUrl: APP_URL,
  mail: { smtpUrl: smtp.url, from: 'Comunidad <no-reply@example.com>', outboxDir: undefined },
});

const cookieOf = (res: LightMyRequestResponse, name: string) => {
  const found = res.cookies.find((c) => c.name === name && c.value !== '');
  return found ? `${name}=${found.value}` : undefined;
};

const put = (t: { app: FastifyInstance }, url: string, cookie: string, payload: object) =>
  t.app.inject({ method: 'PUT', url, payload, headers: { ...csrf, cookie } });

describe('adding a factor needs the password first (sudo mode)', () => {
  it('refuses to add a passkey with a session alone, then adds it once the password is confirmed', async () => {
    const t = await createTestApp({ appUrl: APP_URL });
    const member = await addUser(t.db, { email: 'ana@example.com' });
    const cookie = await signIn(t.app, member.email, member.password);
    const refused = await postJson(t.app, '/api/account/passkeys/options', undefined, { cookie });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: T.confirmIdentity, field: REAUTH_FIELD });
    expect((await postJson(t.app, '/api/account/two-factor/totp/setup', {}, { cookie })).statusCode).toBe(
      403,
    );

    const wrong = await postJson(t.app, '/api/account/confirm-identity', { password: 'no' }, { cookie });
    expect(wrong.json()).toEqual({ error: T.wrongPassword, field: 'password' });
    await confirmIdentityOn(t.app, cookie, member.password);
    const options = await postJson(t.app, '/api/account/passkeys/options', undefined, { cookie });
    const added = await postJson(
      t.app,
      '/api/account/passkeys',
      { name: 'Portátil', response: createSoftAuthenticator(APP_URL).create(options.json()) },
      { cookie },
    );
    expect(added.statusCode).toBe(200);
  });

  it('asks for the app’s code too where the account has the app, and for a new email', async () => {
    const t = await createTestApp({ appUrl: APP_URL });
    const member = await addUser(t.db, { email: 'ana@example.com' });
    const cookie = await signIn(t.app, member.email, member.password);
    await t.db.insert(totpFactors).values({
      user_id: member.id,
      secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      confirmed_at: '2026-11-01T00:00:00.000Z',
    });
    const noCode = await postJson(
      t.app,
      '/api/account/confirm-identity',
      { password: member.password },
      { cookie },
    );
    expect(noCode.json()).toEqual({ error: T.invalidCode, field: 'code' });
    const newEmail = await put(t, '/api/accounts/profile', cookie, {
      username: 'ana',
      email: 'ana.nueva@example.com',
      phone: '',
      password: '',
      current_password: member.password,
    });
    expect(newEmail.statusCode).toBe(403);
    expect(newEmail.json()).toEqual({ error: T.confirmIdentity, field: REAUTH_FIELD });
  });
});

describe('a password reset and passkeys', () => {
  it('names the account’s passkeys on the reset page and removes them when asked', async () => {
    const t = await createTestApp(withMail());
    const member = await addUser(t.db, { email: 'rosa@example.com' });
    await t.db.insert(passkeys).values({
      user_id: member.id,
      credential_id: 'cred-rosa',
      public_key: 'pk',
      counter: 0,
      transports: '',
      name: 'Llave de otro',
      created_at: '2026-11-20T10:00:00.000Z',
    });
    await postJson(t.app, '/api/accounts/password-reset/request', { email: member.email });
    const mail = await smtp.waitForMessage(member.email, 'Recupera tu contraseña');
    const token = decodeURIComponent(/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail.text)![1]!);
    const check = await postJson(t.app, '/api/accounts/password-reset/check', { token });
    expect(check.json()).toEqual({
      ok: true,
      passkeys: [{ name: 'Llave de otro', created_at: '2026-11-20T10:00:00.000Z' }],
    });
    const reset = await postJson(t.app, '/api/accounts/password-reset', {
      token,
      password: 'clave-nueva-de-rosa',
      remove_passkeys: true,
    });
    expect(reset.statusCode).toBe(200);
    expect(await t.db.select().from(passkeys).where(eq(passkeys.user_id, member.id))).toEqual([]);
  });
});

describe('sign-in codes and passkey options are limited', () => {
  it('emails at most a few sign-in codes an hour to one account', async () => {
    const t = await createTestApp(withMail());
    for (let i = 0; i < EMAIL_CODE_SENDS_PER_HOUR; i++) {
      const res = await postJson(t.app, '/api/auth/login', ADMIN);
      expect(res.json()).toMatchObject({ second_step: { factors: ['email'] } });
    }
    const refused = await postJson(t.app, '/api/auth/login', ADMIN);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: T.tooManyEmailCodes });
  });

  it('limits the public passkey options per address', async () => {
    const t = await createTestApp({ appUrl: APP_URL });
    for (let i = 0; i < PASSKEY_OPTIONS_PER_IP; i++) {
      const res = await postJson(t.app, '/api/auth/passkey/options', undefined, {
        remoteAddress: '10.7.7.7',
      });
      expect(res.statusCode).toBe(200);
    }
    expect(
      (await postJson(t.app, '/api/auth/passkey/options', undefined, { remoteAddress: '10.7.7.7' }))
        .statusCode,
    ).toBe(429);
    expect(
      (await postJson(t.app, '/api/auth/passkey/options', undefined, { remoteAddress: '10.7.7.8' }))
        .statusCode,
    ).toBe(200);
  });
});

describe('a role that must use a second factor', () => {
  it('proves the mailbox with an emailed code before the password sets up the app', async () => {
    const t = await createTestApp(withMail());
    const [vip] = await t.db.select().from(roles).where(eq(roles.name, 'vip'));
    const member = await addUser(t.db, { email: 'vip@example.com', role: 'vip' });
    const admin = await signInWithEmailCode(t.app, ADMIN.email, ADMIN.password, smtp);
    expect(
      (await put(t, '/api/admin/two-factor', admin, { require_admins: false, required_role_ids: [vip!.id] }))
        .statusCode,
    ).toBe(200);
    const res = await postJson(t.app, '/api/auth/login', { email: member.email, password: member.password });
    expect(res.json()).toMatchObject({ second_step: { factors: ['email'], setup_required: true } });
    const stepCookie = cookieOf(res, 'second_step')!;
    // The app cannot be set up before the emailed code.
    expect(
      (await postJson(t.app, '/api/auth/second-step/totp/setup', {}, { cookie: stepCookie })).statusCode,
    ).toBe(401);
    const verified = await postJson(
      t.app,
      '/api/auth/second-step',
      { method: 'email', code: lastEmailedCode(smtp, member.email) },
      { cookie: stepCookie },
    );
    expect(verified.json()).toMatchObject({ second_step: { setup_required: true } });
  });

  it('applies at once: sessions of the accounts it now covers without a factor end, not the saver’s', async () => {
    const t = await createTestApp();
    const [vip] = await t.db.select().from(roles).where(eq(roles.name, 'vip'));
    const covered = await addUser(t.db, { email: 'vip@example.com', role: 'vip' });
    const other = await addUser(t.db, { email: 'cafe@example.com' });
    const coveredSession = await signIn(t.app, covered.email, covered.password);
    const otherSession = await signIn(t.app, other.email, other.password);
    const admin = await signIn(t.app, ADMIN.email, ADMIN.password);
    const me = (cookie: string) => t.app.inject({ url: '/api/auth/me', headers: { cookie } });
    const saved = await put(t, '/api/admin/two-factor', admin, {
      require_admins: true,
      required_role_ids: [vip!.id],
    });
    expect(saved.statusCode).toBe(200);
    expect((await me(coveredSession)).statusCode).toBe(401);
    expect((await me(otherSession)).statusCode).toBe(200);
    expect((await me(admin)).statusCode).toBe(200);
  });
});

describe('the administrator’s overview', () => {
  it('shows income and paying members only to holders of Estadísticas', async () => {
    const figure = { value: 7, previous: null };
    const service = createOverviewService({
      repo: { accounts: async () => ({ active: 9, pending: 1 }), hasClass: async () => true },
      mailConfigured: true,
      billing: async () => ({ connected: true, plans: 2 }),
      ai: async () => ({ texto: true, redgram: true }),
      community: async () => ({ name: 'Cafelito', logo_url: null }),
      stats: async () =>
        ({
          to: '2026-11-27',
          figures: { paying_members: figure, new_members: figure },
          money: [{ currency: 'eur', mrr: 29_000 }],
        }) as never,
      today: async () =>
        ({
          as_of: '2026-11-28T13:05:00.000Z',
          closes_at: '2026-11-28T23:00:00.000Z',
          active: 2,
          new_members: 1,
        }) as never,
    } as never);
    const staff = await service.overview({ permissions: ['config'] });
    expect(staff.glance).toMatchObject({ members: 9, mrr: [], paying: null });
    const owner = await service.overview({ permissions: ['config', 'estadisticas'] });
    expect(owner.glance).toMatchObject({ mrr: [{ currency: 'eur', amount: 29_000 }], paying: 7 });
  });
});
