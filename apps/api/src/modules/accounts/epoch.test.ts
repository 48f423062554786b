import { MESSAGES } from '@app/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSmtp, type FakeSmtp } from '../../../test/fakes/smtp';
import {
  ADMIN,
  addUser,
  adminEditUser,
  confirmIdentityOn,
  createTestApp,
  csrf,
  lastEmailedCode,
  postJson,
  signInWithEmailCode,
  type TestApp,
} from '../../../test/helper';
import { createSoftAuthenticator } from '../../../test/support/passkey-authenticator';
import { EPOCH_EVENTS, type EpochEvent } from './epoch';

/**
 * The account epoch, as a table: every credential-like thing the server issues to an account, and every event
 * that must end it. Each row of the table issues all the things to an administrator's account (an administrator
 * gets all of them: a trusted device, an emailed second step), fires one event, and expects each thing refused.
 * The control row fires nothing and expects every thing still honoured, so each check can fail.
 */

const APP_URL = 'https://miembros.example.com';
const PASSWORD = 'clave-de-ana';

let smtp: FakeSmtp;
beforeAll(async () => {
  smtp = await startFakeSmtp();
});
afterAll(() => smtp?.close());

const cookieOf = (res: LightMyRequestResponse, name: string): string | undefined => {
  const found = res.cookies.find((c) => c.name === name && c.value !== '');
  return found ? `${name}=${found.value}` : undefined;
};

/** The newest link to `path` emailed to `email`, as its token. */
function emailedToken(email: string, path: string): string {
  const mail = smtp
    .messages()
    .filter((m) => m.to.includes(email.toLowerCase()) && m.text.includes(path))
    .at(-1);
  const match = mail && new RegExp(`${path}\\?token=([A-Za-z0-9_%-]+)`).exec(mail.text);
  if (!match?.[1]) throw new Error(`no ${path} link emailed to ${email}`);
  return decodeURIComponent(match[1]);
}

interface Issued {
  /** The browser that fires the member's own events (it goes on). */
  actor: string;
  /** Another signed-in browser of the member. */
  otherSession: string;
  /** A sign-in waiting for its emailed code, and that code. */
  secondStep: { cookie: string; code: string };
  knownDevice: string;
  trustedDevice: string;
  recoveryToken: string;
  /** A new address saved on /perfil, waiting for its link. */
  emailConfirmation: { token: string; address: string };
}

interface Scene extends TestApp {
  id: number;
  email: string;
  password: string;
  admin: string;
  issued: Issued;
}

async function scene(): Promise<Scene> {
  const test = await createTestApp({
    appUrl: APP_URL,
    mail: { smtpUrl: smtp.url, from: 'Comunidad <no-reply@example.com>', outboxDir: undefined },
  });
  const email = `ana.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const member = await addUser(test.db, { email, password: PASSWORD, role: 'admin' });
  const admin = await signInWithEmailCode(test.app, ADMIN.email, ADMIN.password, smtp);

  // A complete sign-in: the emailed code makes the browser trusted and known.
  const first = await postJson(test.app, '/api/auth/login', { email, password: PASSWORD });
  const verified = await postJson(
    test.app,
    '/api/auth/second-step',
    { method: 'email', code: lastEmailedCode(smtp, email) },
    { cookie: cookieOf(first, 'second_step') },
  );
  const actor = cookieOf(verified, 'session')!;
  const trustedDevice = cookieOf(verified, 'trusted_device')!;
  const knownDevice = cookieOf(verified, 'known_device')!;
  expect([actor, trustedDevice, knownDevice].every(Boolean)).toBe(true);
  // The trusted browser signs in again without a code: another session.
  const again = await postJson(
    test.app,
    '/api/auth/login',
    { email, password: PASSWORD },
    {
      cookie: trustedDevice,
    },
  );
  const otherSession = cookieOf(again, 'session')!;
  // A sign-in from elsewhere, waiting for its code.
  const pending = await postJson(test.app, '/api/auth/login', { email, password: PASSWORD });
  const secondStep = { cookie: cookieOf(pending, 'second_step')!, code: lastEmailedCode(smtp, email) };

  await postJson(test.app, '/api/accounts/password-reset/request', { email });
  await expect.poll(() => emailedToken(email, '/reset-password')).toBeTruthy();
  const recoveryToken = emailedToken(email, '/reset-password');

  const newAddress = `nueva.${email}`;
  const change = await test.app.inject({
    method: 'PUT',
    url: '/api/accounts/profile',
    headers: { ...csrf, cookie: actor },
    payload: { username: 'ana', email: newAddress, phone: '', password: '', current_password: PASSWORD },
  });
  expect(change.statusCode, change.body).toBe(200);
  await expect.poll(() => emailedToken(newAddress, '/confirmar-email')).toBeTruthy();
  const emailConfirmation = { token: emailedToken(newAddress, '/confirmar-email'), address: newAddress };

  return {
    ...test,
    id: member.id,
    email,
    password: PASSWORD,
    admin,
    issued: { actor, otherSession, secondStep, knownDevice, trustedDevice, recoveryToken, emailConfirmation },
  };
}

async function adminEdit(s: Scene, changes: Record<string, unknown>): Promise<void> {
  const res = await adminEditUser(s, s.admin, s.id, changes);
  expect(res.statusCode, res.body).toBe(200);
}

/** Each event, fired the way a person fires it. */
const FIRE: Record<EpochEvent, (s: Scene) => Promise<void>> = {
  async password_reset(s) {
    const res = await postJson(s.app, '/api/accounts/password-reset', {
      token: s.issued.recoveryToken,
      password: 'clave-restablecida',
    });
    expect(res.statusCode, res.body).toBe(200);
    s.password = 'clave-restablecida';
  },
  async password_changed(s) {
    const res = await s.app.inject({
      method: 'PUT',
      url: '/api/accounts/profile',
      headers: { ...csrf, cookie: s.issued.actor },
      payload: {
        username: 'ana',
        email: s.email,
        phone: '',
        password: 'clave-cambiada',
        current_password: s.password,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    // The browser goes on under a fresh session id.
    s.issued.actor = cookieOf(res, 'session')!;
    s.password = 'clave-cambiada';
  },
  async admin_password(s) {
    await adminEdit(s, { password: 'clave-del-admin' });
    s.password = 'clave-del-admin';
  },
  async admin_email(s) {
    s.email = `otra.${s.email}`;
    await adminEdit(s, { email: s.email });
  },
  async deactivated(s) {
    await adminEdit(s, { is_active: false });
  },
  async factors_reset(s) {
    const res = await postJson(s.app, `/api/admin/users/${s.id}/two-factor-reset`, {}, { cookie: s.admin });
    expect(res.statusCode, res.body).toBe(200);
  },
  async factor_added(s) {
    await confirmIdentityOn(s.app, s.issued.actor, s.password);
    const options = await postJson(s.app, '/api/account/passkeys/options', undefined, {
      cookie: s.issued.actor,
    });
    const authenticator = createSoftAuthenticator(APP_URL);
    const added = await postJson(
      s.app,
      '/api/account/passkeys',
      { name: 'Llave', response: authenticator.create(options.json()) },
      { cookie: s.issued.actor },
    );
    expect(added.statusCode, added.body).toBe(200);
  },
};

/** Each thing, used as its holder would: true when the server still honours it. */
const HONOURED: Record<string, (s: Scene) => Promise<boolean>> = {
  async 'another session'(s) {
    const res = await s.app.inject({ url: '/api/auth/me', headers: { cookie: s.issued.otherSession } });
    return res.statusCode === 200;
  },
  async 'a second-step token'(s) {
    const res = await postJson(
      s.app,
      '/api/auth/second-step',
      { method: 'email', code: s.issued.secondStep.code },
      { cookie: s.issued.secondStep.cookie },
    );
    return cookieOf(res, 'session') !== undefined;
  },
  async 'a trusted-device cookie'(s) {
    const res = await postJson(
      s.app,
      '/api/auth/login',
      { email: s.email, password: s.password },
      { cookie: s.issued.trustedDevice },
    );
    return cookieOf(res, 'session') !== undefined;
  },
  async 'a recovery link'(s) {
    const res = await postJson(s.app, '/api/accounts/password-reset/check', {
      token: s.issued.recoveryToken,
    });
    return res.statusCode === 200;
  },
  async 'a pending email confirmation'(s) {
    const res = await postJson(s.app, '/api/accounts/email/confirm', {
      token: s.issued.emailConfirmation.token,
    });
    if (res.statusCode === 200) s.email = s.issued.emailConfirmation.address;
    return res.statusCode === 200;
  },
  // Last: it spends the account's login budget. Strangers' wrong passwords lock the account; a known device
  // is not locked out by them, unless it is no longer known.
  async 'a known-device cookie'(s) {
    for (let i = 0; i < 5; i++) {
      await postJson(
        s.app,
        '/api/auth/login',
        { email: s.email, password: 'no-es-la-clave' },
        { remoteAddress: `10.9.0.${i + 1}` },
      );
    }
    const res = await postJson(
      s.app,
      '/api/auth/login',
      { email: s.email, password: 'tampoco-es-la-clave' },
      { cookie: s.issued.knownDevice },
    );
    expect([401, 429]).toContain(res.statusCode);
    return res.statusCode === 401 && res.json<{ error: string }>().error === MESSAGES.invalidCredentials;
  },
};

describe('the account epoch', () => {
  it('names every event that moves it', () => {
    expect(Object.keys(FIRE).sort()).toEqual([...EPOCH_EVENTS].sort());
  });

  it('honours everything issued while nothing moved it (the control row)', async () => {
    const s = await scene();
    for (const [thing, honoured] of Object.entries(HONOURED)) {
      expect(await honoured(s), thing).toBe(true);
    }
  });

  it.each(EPOCH_EVENTS)('%s ends everything issued before it', async (event) => {
    const s = await scene();
    await FIRE[event](s);
    const kept = [];
    for (const [thing, honoured] of Object.entries(HONOURED)) {
      if (await honoured(s)) kept.push(thing);
    }
    expect(kept).toEqual([]);
    // The browser that made its own change goes on.
    if (event === 'password_changed' || event === 'factor_added') {
      const me = await s.app.inject({ url: '/api/auth/me', headers: { cookie: s.issued.actor } });
      expect(me.statusCode).toBe(200);
    }
  });
});
