import { CSRF_HEADER, CSRF_HEADER_VALUE, ERASURE_MESSAGES, TWO_FACTOR_MESSAGES as T } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  addUser,
  confirmIdentityOn,
  createTestApp,
  lastEmailedCode,
  postJson,
  signIn,
  signInConfirmed,
} from '../../../test/helper';
import { startFakeSmtp, type FakeSmtp } from '../../../test/fakes/smtp';
import type { AppDeps } from '../../app';
import type { Config } from '../../config';
import { roles, sessions, users } from '../../db/schema';
import { auditLog } from '../history/schema';
import { forgetDevicesOfSessions } from './repo';
import { backupCodes, totpFactors } from './schema';

let smtp: FakeSmtp;
beforeAll(async () => {
  smtp = await startFakeSmtp();
});
afterAll(() => smtp?.close());

const START = new Date('2026-11-26T12:00:10.000Z');

/** A clock the test moves: TOTP steps and email-code expiry follow it. */
function testClock() {
  const clock = { current: START, now: () => clock.current };
  return {
    clock,
    advance(ms: number) {
      clock.current = new Date(clock.current.getTime() + ms);
    },
  };
}

const mailConfig = (): Partial<Config> => ({
  mail: { smtpUrl: smtp.url, from: 'Comunidad <no-reply@example.com>', outboxDir: undefined },
});

async function setup(overrides: Partial<Config> = {}, deps: AppDeps = {}) {
  const time = testClock();
  const test = await createTestApp(overrides, { clock: time.clock, ...deps });
  return { ...test, ...time };
}

const codeAt = (secret: string, date: Date, offsetSteps = 0): string =>
  TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: date.getTime() + offsetSteps * 30_000,
  });

const cookieOf = (res: LightMyRequestResponse, name: string): string | undefined => {
  const found = res.cookies.find((c) => c.name === name && c.value !== '');
  return found && `${name}=${found.value}`;
};

const login = (
  app: FastifyInstance,
  account: { email: string; password: string },
  cookie?: string,
  ip?: string,
) =>
  postJson(
    app,
    '/api/auth/login',
    { email: account.email, password: account.password },
    { cookie, remoteAddress: ip },
  );

const step = (app: FastifyInstance, cookie: string, method: string, code: string, ip?: string) =>
  postJson(app, '/api/auth/second-step', { method, code }, { cookie, remoteAddress: ip });

const get = (app: FastifyInstance, url: string, cookie?: string) =>
  app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** Turns the app on for a signed-in account; returns its secret and backup codes. */
async function enableTotp(app: FastifyInstance, cookie: string, now: Date) {
  const started = await postJson(app, '/api/account/two-factor/totp/setup', {}, { cookie });
  expect(started.statusCode).toBe(200);
  const { secret, uri, qr_svg } = started.json<{ secret: string; uri: string; qr_svg: string }>();
  expect(uri).toContain('otpauth://totp/');
  expect(uri).toContain('issuer=Comunidad');
  expect(qr_svg).toContain('<svg');
  const confirmed = await postJson(
    app,
    '/api/account/two-factor/totp/confirm',
    { code: codeAt(secret, now) },
    { cookie },
  );
  expect(confirmed.statusCode).toBe(200);
  return { secret, backupCodes: confirmed.json<{ backup_codes: string[] }>().backup_codes };
}

async function memberWithTotp(t: Awaited<ReturnType<typeof setup>>, email = 'ana@example.com') {
  const member = await addUser(t.db, { email });
  const cookie = await signInConfirmed(t.app, member.email, member.password);
  const totp = await enableTotp(t.app, cookie, t.clock.now());
  // The confirming code's step is spent: the next sign-in uses the next step.
  t.advance(30_000);
  return { member, cookie, ...totp };
}

describe('the second step of sign-in', () => {
  it('opens no session: every route but the second step refuses its token', async () => {
    const { app } = await setup({ requireAdmin2faOnNewInstall: true });
    const res = await login(app, ADMIN);
    expect(res.json()).toMatchObject({ second_step: { factors: [], setup_required: true } });
    expect(cookieOf(res, 'session')).toBeUndefined();
    const token = cookieOf(res, 'second_step')!.split('=')[1]!;

    const guarded = app.apiRoutes.filter((r) => r.access.kind !== 'public');
    expect(guarded.length).toBeGreaterThan(40);
    for (const r of guarded) {
      const answer = await app.inject({
        method: r.method as 'GET',
        url: r.url.replace(/:[a-z_]+/g, '1'),
        headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE, cookie: `session=${token}; second_step=${token}` },
      });
      expect(answer.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
    // The public routes that take the token are the second step's own; a session cookie is not one.
    const stepRoutes = app.apiRoutes
      .filter((r) => r.url.startsWith('/api/auth/second-step'))
      .map((r) => r.url);
    expect(stepRoutes.sort()).toEqual([
      '/api/auth/second-step',
      '/api/auth/second-step/email/resend',
      '/api/auth/second-step/passkey',
      '/api/auth/second-step/totp/confirm',
      '/api/auth/second-step/totp/setup',
    ]);
    const asSession = await postJson(
      app,
      '/api/auth/second-step/totp/setup',
      {},
      { cookie: `session=${token}` },
    );
    expect(asSession.statusCode).toBe(401);
    expect(asSession.json()).toEqual({ error: T.stepExpired });
  });

  it('leads an account that must have a second factor to set one up before anything else', async () => {
    const t = await setup({ requireAdmin2faOnNewInstall: true });
    const res = await login(t.app, ADMIN);
    const stepCookie = cookieOf(res, 'second_step')!;
    // A code cannot skip the set-up.
    expect((await step(t.app, stepCookie, 'totp', '123456')).statusCode).toBe(400);
    const started = await postJson(t.app, '/api/auth/second-step/totp/setup', {}, { cookie: stepCookie });
    const { secret } = started.json<{ secret: string }>();
    const done = await postJson(
      t.app,
      '/api/auth/second-step/totp/confirm',
      { code: codeAt(secret, t.clock.now()) },
      { cookie: stepCookie },
    );
    expect(done.statusCode).toBe(200);
    expect(done.json<{ backup_codes: string[] }>().backup_codes).toHaveLength(10);
    const session = cookieOf(done, 'session')!;
    expect((await get(t.app, '/api/auth/me', session)).statusCode).toBe(200);
    // The token did its job once.
    expect(
      (await postJson(t.app, '/api/auth/second-step/totp/setup', {}, { cookie: stepCookie })).statusCode,
    ).toBe(401);
    t.advance(30_000);
    expect((await login(t.app, ADMIN)).json()).toMatchObject({
      second_step: { factors: ['totp', 'backup'] },
    });
  });

  it('accepts a code one step either side of now, and each step once', async () => {
    const t = await setup();
    const { member, secret } = await memberWithTotp(t);
    t.advance(60_000);
    const now = t.clock.now();
    const first = cookieOf(await login(t.app, member), 'second_step')!;
    expect((await step(t.app, first, 'totp', codeAt(secret, now, -2))).json()).toEqual({
      error: T.invalidCode,
      field: 'code',
    });
    expect((await step(t.app, first, 'totp', codeAt(secret, now, 2))).statusCode).toBe(400);
    const accepted = await step(t.app, first, 'totp', codeAt(secret, now, -1));
    expect(accepted.statusCode).toBe(200);
    expect(cookieOf(accepted, 'session')).toBeDefined();

    // The same code again, on a new sign-in: refused (replay), as is any older step.
    const second = cookieOf(await login(t.app, member), 'second_step')!;
    expect((await step(t.app, second, 'totp', codeAt(secret, now, -1))).json()).toEqual({
      error: T.codeUsed,
      field: 'code',
    });
    expect((await step(t.app, second, 'totp', codeAt(secret, now, 1))).statusCode).toBe(200);
    const third = cookieOf(await login(t.app, member), 'second_step')!;
    expect((await step(t.app, third, 'totp', codeAt(secret, now, 0))).statusCode).toBe(400);
  });

  it('takes each backup code once', async () => {
    const t = await setup();
    const { member, backupCodes: codes } = await memberWithTotp(t);
    const first = cookieOf(await login(t.app, member), 'second_step')!;
    expect((await step(t.app, first, 'backup', codes[0]!.toUpperCase())).statusCode).toBe(200);
    const second = cookieOf(await login(t.app, member), 'second_step')!;
    expect((await step(t.app, second, 'backup', codes[0]!)).statusCode).toBe(400);
    expect((await step(t.app, second, 'backup', codes[1]!)).statusCode).toBe(200);
    const left = await t.db.select().from(backupCodes).where(eq(backupCodes.user_id, member.id));
    expect(left.filter((row) => row.used_at === null)).toHaveLength(8);
  });

  it('limits second-step tries per account', async () => {
    const t = await setup();
    const { member, secret } = await memberWithTotp(t);
    const cookie = cookieOf(await login(t.app, member), 'second_step')!;
    for (let i = 0; i < 10; i++) expect((await step(t.app, cookie, 'totp', '000000')).statusCode).toBe(400);
    const refused = await step(t.app, cookie, 'totp', codeAt(secret, t.clock.now()));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('limits second-step tries per IP, across accounts', async () => {
    const t = await setup({}, { secondStepLimits: { perAccount: 100, perIp: 3, windowSeconds: 900 } });
    const a = await memberWithTotp(t, 'a@example.com');
    const b = await memberWithTotp(t, 'b@example.com');
    const ip = '203.0.113.7';
    const cookieA = cookieOf(await login(t.app, a.member, undefined, ip), 'second_step')!;
    for (let i = 0; i < 3; i++)
      expect((await step(t.app, cookieA, 'totp', '000000', ip)).statusCode).toBe(400);
    const cookieB = cookieOf(await login(t.app, b.member, undefined, ip), 'second_step')!;
    expect((await step(t.app, cookieB, 'totp', codeAt(b.secret, t.clock.now()), ip)).statusCode).toBe(429);
    expect(
      (await step(t.app, cookieB, 'totp', codeAt(b.secret, t.clock.now()), '198.51.100.2')).statusCode,
    ).toBe(200);
  });
});

describe('turning the app on and off', () => {
  it('ends the account’s other sessions and emails the account', async () => {
    const t = await setup(mailConfig());
    const member = await addUser(t.db, { email: 'dos@example.com' });
    const here = await signInConfirmed(t.app, member.email, member.password);
    const elsewhere = await signIn(t.app, member.email, member.password);
    await enableTotp(t.app, here, t.clock.now());
    expect((await get(t.app, '/api/auth/me', here)).statusCode).toBe(200);
    expect((await get(t.app, '/api/auth/me', elsewhere)).statusCode).toBe(401);
    const mail = await smtp.waitForMessage(member.email, 'Has activado la verificación en dos pasos');
    expect(mail.text).toContain('hemos cerrado las sesiones');
    const status = (await get(t.app, '/api/account/two-factor', here)).json();
    expect(status).toEqual({
      totp: true,
      backup_codes_left: 10,
      required: false,
      factors: ['totp', 'backup'],
    });
  });

  it('renews backup codes with the password, and turns off with the password and a code', async () => {
    const t = await setup(mailConfig());
    const { member, cookie, backupCodes: old, secret } = await memberWithTotp(t, 'tres@example.com');
    const wrong = await postJson(
      t.app,
      '/api/account/two-factor/backup-codes',
      { password: 'no' },
      { cookie },
    );
    expect(wrong.json()).toEqual({ error: T.wrongPassword, field: 'password' });
    const renewed = await postJson(
      t.app,
      '/api/account/two-factor/backup-codes',
      { password: member.password },
      { cookie },
    );
    const fresh = renewed.json<{ backup_codes: string[] }>().backup_codes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(old[0]);
    await smtp.waitForMessage(member.email, 'Tienes códigos de recuperación nuevos');

    const disable = (code: string) =>
      postJson(
        t.app,
        '/api/account/two-factor/totp/disable',
        { password: member.password, code },
        { cookie },
      );
    expect((await disable(old[0]!)).statusCode).toBe(400);
    expect((await disable(codeAt(secret, t.clock.now()))).statusCode).toBe(200);
    await smtp.waitForMessage(member.email, 'Has desactivado la verificación en dos pasos');
    expect(cookieOf(await login(t.app, member), 'session')).toBeDefined();
    expect(await t.db.select().from(backupCodes).where(eq(backupCodes.user_id, member.id))).toEqual([]);
  });
});

describe('sensitive actions of an account with the app on', () => {
  it('asks for a code after the password before erasing the account', async () => {
    const t = await setup();
    const { member, cookie, secret } = await memberWithTotp(t, 'borrar@example.com');
    const mine = await get(t.app, '/api/accounts/erasure', cookie);
    expect(mine.json()).toMatchObject({ code_required: true });

    const passwordOnly = await postJson(
      t.app,
      '/api/accounts/erasure',
      { password: member.password },
      { cookie },
    );
    expect(passwordOnly.statusCode).toBe(400);
    expect(passwordOnly.json()).toMatchObject({ error: ERASURE_MESSAGES.codeRequired, field: 'code' });
    const wrongCode = await postJson(
      t.app,
      '/api/accounts/erasure',
      { password: member.password, code: '000000' },
      { cookie },
    );
    expect(wrongCode.statusCode).toBe(400);
    expect((await get(t.app, '/api/auth/me', cookie)).statusCode).toBe(200);

    const erased = await postJson(
      t.app,
      '/api/accounts/erasure',
      { password: member.password, code: codeAt(secret, t.clock.now()) },
      { cookie },
    );
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.id, member.id))).toEqual([]);
  });
});

describe('an administrator’s new device', () => {
  it('gets a 6-digit code by email that is used once', async () => {
    const t = await setup(mailConfig());
    const res = await login(t.app, ADMIN);
    expect(res.json()).toMatchObject({
      second_step: { factors: ['email'], email_sent_to: 'a***@example.com' },
    });
    const code = lastEmailedCode(smtp, ADMIN.email);
    const cookie = cookieOf(res, 'second_step')!;
    const done = await step(t.app, cookie, 'email', `${code.slice(0, 3)} ${code.slice(3)}`);
    expect(done.statusCode).toBe(200);
    expect(cookieOf(done, 'session')).toBeDefined();
    expect(cookieOf(done, 'trusted_device')).toBeDefined();
    expect((await step(t.app, cookie, 'email', code)).json()).toEqual({ error: T.stepExpired });
  });

  it('allows five tries of the code', async () => {
    const t = await setup(mailConfig());
    const cookie = cookieOf(await login(t.app, ADMIN), 'second_step')!;
    const code = lastEmailedCode(smtp, ADMIN.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await step(t.app, cookie, 'email', wrong)).statusCode).toBe(400);
    expect((await step(t.app, cookie, 'email', code)).json()).toEqual({ error: T.emailCodeTries });
  });

  it('resends a new code at most once a minute; the new one works and the old one no longer does', async () => {
    const t = await setup(mailConfig());
    const cookie = cookieOf(await login(t.app, ADMIN), 'second_step')!;
    const first = lastEmailedCode(smtp, ADMIN.email);
    const resend = () => postJson(t.app, '/api/auth/second-step/email/resend', {}, { cookie });
    const early = await resend();
    expect([early.statusCode, early.json()]).toEqual([429, { error: T.resendWait }]);
    t.advance(61_000);
    const sent = await resend();
    expect([sent.statusCode, sent.json()]).toEqual([200, { ok: true }]);
    const second = lastEmailedCode(smtp, ADMIN.email);
    expect((await resend()).statusCode).toBe(429);
    if (second !== first) expect((await step(t.app, cookie, 'email', first)).statusCode).toBe(400);
    expect((await step(t.app, cookie, 'email', second)).statusCode).toBe(200);
  });

  it('refuses a resend to a sign-in that has no emailed code', async () => {
    const t = await setup(mailConfig());
    const res = await postJson(
      t.app,
      '/api/auth/second-step/email/resend',
      {},
      { cookie: 'second_step=not-a-real-step' },
    );
    expect(res.statusCode).toBe(401);
  });

  it('lets the code expire after ten minutes', async () => {
    const t = await setup(mailConfig());
    const cookie = cookieOf(await login(t.app, ADMIN), 'second_step')!;
    const code = lastEmailedCode(smtp, ADMIN.email);
    t.advance(10 * 60_000 + 1_000);
    const late = await step(t.app, cookie, 'email', code);
    expect(late.statusCode).toBe(401);
  });

  it('remembers the verified device for 30 days, forgets it when its session ends', async () => {
    const t = await setup(mailConfig());
    const first = await login(t.app, ADMIN);
    const verified = await step(
      t.app,
      cookieOf(first, 'second_step')!,
      'email',
      lastEmailedCode(smtp, ADMIN.email),
    );
    const device = cookieOf(verified, 'trusted_device')!;
    const again = await login(t.app, ADMIN, device);
    expect(cookieOf(again, 'session')).toBeDefined();

    // Its session ended from the sessions list: the device is asked again.
    const sids = (await t.db.select({ id: sessions.id }).from(sessions)).map((s) => s.id);
    expect(sids.length).toBeGreaterThan(0);
    await t.database.transaction((tx) => forgetDevicesOfSessions(tx, sids));
    expect((await login(t.app, ADMIN, device)).json()).toMatchObject({ second_step: { factors: ['email'] } });

    // Verified again, then the password changes.
    const renewed = await login(t.app, ADMIN);
    const device2 = cookieOf(
      await step(t.app, cookieOf(renewed, 'second_step')!, 'email', lastEmailedCode(smtp, ADMIN.email)),
      'trusted_device',
    )!;
    expect(cookieOf(await login(t.app, ADMIN, device2), 'session')).toBeDefined();
    t.advance(31 * 24 * 60 * 60_000);
    expect((await login(t.app, ADMIN, device2)).json()).toMatchObject({
      second_step: { factors: ['email'] },
    });
  });

  it('forgets a verified device once the password changes (the account epoch moved)', async () => {
    const t = await setup(mailConfig());
    const third = await login(t.app, ADMIN);
    const verified = await step(
      t.app,
      cookieOf(third, 'second_step')!,
      'email',
      lastEmailedCode(smtp, ADMIN.email),
    );
    const device3 = cookieOf(verified, 'trusted_device')!;
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/accounts/profile',
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE, cookie: cookieOf(verified, 'session')! },
      payload: {
        username: 'admin',
        email: ADMIN.email,
        phone: '',
        password: 'una-clave-nueva',
        current_password: ADMIN.password,
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await login(t.app, { email: ADMIN.email, password: 'una-clave-nueva' }, device3);
    expect(after.json()).toMatchObject({ second_step: { factors: ['email'] } });
  });

  it('asks an administrator with an app for its code, and emails the new device', async () => {
    const t = await setup(mailConfig());
    const session = cookieOf(
      await step(
        t.app,
        cookieOf(await login(t.app, ADMIN), 'second_step')!,
        'email',
        lastEmailedCode(smtp, ADMIN.email),
      ),
      'session',
    )!;
    await confirmIdentityOn(t.app, session, ADMIN.password);
    const { secret } = await enableTotp(t.app, session, t.clock.now());
    t.advance(30_000);
    const before = smtp.messages().length;
    const res = await login(t.app, ADMIN);
    expect(res.json()).toMatchObject({ second_step: { factors: ['totp', 'backup'], email_sent_to: null } });
    expect(smtp.messages().length).toBe(before);
    const done = await step(t.app, cookieOf(res, 'second_step')!, 'totp', codeAt(secret, t.clock.now()));
    expect(done.statusCode).toBe(200);
    await smtp.waitForMessage(ADMIN.email, 'Nuevo inicio de sesión en tu cuenta');
  });

  it('without mail settings, lets the administrator in and says so in the log and the admin area', async () => {
    const lines: string[] = [];
    const t = await setup({ logLevel: 'warn' }, { readableLog: { write: (line) => void lines.push(line) } });
    const res = await login(t.app, ADMIN);
    const session = cookieOf(res, 'session');
    expect(session).toBeDefined();
    expect(lines.join('\n')).toContain('SMTP_URL');
    const rules = await get(t.app, '/api/admin/two-factor', session);
    expect(rules.json()).toMatchObject({ mail_configured: false });
  });
});

describe('the community’s rules and resets', () => {
  it('requires a second factor of a role, recorded in Historial', async () => {
    const t = await setup();
    const admin = await signIn(t.app, ADMIN.email, ADMIN.password);
    const [vip] = await t.db.select().from(roles).where(eq(roles.name, 'vip'));
    const put = (body: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/two-factor',
        payload: body as object,
        headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE, cookie: admin },
      });
    expect((await put({ require_admins: false, required_role_ids: [9999] })).statusCode).toBe(400);
    const saved = await put({ require_admins: true, required_role_ids: [vip!.id] });
    expect(saved.json()).toEqual({
      require_admins: true,
      required_role_ids: [vip!.id],
      mail_configured: false,
    });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.kind, 'two_factor.rules'));
    expect(JSON.parse(entry!.summary)).toEqual({
      changes: [
        { field: 'require_admins', before: 'No', after: 'Sí' },
        { field: 'required_roles', before: null, after: 'vip' },
      ],
    });
    const member = await addUser(t.db, { email: 'vip@example.com', role: 'vip' });
    expect((await login(t.app, member)).json()).toMatchObject({ second_step: { setup_required: true } });
    const other = await addUser(t.db, { email: 'cafe@example.com' });
    expect(cookieOf(await login(t.app, other), 'session')).toBeDefined();
  });

  it('an administrator resets a member’s second factor: Historial, and the member is emailed', async () => {
    const t = await setup(mailConfig());
    const { member } = await memberWithTotp(t, 'perdido@example.com');
    const adminRes = await login(t.app, ADMIN);
    const admin = cookieOf(
      await step(t.app, cookieOf(adminRes, 'second_step')!, 'email', lastEmailedCode(smtp, ADMIN.email)),
      'session',
    )!;
    const reset = await postJson(
      t.app,
      `/api/admin/users/${member.id}/two-factor-reset`,
      {},
      { cookie: admin },
    );
    expect(reset.statusCode).toBe(200);
    expect(
      (await postJson(t.app, '/api/admin/users/99999/two-factor-reset', {}, { cookie: admin })).statusCode,
    ).toBe(404);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'user.two_factor_reset'), eq(auditLog.entity_id, member.id)));
    expect(entry).toMatchObject({ actor_name: 'admin', entity_label: 'perdido' });
    await smtp.waitForMessage(member.email, 'Se ha restablecido tu verificación en dos pasos');
    expect(cookieOf(await login(t.app, member), 'session')).toBeDefined();
    expect(await t.db.select().from(totpFactors).where(eq(totpFactors.user_id, member.id))).toEqual([]);
  });
});
