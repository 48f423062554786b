import { ACCOUNT_MESSAGES, MESSAGES, SessionUser, USERNAME_MESSAGES } from '@app/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startFakeSmtp, type FakeSmtp } from '../../../test/fakes/smtp';
import { ADMIN, addUser, createTestApp, csrf, postJson, signIn, credentials } from '../../../test/helper';
import { loadConfig } from '../../config';
import { users } from '../../db/schema';
import { createMailer } from '../../integrations/mailer';
import { passwordResetTokens } from './schema';

const APP_URL = 'https://miembros.example.com';
const quiet = { info: () => undefined };
const memoryMailer = () =>
  createMailer({ smtpUrl: undefined, from: 'Test <t@example.com>', outboxDir: undefined }, quiet);

const NEW_MEMBER = {
  username: 'nuevo',
  email: 'nuevo@example.com',
  phone: '+34 600 000 000',
  password: 'secreto-nuevo',
};

const me = (app: FastifyInstance, cookie: string) =>
  app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });

const putProfile = (app: FastifyInstance, cookie: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'PUT', url: '/api/accounts/profile', payload, headers: { ...csrf, cookie } });

const sessionCookie = (res: { cookies: { name: string; value: string }[] }) => {
  const value = res.cookies.find((c) => c.name === 'session')?.value;
  return value ? `session=${value}` : undefined;
};

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';
/** The recovery email leaves after the answer (its request never waits on mail): wait for the `count`th. */
async function sentMail(mailer: { kept: readonly { to: string; link?: string }[] }, count: number) {
  await vi.waitFor(() => expect(mailer.kept).toHaveLength(count));
  return mailer.kept;
}

const linkIn = (text: string) => /https?:\/\/\S+\/reset-password\?token=[\w%-]+/.exec(text)?.[0] ?? '';

const smtps: FakeSmtp[] = [];
afterEach(async () => {
  await Promise.all(smtps.splice(0).map((smtp) => smtp.close()));
});

async function withSmtp(now?: () => Date) {
  const smtp = await startFakeSmtp();
  smtps.push(smtp);
  const { app, db } = await createTestApp(
    {
      appUrl: APP_URL,
      mail: { smtpUrl: smtp.url, from: 'Comunidad <no-reply@example.com>', outboxDir: undefined },
    },
    now ? { clock: { now } } : {},
  );
  return { app, db, smtp };
}

describe('POST /api/accounts/register', () => {
  it('creates an inactive cafeinas account with an argon2id hash that cannot sign in yet', async () => {
    const { app, db } = await createTestApp();
    const res = await postJson(app, '/api/accounts/register', NEW_MEMBER);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(res.cookies).toHaveLength(0);

    const row = (await db.select().from(users).where(eq(users.email, NEW_MEMBER.email)))[0];
    expect(row).toMatchObject({ username: 'nuevo', phone: '+34 600 000 000', role_id: 3, is_active: false });
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    expect(row?.password_hash).not.toContain(NEW_MEMBER.password);

    const login = await postJson(app, '/api/auth/login', credentials(NEW_MEMBER));
    expect(login.statusCode).toBe(403);
    expect(login.json().error).toBe(MESSAGES.inactiveAccount);
  });

  it('refuses a role, an active flag or an id sent by the visitor, creating nothing', async () => {
    const { app, db } = await createTestApp();
    const res = await postJson(app, '/api/accounts/register', {
      ...NEW_MEMBER,
      id: 1,
      role_id: 1,
      role: 'admin',
      is_active: 1,
      action: 'register',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Campos no permitidos: id, role_id, role, is_active, action' });
    expect(await db.select().from(users).where(eq(users.email, NEW_MEMBER.email))).toEqual([]);
  });

  it('refuses a taken email, even in another case, under the email field', async () => {
    const { app, db } = await createTestApp();
    await addUser(db, { email: 'ana@example.com', username: 'ana' });
    const res = await postJson(app, '/api/accounts/register', { ...NEW_MEMBER, email: ' ANA@Example.com ' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: ACCOUNT_MESSAGES.emailTaken, field: 'email' });
  });

  it('refuses a taken username, even in another case, under the username field', async () => {
    const { app, db } = await createTestApp();
    await addUser(db, { email: 'ana@example.com', username: 'Ana' });
    const res = await postJson(app, '/api/accounts/register', { ...NEW_MEMBER, username: 'aNA' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: ACCOUNT_MESSAGES.usernameTaken, field: 'username' });
    const count = (await db.select({ n: sql<number>`count(*)` }).from(users))[0];
    expect(count?.n).toBe(2);
  });

  it('refuses a username that looks like an existing one (issue 35: confusable skeleton)', async () => {
    const { app, db } = await createTestApp();
    await addUser(db, { email: 'ace@example.com', username: 'ace' });
    // The first administrator is "admin"; Cyrillic "асе" reads as "ace"; "rn" reads as "m".
    for (const username of ['adm\u0131n', 'Adm\u0131n', '\u0430\u0441\u0435', 'adrnin', 'ACE']) {
      const res = await postJson(app, '/api/accounts/register', { ...NEW_MEMBER, username });
      expect(res.statusCode, username).toBe(409);
      expect(res.json().field).toBe('username');
    }
    const lookalike = await postJson(app, '/api/accounts/register', {
      ...NEW_MEMBER,
      username: 'adm\u0131n',
    });
    expect(lookalike.json().error).toBe(USERNAME_MESSAGES.lookalike);
    // The same name in another case is still "in use", not "looks like".
    const same = await postJson(app, '/api/accounts/register', { ...NEW_MEMBER, username: 'ACE' });
    expect(same.json().error).toBe(ACCOUNT_MESSAGES.usernameTaken);
    const count = (await db.select({ n: sql<number>`count(*)` }).from(users))[0];
    expect(Number(count?.n)).toBe(2);
  });

  it('refuses invisible characters after a name with a Spanish 400 (issue 35)', async () => {
    const { app } = await createTestApp();
    for (const username of ['admin\u3164', 'admin\uffa0', 'admin\u115f', 'admin\ufe0f', 'ad\u2028min']) {
      const res = await postJson(app, '/api/accounts/register', { ...NEW_MEMBER, username });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: USERNAME_MESSAGES.invisible, field: 'username' });
    }
  });

  it('lets one of two look-alike names registered at once through (unique skeleton)', async () => {
    const { app, db } = await createTestApp();
    const answers = await Promise.all(
      ['carol', 'caro1', 'caroI'].map((username, i) =>
        postJson(app, '/api/accounts/register', {
          ...NEW_MEMBER,
          username,
          email: `carol${i}@example.com`,
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409, 409]);
    const rows = await db
      .select({ username: users.username })
      .from(users)
      .where(sql`lower(${users.username}) like 'car%'`);
    expect(rows).toHaveLength(1);
  });

  it('limits registrations per IP address, as many as the operator sets (REGISTER_LIMIT_PER_IP)', async () => {
    const { registerLimitPerIp } = loadConfig({ env: { REGISTER_LIMIT_PER_IP: '2' } });
    const { app } = await createTestApp({ registerLimitPerIp });
    const from = { remoteAddress: '203.0.113.5' };
    for (const n of [1, 2]) {
      const res = await postJson(
        app,
        '/api/accounts/register',
        { ...NEW_MEMBER, username: `u${n}`, email: `u${n}@example.com` },
        from,
      );
      expect(res.statusCode).toBe(200);
    }
    const blocked = await postJson(
      app,
      '/api/accounts/register',
      { ...NEW_MEMBER, username: 'u3', email: 'u3@example.com' },
      from,
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe(ACCOUNT_MESSAGES.tooManyRequests);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const elsewhere = await postJson(
      app,
      '/api/accounts/register',
      { ...NEW_MEMBER, username: 'u4', email: 'u4@example.com' },
      { remoteAddress: '198.51.100.2' },
    );
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe('email confirmation', () => {
  const confirmLinkIn = (text: string) =>
    /https?:\/\/\S+\/confirmar-email\?token=[\w%-]+/.exec(text)?.[0] ?? '';
  const verified = async (db: Awaited<ReturnType<typeof createTestApp>>['db'], email: string) =>
    (await db.select({ v: users.email_verified }).from(users).where(eq(users.email, email)))[0]?.v;

  it('registration emails a link that proves the address; it works once, and not after 7 days', async () => {
    let now = new Date('2026-11-21T10:00:00Z');
    const mailer = memoryMailer();
    const { app, db } = await createTestApp({ appUrl: APP_URL }, { mailer, clock: { now: () => now } });
    expect((await postJson(app, '/api/accounts/register', NEW_MEMBER)).statusCode).toBe(200);
    expect(await verified(db, NEW_MEMBER.email)).toBe(false);
    const mail = await vi.waitFor(() => {
      const found = mailer.kept.find((m) => m.to === NEW_MEMBER.email);
      if (!found) throw new Error('no confirmation email');
      return found;
    });
    expect(mail.subject).toBe('Confirma tu correo electrónico');
    const token = tokenOf(confirmLinkIn(mail.text));
    expect(token).not.toBe('');

    now = new Date('2026-11-28T10:00:01Z');
    const late = await postJson(app, '/api/accounts/email/confirm', { token });
    expect([late.statusCode, late.json()]).toEqual([
      400,
      { error: ACCOUNT_MESSAGES.emailConfirmInvalid, field: 'token' },
    ]);
    now = new Date('2026-11-28T09:59:00Z');
    const res = await postJson(app, '/api/accounts/email/confirm', { token });
    expect([res.statusCode, res.json()]).toEqual([200, { ok: true, email: NEW_MEMBER.email }]);
    expect(await verified(db, NEW_MEMBER.email)).toBe(true);
    expect((await postJson(app, '/api/accounts/email/confirm', { token })).statusCode).toBe(400);
    // Still inactive: an administrator activates the account, confirmed or not.
    const [row] = await db.select().from(users).where(eq(users.email, NEW_MEMBER.email));
    expect(row?.is_active).toBe(false);
  });

  it('an account an administrator made counts as confirmed; following a recovery link confirms one', async () => {
    const mailer = memoryMailer();
    const { app, db } = await createTestApp({ appUrl: APP_URL }, { mailer });
    const member = await addUser(db, { email: 'vale@example.com' });
    expect(await verified(db, member.email)).toBe(true);
    await db.update(users).set({ email_verified: false }).where(eq(users.id, member.id));
    await postJson(app, '/api/accounts/password-reset/request', { email: member.email });
    const token = tokenOf((await sentMail(mailer, 1))[0]?.link ?? '');
    const reset = await postJson(app, '/api/accounts/password-reset', { token, password: 'otra-clave' });
    expect(reset.statusCode).toBe(200);
    expect(await verified(db, member.email)).toBe(true);
  });

  it('the admin list says whether each email is confirmed', async () => {
    const { app } = await createTestApp();
    await postJson(app, '/api/accounts/register', NEW_MEMBER);
    const cookie = await signIn(app, ADMIN.email, ADMIN.password);
    const res = await app.inject({ url: '/api/admin/users', headers: { cookie } });
    const items = res.json<{ items: { email: string; email_verified: boolean }[] }>().items;
    expect(items.map((u) => [u.email, u.email_verified]).sort()).toEqual([
      [ADMIN.email, true],
      [NEW_MEMBER.email, false],
    ]);
  });
});

describe('password recovery', () => {
  it('emails a working single-use link through SMTP, and answers an unknown email the same way', async () => {
    const { app, db, smtp } = await withSmtp();
    const member = await addUser(db, { email: 'eva@example.com', username: 'eva' });
    const laptop = await signIn(app, member.email, member.password);

    const unknown = await postJson(app, '/api/accounts/password-reset/request', {
      email: 'nadie@example.com',
    });
    const known = await postJson(app, '/api/accounts/password-reset/request', { email: ' EVA@example.com' });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({ ok: true });

    const mail = await smtp.waitForMessage('eva@example.com');
    expect(smtp.messages().map((m) => m.to)).toEqual([['eva@example.com']]);
    expect(mail.from).toBe('no-reply@example.com');
    expect(mail.subject).toBe('Recupera tu contraseña');
    expect(mail.text).toContain('Hola, eva');
    const link = linkIn(mail.text);
    expect(link.startsWith(`${APP_URL}/reset-password?token=`)).toBe(true);
    expect(mail.html).toContain(`href="${link}"`);
    const token = tokenOf(link);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(32);

    // Only a hash is stored.
    const stored = await db.select().from(passwordResetTokens);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).not.toContain(token);

    expect((await postJson(app, '/api/accounts/password-reset/check', { token })).statusCode).toBe(200);
    const reset = await postJson(app, '/api/accounts/password-reset', { token, password: 'nueva-clave' });
    expect(reset.statusCode).toBe(200);

    // Every earlier session ended; the old password is gone, the new one works.
    expect((await me(app, laptop)).statusCode).toBe(401);
    expect((await postJson(app, '/api/auth/login', credentials(member))).statusCode).toBe(401);
    expect(
      (await postJson(app, '/api/auth/login', { email: member.email, password: 'nueva-clave' })).statusCode,
    ).toBe(200);

    // The link is spent.
    const again = await postJson(app, '/api/accounts/password-reset', { token, password: 'otra-clave-mas' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: ACCOUNT_MESSAGES.resetTokenInvalid, field: 'token' });
    expect((await postJson(app, '/api/accounts/password-reset/check', { token })).statusCode).toBe(400);
  });

  it('sends nothing for an unknown or inactive account, and at most one email per account per minute', async () => {
    let now = new Date('2026-11-21T10:00:00Z');
    const mailer = memoryMailer();
    const { app, db } = await createTestApp({ appUrl: APP_URL }, { mailer, clock: { now: () => now } });
    await addUser(db, { email: 'eva@example.com' });
    await addUser(db, { email: 'pendiente@example.com', is_active: false });

    for (const email of [
      'nadie@example.com',
      'pendiente@example.com',
      'eva@example.com',
      'eva@example.com',
    ]) {
      const res = await postJson(app, '/api/accounts/password-reset/request', { email });
      expect(res.json()).toEqual({ ok: true });
    }
    expect((await sentMail(mailer, 1)).map((m) => m.to)).toEqual(['eva@example.com']);

    now = new Date('2026-11-21T10:00:59Z');
    await postJson(app, '/api/accounts/password-reset/request', { email: 'eva@example.com' });
    expect(mailer.kept).toHaveLength(1);
    now = new Date('2026-11-21T10:01:01Z');
    await postJson(app, '/api/accounts/password-reset/request', { email: 'eva@example.com' });
    await sentMail(mailer, 2);
  });

  it('replaces an earlier link with the new one', async () => {
    let now = new Date('2026-11-21T10:00:00Z');
    const mailer = memoryMailer();
    const { app, db } = await createTestApp({ appUrl: APP_URL }, { mailer, clock: { now: () => now } });
    await addUser(db, { email: 'eva@example.com' });
    await postJson(app, '/api/accounts/password-reset/request', { email: 'eva@example.com' });
    // Each email leaves after its answer, through the sent-mail log: wait for the first before asking again,
    // or the two may arrive in either order.
    const first = tokenOf((await sentMail(mailer, 1))[0]?.link ?? '');
    now = new Date('2026-11-21T10:05:00Z');
    await postJson(app, '/api/accounts/password-reset/request', { email: 'eva@example.com' });
    const second = tokenOf((await sentMail(mailer, 2))[1]?.link ?? '');
    expect(first).not.toBe(second);
    expect((await postJson(app, '/api/accounts/password-reset/check', { token: first })).statusCode).toBe(
      400,
    );
    const reset = await postJson(app, '/api/accounts/password-reset', {
      token: first,
      password: 'nueva-clave',
    });
    expect(reset.statusCode).toBe(400);
    expect(
      (await postJson(app, '/api/accounts/password-reset', { token: second, password: 'nueva-clave' }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses a link after its 60 minutes', async () => {
    let now = new Date('2026-11-21T10:00:00Z');
    const mailer = memoryMailer();
    const { app, db } = await createTestApp({ appUrl: APP_URL }, { mailer, clock: { now: () => now } });
    const member = await addUser(db, { email: 'eva@example.com' });
    await postJson(app, '/api/accounts/password-reset/request', { email: member.email });
    const token = tokenOf((await sentMail(mailer, 1))[0]?.link ?? '');
    now = new Date('2026-11-21T10:59:00Z');
    expect((await postJson(app, '/api/accounts/password-reset/check', { token })).statusCode).toBe(200);
    now = new Date('2026-11-21T11:00:01Z');
    const res = await postJson(app, '/api/accounts/password-reset', { token, password: 'nueva-clave' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(ACCOUNT_MESSAGES.resetTokenInvalid);
    expect((await postJson(app, '/api/auth/login', credentials(member))).statusCode).toBe(200);
  });

  it('refuses a made-up token and checks the new password like registration does', async () => {
    const mailer = memoryMailer();
    const { app, db } = await createTestApp({ appUrl: APP_URL }, { mailer });
    await addUser(db, { email: 'eva@example.com' });
    const bogus = await postJson(app, '/api/accounts/password-reset', {
      token: 'x'.repeat(43),
      password: 'nueva-clave',
    });
    expect(bogus.json()).toEqual({ error: ACCOUNT_MESSAGES.resetTokenInvalid, field: 'token' });

    await postJson(app, '/api/accounts/password-reset/request', { email: 'eva@example.com' });
    const token = tokenOf((await sentMail(mailer, 1))[0]?.link ?? '');
    const short = await postJson(app, '/api/accounts/password-reset', { token, password: '123' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      error: 'La contraseña debe tener al menos 6 caracteres',
      field: 'password',
    });
  });

  it.each([
    ['', ACCOUNT_MESSAGES.recoveryEmailRequired],
    ['no-es-un-correo', ACCOUNT_MESSAGES.recoveryEmailInvalid],
  ])('answers %j with the spec message', async (email, message) => {
    const { app } = await createTestApp();
    const res = await postJson(app, '/api/accounts/password-reset/request', { email });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, field: 'email' });
  });

  it('limits recovery requests per IP address, as many as the operator sets (RECOVERY_LIMIT_PER_IP)', async () => {
    const { recoveryLimitPerIp } = loadConfig({ env: { RECOVERY_LIMIT_PER_IP: '2' } });
    const { app } = await createTestApp({ recoveryLimitPerIp }, { mailer: memoryMailer() });
    const from = { remoteAddress: '203.0.113.9' };
    for (const n of [1, 2]) {
      expect(
        (await postJson(app, '/api/accounts/password-reset/request', { email: `x${n}@example.com` }, from))
          .statusCode,
      ).toBe(200);
    }
    const blocked = await postJson(
      app,
      '/api/accounts/password-reset/request',
      { email: 'x3@example.com' },
      from,
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe(ACCOUNT_MESSAGES.tooManyRequests);
  });

  it('answers at once even when the mail server cannot be reached', async () => {
    const smtp = await startFakeSmtp();
    const deadUrl = smtp.url;
    await smtp.close();
    const { app, db } = await createTestApp({
      appUrl: APP_URL,
      mail: { smtpUrl: deadUrl, from: 'Comunidad <no-reply@example.com>', outboxDir: undefined },
    });
    await addUser(db, { email: 'eva@example.com' });
    const res = await postJson(app, '/api/accounts/password-reset/request', { email: 'eva@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });
});

describe('PUT /api/accounts/profile', () => {
  it('updates the signed-in member and answers the refreshed session user', async () => {
    const mailer = memoryMailer();
    const { app, db } = await createTestApp({ appUrl: APP_URL }, { mailer });
    const member = await addUser(db, { email: 'eva@example.com', username: 'eva' });
    const cookie = await signIn(app, member.email, member.password);
    const res = await putProfile(app, cookie, {
      username: 'Eva María',
      email: 'Eva.Maria@Example.com',
      phone: ' 612 345 678 ',
      password: '',
      current_password: member.password,
    });
    expect(res.statusCode).toBe(200);
    const { pending_email: pending, ...answer } = res.json<SessionUser & { pending_email: string | null }>();
    const user = SessionUser.parse(answer);
    // The new email waits for its link: the account keeps the old one meanwhile.
    expect(pending).toBe('eva.maria@example.com');
    expect(user).toMatchObject({
      id: member.id,
      username: 'Eva María',
      email: 'eva@example.com',
      phone: '612 345 678',
      role: 'cafeinas',
      role_id: 3,
      permissions: ['cafelito-virtual'],
    });
    expect((await me(app, cookie)).json()).toMatchObject({ username: 'Eva María', email: 'eva@example.com' });
    await vi.waitFor(() => expect(mailer.kept).toHaveLength(2));
    const notice = mailer.kept.find((m) => m.to === 'eva@example.com');
    expect(notice?.subject).toBe('Se ha pedido cambiar el correo de tu cuenta');
    expect(notice?.text).toContain('eva.maria@example.com');
    const confirmation = mailer.kept.find((m) => m.to === 'eva.maria@example.com');
    expect(confirmation?.subject).toBe('Confirma tu correo electrónico');
    const token = new URL(confirmation?.link ?? '').searchParams.get('token') ?? '';
    const confirmed = await postJson(app, '/api/accounts/email/confirm', { token });
    expect(confirmed.json()).toEqual({ ok: true, email: 'eva.maria@example.com' });
    expect((await me(app, cookie)).json()).toMatchObject({ email: 'eva.maria@example.com' });

    // Blank password: the old one still works.
    expect(
      (await postJson(app, '/api/auth/login', { email: 'eva.maria@example.com', password: member.password }))
        .statusCode,
    ).toBe(200);

    // A blank phone removes it.
    const noPhone = await putProfile(app, cookie, {
      username: 'Eva María',
      email: 'eva.maria@example.com',
      phone: '',
    });
    expect(noPhone.json().phone).toBeNull();
  });

  it('a new email nobody confirmed captures nothing: another account may still take it', async () => {
    const mailer = memoryMailer();
    const { app, db } = await createTestApp({ appUrl: APP_URL }, { mailer });
    const squatter = await addUser(db, { email: 'okupa@example.com', username: 'okupa' });
    const cookie = await signIn(app, squatter.email, squatter.password);
    const res = await putProfile(app, cookie, {
      username: 'okupa',
      email: 'libre@example.com',
      phone: '',
      password: '',
      current_password: squatter.password,
    });
    expect(res.statusCode).toBe(200);
    const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, squatter.id));
    expect(row?.email).toBe('okupa@example.com');
    // The real owner registers with it; the squatter's link then finds it taken.
    expect(
      (await postJson(app, '/api/accounts/register', { ...NEW_MEMBER, email: 'libre@example.com' }))
        .statusCode,
    ).toBe(200);
    const link = mailer.kept.find(
      (m) => m.to === 'libre@example.com' && m.text.includes('nueva dirección'),
    )?.link;
    const taken = await postJson(app, '/api/accounts/email/confirm', {
      token: new URL(link ?? '').searchParams.get('token') ?? '',
    });
    expect([taken.statusCode, taken.json()]).toEqual([
      409,
      { error: ACCOUNT_MESSAGES.emailTakenByOther, field: 'email' },
    ]);
  });

  it('edits only the signed-in account and never its role or active flag', async () => {
    const { app, db } = await createTestApp();
    const member = await addUser(db, { email: 'eva@example.com', username: 'eva' });
    const other = await addUser(db, { email: 'otro@example.com', username: 'otro' });
    const cookie = await signIn(app, member.email, member.password);
    const fields = { username: 'eva2', email: 'eva@example.com', phone: '' };
    const before = await db.select().from(users);
    const refused = await putProfile(app, cookie, {
      ...fields,
      id: other.id,
      user_id: other.id,
      role_id: 1,
      role: 'admin',
      is_active: false,
      permissions: ['config'],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error: 'Campos no permitidos: id, user_id, role_id, role, is_active, permissions',
    });
    expect(await db.select().from(users)).toEqual(before);

    const res = await putProfile(app, cookie, fields);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: member.id,
      role: 'cafeinas',
      role_id: 3,
      permissions: ['cafelito-virtual'],
    });
    const rows = await db.select().from(users);
    expect(rows.find((u) => u.id === member.id)).toMatchObject({
      username: 'eva2',
      role_id: 3,
      is_active: true,
    });
    expect(rows.find((u) => u.id === other.id)).toMatchObject({
      username: 'otro',
      email: 'otro@example.com',
    });
    expect((await me(app, cookie)).statusCode).toBe(200);
  });

  it('asks for the current password to change the password or the email, limited like logins', async () => {
    const { app, db } = await createTestApp();
    const member = await addUser(db, { email: 'eva@example.com', username: 'eva' });
    const cookie = await signIn(app, member.email, member.password);
    const base = { username: 'eva', email: member.email, phone: '' };
    for (const change of [{ password: 'clave-nueva' }, { email: 'nueva@example.com' }]) {
      const missing = await putProfile(app, cookie, { ...base, ...change });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({
        error: ACCOUNT_MESSAGES.currentPasswordRequired,
        field: 'current_password',
      });
      const wrong = await putProfile(app, cookie, { ...base, ...change, current_password: 'no-es-esta' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({
        error: ACCOUNT_MESSAGES.currentPasswordWrong,
        field: 'current_password',
      });
    }
    // Nothing changed: the old password and email still sign in.
    expect((await postJson(app, '/api/auth/login', credentials(member))).statusCode).toBe(200);
    // Other fields need no password.
    expect((await putProfile(app, cookie, { ...base, username: 'eva2' })).statusCode).toBe(200);
    // Two wrong tries so far; three more spend the budget of five, then even the right one waits.
    for (let i = 0; i < 3; i++) {
      const wrong = await putProfile(app, cookie, {
        ...base,
        password: 'clave-nueva',
        current_password: 'x',
      });
      expect(wrong.statusCode).toBe(400);
    }
    const locked = await putProfile(app, cookie, {
      ...base,
      password: 'clave-nueva',
      current_password: member.password,
    });
    expect(locked.statusCode).toBe(429);
  });

  it('changes the password, ends the other sessions and keeps this one signed in', async () => {
    const { app, db } = await createTestApp();
    const member = await addUser(db, { email: 'eva@example.com', username: 'eva' });
    const phone = await signIn(app, member.email, member.password);
    const laptop = await signIn(app, member.email, member.password);
    const res = await putProfile(app, laptop, {
      username: 'eva',
      email: member.email,
      phone: '',
      password: 'clave-nueva',
      current_password: member.password,
    });
    expect(res.statusCode).toBe(200);
    const renewed = sessionCookie(res);
    expect(renewed).toBeDefined();
    expect((await me(app, renewed!)).statusCode).toBe(200);
    expect((await me(app, phone)).statusCode).toBe(401);
    expect((await postJson(app, '/api/auth/login', credentials(member))).statusCode).toBe(401);
    expect(
      (await postJson(app, '/api/auth/login', { email: member.email, password: 'clave-nueva' })).statusCode,
    ).toBe(200);
  });

  it('names the field another member already uses, ignoring case', async () => {
    const { app, db } = await createTestApp();
    const member = await addUser(db, { email: 'eva@example.com', username: 'eva' });
    await addUser(db, { email: 'ana@example.com', username: 'Ana' });
    const cookie = await signIn(app, member.email, member.password);
    const email = await putProfile(app, cookie, {
      username: 'eva',
      email: 'ANA@example.com',
      phone: '',
      current_password: member.password,
    });
    expect(email.statusCode).toBe(409);
    expect(email.json()).toEqual({ error: ACCOUNT_MESSAGES.emailTakenByOther, field: 'email' });
    const username = await putProfile(app, cookie, { username: 'ana', email: 'eva@example.com', phone: '' });
    expect(username.statusCode).toBe(409);
    expect(username.json()).toEqual({ error: ACCOUNT_MESSAGES.usernameTakenByOther, field: 'username' });
    // Keeping one's own name in another case is no conflict.
    expect(
      (await putProfile(app, cookie, { username: 'EVA', email: 'Eva@example.com', phone: '' })).statusCode,
    ).toBe(200);
  });

  it("refuses a new username that looks like another member's (issue 35)", async () => {
    const { app, db } = await createTestApp();
    const member = await addUser(db, { email: 'eva@example.com', username: 'eva' });
    await addUser(db, { email: 'pop@example.com', username: 'pop' });
    const cookie = await signIn(app, member.email, member.password);
    for (const username of ['adm\u0131n', '\u0440\u043e\u0440']) {
      const res = await putProfile(app, cookie, { username, email: 'eva@example.com', phone: '' });
      expect(res.statusCode, username).toBe(409);
      expect(res.json()).toEqual({ error: USERNAME_MESSAGES.lookalike, field: 'username' });
    }
    expect(
      (await putProfile(app, cookie, { username: 'Eva', email: 'eva@example.com', phone: '' })).statusCode,
    ).toBe(200);
  });

  it('checks the fields and requires a session', async () => {
    const { app } = await createTestApp();
    const anonymous = await app.inject({
      method: 'PUT',
      url: '/api/accounts/profile',
      payload: { username: 'x', email: 'x@example.com' },
      headers: csrf,
    });
    expect(anonymous.statusCode).toBe(401);
    const cookie = await signIn(app, ADMIN.email, ADMIN.password);
    const empty = await putProfile(app, cookie, { username: '', email: ADMIN.email });
    expect(empty.json()).toEqual({ error: 'El nombre de usuario es obligatorio', field: 'username' });
    const short = await putProfile(app, cookie, { username: 'admin', email: ADMIN.email, password: '123' });
    expect(short.json()).toEqual({
      error: 'La contraseña debe tener al menos 6 caracteres',
      field: 'password',
    });
    const admin = await me(app, cookie);
    expect(admin.json()).toMatchObject({ role: 'admin' });
  });
});
