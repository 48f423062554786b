import type { MailSettings } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeSmtp, type FakeSmtp } from '../../../test/fakes/smtp';
import {
  ADMIN,
  addUser,
  createTestApp,
  csrf,
  postJson,
  signIn,
  signInWithEmailCode,
} from '../../../test/helper';
import { users } from '../../db/schema';

const APP_URL = 'https://miembros.example.com';
const MINUTE = 60 * 1000;

const smtps: FakeSmtp[] = [];
afterEach(async () => {
  await Promise.all(smtps.splice(0).map((smtp) => smtp.close()));
});

/** The app with a real (fake) SMTP server, a clock the test moves, and digests checked often. */
async function community() {
  const smtp = await startFakeSmtp();
  smtps.push(smtp);
  let now = new Date('2026-11-23T10:00:00.000Z').getTime();
  const test = await createTestApp(
    {
      appUrl: APP_URL,
      mail: { smtpUrl: smtp.url, from: 'Comunidad <no-reply@example.com>', outboxDir: undefined },
    },
    { clock: { now: () => new Date(now) }, jobsPollMs: 50 },
  );
  // The administrator's new device is asked for the emailed code: read, then out of the mailbox the tests read.
  const cookie = await signInWithEmailCode(test.app, ADMIN.email, ADMIN.password, smtp);
  smtp.forget('Tu código para iniciar sesión');
  const register = (username: string) =>
    postJson(test.app, '/api/accounts/register', {
      username,
      email: `${username}@example.com`,
      phone: '+34 600 000 000',
      password: 'secreto-nuevo',
    });
  const put = (url: string, payload: Record<string, unknown>, who = cookie) =>
    test.app.inject({ method: 'PUT', url, payload, headers: { ...csrf, cookie: who } });
  const remove = (id: number, payload?: Record<string, unknown>, who = cookie) =>
    test.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${id}`,
      ...(payload ? { payload } : {}),
      headers: { ...csrf, cookie: who },
    });
  const userId = async (email: string) =>
    (await test.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
  const to = (address: string) => smtp.messages().filter((mail) => mail.to.includes(address));
  /** Lets the emails sent after an answer arrive before counting what did not. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
  return {
    ...test,
    smtp,
    cookie,
    register,
    put,
    remove,
    userId,
    to,
    settle,
    advance: (ms: number) => (now += ms),
  };
}

const CONFIRM = 'Confirma tu correo electrónico';
const WELCOME = 'Tu cuenta ya está activa';
const REFUSED = 'Tu solicitud de acceso no ha sido aprobada';

const linkIn = (text: string) => /https:\/\/\S+/.exec(text)?.[0];

describe('the email on a new registration', () => {
  it('reaches every active admin, not members or inactive admins, with a link to the pending accounts', async () => {
    const c = await community();
    await addUser(c.db, { email: 'segunda@example.com', username: 'segunda', role: 'admin' });
    await addUser(c.db, {
      email: 'dormida@example.com',
      username: 'dormida',
      role: 'admin',
      is_active: false,
    });
    await addUser(c.db, { email: 'vip@example.com', username: 'vip', role: 'vip' });

    expect((await c.register('lucia')).statusCode).toBe(200);
    const mail = await c.smtp.waitForMessage(ADMIN.email);
    await c.smtp.waitForMessage('segunda@example.com');
    expect(mail.subject).toBe('Nuevo registro pendiente de activación: lucia');
    expect(mail.text).toContain('lucia (lucia@example.com)');
    expect(linkIn(mail.text)).toBe(`${APP_URL}/config?pendientes=1`);
    expect(mail.html).toContain(`href="${APP_URL}/config?pendientes=1"`);
    await c.settle();
    expect(c.to('dormida@example.com')).toEqual([]);
    expect(c.to('vip@example.com')).toEqual([]);
    // The new member gets only the confirmation of their own address, never the administrators' notice.
    expect(c.to('lucia@example.com').map((mail) => mail.subject)).toEqual([CONFIRM]);
  });

  it('goes out at most once per admin in 10 minutes; later sign-ups arrive as one digest with the pending count', async () => {
    const c = await community();
    await c.register('ana');
    await c.smtp.waitForMessage(ADMIN.email);
    c.advance(MINUTE);
    await c.register('beto');
    c.advance(MINUTE);
    await c.register('carla');
    await c.settle();
    expect(c.to(ADMIN.email)).toHaveLength(1);

    // The digest is due 10 minutes after the first sign-up it holds (beto, minute 1): none at minute 10, sent at 11.
    c.advance(8 * MINUTE);
    await c.settle();
    expect(c.to(ADMIN.email)).toHaveLength(1);
    c.advance(MINUTE);
    await expect.poll(() => c.to(ADMIN.email).length).toBe(2);
    const digest = c.to(ADMIN.email)[1]!;
    expect(digest.subject).toBe('Registros nuevos: 3 cuentas pendientes de activación');
    expect(linkIn(digest.text)).toBe(`${APP_URL}/config?pendientes=1`);
    await c.settle();
    expect(c.to(ADMIN.email)).toHaveLength(2);

    // Just after the digest, a new sign-up waits for the next one.
    c.advance(MINUTE);
    await c.register('dario');
    await c.settle();
    expect(c.to(ADMIN.email)).toHaveLength(2);
  });

  it('never fails the registration when the mail server is down', async () => {
    const c = await community();
    await c.smtp.close();
    expect((await c.register('lucia')).statusCode).toBe(200);
    expect(await c.userId('lucia@example.com')).toBeGreaterThan(0);
  });
});

describe('the welcome email', () => {
  it('reaches a member an admin activates, alone or in a bulk action, with the link to /login', async () => {
    const c = await community();
    await c.register('lucia');
    await c.register('mario');
    await c.register('nora');
    const lucia = await c.userId('lucia@example.com');
    const edit = await c.put(`/api/admin/users/${lucia}`, {
      username: 'lucia',
      email: 'lucia@example.com',
      phone: '+34 600 000 000',
      role_id: 2,
      is_active: true,
    });
    expect(edit.statusCode).toBe(200);
    const welcome = await c.smtp.waitForMessage('lucia@example.com', WELCOME);
    expect(welcome.subject).toBe('Tu cuenta ya está activa');
    expect(welcome.text).toContain('Hola, lucia');
    expect(linkIn(welcome.text)).toBe(`${APP_URL}/login`);

    const ids = [await c.userId('mario@example.com'), await c.userId('nora@example.com')];
    const bulk = await postJson(
      c.app,
      '/api/admin/users/bulk',
      { action: 'activate', ids: [...ids, lucia] },
      { cookie: c.cookie },
    );
    expect(bulk.json()).toEqual({ affected: 2 });
    await c.smtp.waitForMessage('mario@example.com', WELCOME);
    await c.smtp.waitForMessage('nora@example.com', WELCOME);

    // Saving an account that was already active sends nothing more.
    await c.put(`/api/admin/users/${lucia}`, {
      username: 'lucia2',
      email: 'lucia@example.com',
      phone: '+34 600 000 000',
      role_id: 2,
      is_active: true,
    });
    await c.settle();
    expect(c.to('lucia@example.com').map((mail) => mail.subject)).toEqual([CONFIRM, WELCOME]);
  });
});

describe('the refusal email', () => {
  it('tells a pending member their account was refused, with the reason the admin typed', async () => {
    const c = await community();
    await c.register('lucia');
    const res = await c.remove(await c.userId('lucia@example.com'), {
      reason: 'El registro es solo para alumnos del curso.',
    });
    expect(res.statusCode).toBe(200);
    const mail = await c.smtp.waitForMessage('lucia@example.com', REFUSED);
    expect(mail.subject).toBe(REFUSED);
    expect(mail.text).toContain('Motivo: El registro es solo para alumnos del curso.');
  });

  it('goes without a reason too, and never to an active member who is deleted (told of the erasure)', async () => {
    const c = await community();
    await c.register('lucia');
    const active = await addUser(c.db, { email: 'activo@example.com', username: 'activo', role: 'vip' });
    expect((await c.remove(await c.userId('lucia@example.com'))).statusCode).toBe(200);
    expect((await c.remove(active.id)).statusCode).toBe(200);
    const mail = await c.smtp.waitForMessage('lucia@example.com', REFUSED);
    expect(mail.text).not.toContain('Motivo');
    await c.settle();
    await c.smtp.waitForMessage('activo@example.com', 'Un administrador ha eliminado tu cuenta');
    expect(c.to('activo@example.com').map((mail) => mail.subject)).toEqual([
      'Un administrador ha eliminado tu cuenta',
    ]);
  });

  it('refuses a reason longer than 1,000 characters with a Spanish message, deleting nothing', async () => {
    const c = await community();
    await c.register('lucia');
    const id = await c.userId('lucia@example.com');
    const res = await c.remove(id, { reason: 'x'.repeat(1001) });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(/[a-záéíóú]/i);
    expect(await c.userId('lucia@example.com')).toBe(id);
  });
});

describe('the email switches', () => {
  it('are on by default; an admin turns one off and that email stops; a member can neither read nor change them', async () => {
    const c = await community();
    const read = await c.app.inject({
      method: 'GET',
      url: '/api/admin/mail-settings',
      headers: { cookie: c.cookie },
    });
    expect(read.json<MailSettings>()).toEqual({
      new_registration: true,
      account_activated: true,
      account_refused: true,
    });
    const off = { new_registration: false, account_activated: true, account_refused: false };
    const saved = await c.put('/api/admin/mail-settings', off);
    expect(saved.statusCode).toBe(200);
    expect(saved.json<MailSettings>()).toEqual(off);

    await c.register('lucia');
    await c.remove(await c.userId('lucia@example.com'), { reason: 'No' });
    await c.settle();
    // Only the confirmation of the new member's own address, which no switch turns off.
    expect(c.smtp.messages().map((mail) => mail.subject)).toEqual([CONFIRM]);

    const member = await addUser(c.db, { email: 'vip@example.com', username: 'vip', role: 'vip' });
    const memberCookie = await signIn(c.app, member.email, member.password);
    const asMember = await c.app.inject({
      method: 'GET',
      url: '/api/admin/mail-settings',
      headers: { cookie: memberCookie },
    });
    expect(asMember.statusCode).toBe(403);
    const change = await c.put('/api/admin/mail-settings', { ...off, new_registration: true }, memberCookie);
    expect(change.statusCode).toBe(403);
    const after = await c.app.inject({
      method: 'GET',
      url: '/api/admin/mail-settings',
      headers: { cookie: c.cookie },
    });
    expect(after.json<MailSettings>()).toEqual(off);
  });
});
