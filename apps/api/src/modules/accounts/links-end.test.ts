import { ACCOUNT_MESSAGES } from '@app/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  ADMIN,
  addUser,
  adminEditUser,
  createTestApp,
  csrf,
  postJson,
  signIn,
  type TestApp,
} from '../../../test/helper';
import { users } from '../../db/schema';
import { createMailer, type MailMessage } from '../../integrations/mailer';

const APP_URL = 'https://miembros.example.com';
const PASSWORD = 'clave-de-eva';
// Eva is imported without a password (she gets a set-up link); Ana has one and asks for a recovery link.
// Both links live in the same table and must end the same way.
const CSV = ['username,email,role,active,password_hash', 'eva,eva@example.com,cafeinas,sí,'].join('\n');

type LinkKind = 'set-up' | 'recovery';
const MEMBER: Record<LinkKind, string> = { 'set-up': 'eva@example.com', recovery: 'ana@example.com' };

interface Setting extends TestApp {
  admin: string;
  email: string;
  token: string;
  kept: readonly MailMessage[];
}

/** An app with the two members; answers the outstanding link of the member of `kind`. */
async function withOutstandingLink(kind: LinkKind): Promise<Setting> {
  const mailer = createMailer(
    { smtpUrl: undefined, from: 'T <t@example.com>', outboxDir: undefined },
    {
      info: () => undefined,
    },
  );
  const test = await createTestApp({ appUrl: APP_URL }, { mailer });
  const admin = await signIn(test.app, ADMIN.email, ADMIN.password);
  await addUser(test.db, { email: MEMBER.recovery, username: 'ana', password: PASSWORD });
  const imported = await postJson(
    test.app,
    '/api/admin/users/import',
    { csv: CSV, dry_run: false, send_setup_email: true },
    { cookie: admin },
  );
  expect(imported.statusCode).toBe(200);
  const email = MEMBER[kind];
  if (kind === 'recovery') {
    await postJson(test.app, '/api/accounts/password-reset/request', { email });
  }
  await expect.poll(() => mailer.kept.some((m) => m.to === email)).toBe(true);
  const link = mailer.kept.find((m) => m.to === email)?.link ?? '';
  const token = new URL(link).searchParams.get('token') ?? '';
  expect((await postJson(test.app, '/api/accounts/password-reset/check', { token })).statusCode).toBe(200);
  return { ...test, admin, email, token, kept: mailer.kept };
}

async function expectLinkEnded(app: FastifyInstance, token: string) {
  const check = await postJson(app, '/api/accounts/password-reset/check', { token });
  expect(check.statusCode).toBe(400);
  expect(check.json()).toEqual({ error: ACCOUNT_MESSAGES.resetTokenInvalid, field: 'token' });
  const reset = await postJson(app, '/api/accounts/password-reset', { token, password: 'clave-del-enlace' });
  expect(reset.statusCode).toBe(400);
}

async function adminEdit(setting: Setting, changes: Record<string, unknown>) {
  const [row] = await setting.db.select({ id: users.id }).from(users).where(eq(users.email, setting.email));
  const res = await adminEditUser(setting, setting.admin, row!.id, changes);
  expect(res.statusCode).toBe(200);
  return row!.id;
}

async function bulk(setting: Setting, id: number, action: 'activate' | 'deactivate') {
  const res = await postJson(
    setting.app,
    '/api/admin/users/bulk',
    { action, ids: [id] },
    { cookie: setting.admin },
  );
  expect(res.json()).toEqual({ affected: 1 });
}

describe.each(['set-up', 'recovery'] as const)('an outstanding %s link ends', (kind) => {
  it("when an admin changes the account's email", async () => {
    const setting = await withOutstandingLink(kind);
    await adminEdit(setting, { email: 'eva.nueva@example.com' });
    await expectLinkEnded(setting.app, setting.token);
  });

  it('when an admin sets a new password', async () => {
    const setting = await withOutstandingLink(kind);
    await adminEdit(setting, { password: 'clave-del-admin' });
    await expectLinkEnded(setting.app, setting.token);
  });

  it('when an admin deactivates the account, even once it is active again', async () => {
    const setting = await withOutstandingLink(kind);
    await adminEdit(setting, { is_active: false });
    await adminEdit(setting, { is_active: true });
    await expectLinkEnded(setting.app, setting.token);
  });

  it('when a bulk action deactivates the account, even once it is active again', async () => {
    const setting = await withOutstandingLink(kind);
    const [row] = await setting.db.select().from(users).where(eq(users.email, setting.email));
    await bulk(setting, row!.id, 'deactivate');
    await bulk(setting, row!.id, 'activate');
    await expectLinkEnded(setting.app, setting.token);
  });
});

describe('an outstanding recovery link ends when the member, on Mi perfil,', () => {
  const putProfile = (app: FastifyInstance, cookie: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'PUT', url: '/api/accounts/profile', payload, headers: { ...csrf, cookie } });

  it('changes the email, once the new address confirms it', async () => {
    const setting = await withOutstandingLink('recovery');
    const cookie = await signIn(setting.app, setting.email, PASSWORD);
    const res = await putProfile(setting.app, cookie, {
      username: 'ana',
      email: 'ana.nueva@example.com',
      current_password: PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    // Until then the old address is still the account's, and so is its link.
    const check = await postJson(setting.app, '/api/accounts/password-reset/check', { token: setting.token });
    expect(check.statusCode).toBe(200);
    await expect.poll(() => setting.kept.some((m) => m.to === 'ana.nueva@example.com')).toBe(true);
    const link = setting.kept.find((m) => m.to === 'ana.nueva@example.com')?.link ?? '';
    const token = new URL(link).searchParams.get('token') ?? '';
    expect((await postJson(setting.app, '/api/accounts/email/confirm', { token })).statusCode).toBe(200);
    await expectLinkEnded(setting.app, setting.token);
  });

  it('changes the password', async () => {
    const setting = await withOutstandingLink('recovery');
    const cookie = await signIn(setting.app, setting.email, PASSWORD);
    const res = await putProfile(setting.app, cookie, {
      username: 'ana',
      email: setting.email,
      password: 'clave-nueva-de-ana',
      current_password: PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    await expectLinkEnded(setting.app, setting.token);
  });
});

describe('other changes leave the link alone', () => {
  it('a new phone or username, or a new role, keeps the set-up link working', async () => {
    const setting = await withOutstandingLink('set-up');
    await adminEdit(setting, { username: 'eva2', phone: '+34 600 111 222' });
    await adminEdit(setting, { role_id: 2 });
    const check = await postJson(setting.app, '/api/accounts/password-reset/check', { token: setting.token });
    expect(check.statusCode).toBe(200);
  });
});
