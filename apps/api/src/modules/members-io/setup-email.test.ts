import { PASSWORD_SETUP_TTL_DAYS, type MembersImportResult } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeSmtp, type FakeSmtp } from '../../../test/fakes/smtp';
import { ADMIN, createTestApp, postJson, signInWithEmailCode } from '../../../test/helper';
import { users } from '../../db/schema';
import { passwordResetTokens } from '../accounts/schema';

const APP_URL = 'https://miembros.example.com';
const IMPORT = '/api/admin/users/import';
const linkIn = (text: string) => /https?:\/\/\S+\/reset-password\?token=[\w%-]+/.exec(text)?.[0] ?? '';

// Two active members without a password, one with a password, one inactive without one.
const CSV = [
  'username,email,role,active,password_hash',
  'lucia,lucia@example.com,vip,sí,',
  'mario,mario@example.com,cafeinas,sí,',
  'nora,nora@example.com,vip,no,',
].join('\n');

const smtps: FakeSmtp[] = [];
afterEach(async () => {
  await Promise.all(smtps.splice(0).map((smtp) => smtp.close()));
});

async function adminWithSmtp() {
  const smtp = await startFakeSmtp();
  smtps.push(smtp);
  const test = await createTestApp({
    appUrl: APP_URL,
    mail: { smtpUrl: smtp.url, from: 'Comunidad <no-reply@example.com>', outboxDir: undefined },
  });
  // The administrator's new device is asked for the emailed code: read, then out of the mailbox the tests read.
  const cookie = await signInWithEmailCode(test.app, ADMIN.email, ADMIN.password, smtp);
  smtp.forget('Tu código para iniciar sesión');
  return { ...test, smtp, cookie };
}

describe('imported members without a password', () => {
  it('get, when the admin asks for it, an email whose link lets them choose a password and sign in', async () => {
    const { app, db, smtp, cookie } = await adminWithSmtp();
    const res = await postJson(app, IMPORT, { csv: CSV, dry_run: false, send_setup_email: true }, { cookie });
    expect(res.statusCode).toBe(200);
    const result = res.json<MembersImportResult>();
    expect(result.imported).toBe(3);
    expect(result.setup_emails).toBe(2);

    const mail = await smtp.waitForMessage('lucia@example.com');
    await smtp.waitForMessage('mario@example.com');
    expect(mail.subject).toBe('Tu cuenta en la comunidad: elige tu contraseña');
    expect(mail.text).toContain('Hola, lucia');
    expect(mail.text).toContain(`caduca en ${PASSWORD_SETUP_TTL_DAYS} días`);
    const link = linkIn(mail.text);
    expect(link.startsWith(`${APP_URL}/reset-password?token=`)).toBe(true);
    expect(mail.html).toContain(`href="${link}"`);

    // The link lasts days, not the hour of a recovery link.
    const [lucia] = await db.select().from(users).where(eq(users.email, 'lucia@example.com'));
    const [stored] = await db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.user_id, lucia!.id));
    const lifetime = Date.parse(stored!.expires_at) - Date.parse(stored!.created_at);
    expect(lifetime).toBe(PASSWORD_SETUP_TTL_DAYS * 24 * 60 * 60 * 1000);

    const token = new URL(link).searchParams.get('token') ?? '';
    const setPassword = await postJson(app, '/api/accounts/password-reset', {
      token,
      password: 'mi-clave-nueva',
    });
    expect(setPassword.statusCode).toBe(200);
    const login = await postJson(app, '/api/auth/login', {
      email: 'lucia@example.com',
      password: 'mi-clave-nueva',
    });
    expect(login.statusCode).toBe(200);

    // Nobody else was written to: not the inactive member, not the admin.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(
      smtp
        .messages()
        .flatMap((m) => m.to)
        .sort(),
    ).toEqual(['lucia@example.com', 'mario@example.com']);
  });

  it('get no email unless the admin asks, nor on a preview', async () => {
    const { app, smtp, cookie } = await adminWithSmtp();
    const preview = await postJson(
      app,
      IMPORT,
      { csv: CSV, dry_run: true, send_setup_email: true },
      { cookie },
    );
    expect(preview.json<MembersImportResult>().setup_emails).toBe(0);
    const res = await postJson(app, IMPORT, { csv: CSV, dry_run: false }, { cookie });
    expect(res.json<MembersImportResult>()).toMatchObject({ imported: 3, setup_emails: 0 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages()).toEqual([]);
  });

  it('still import when the mail server is down: the emails fail after the answer, in the log only', async () => {
    const { app, db, smtp, cookie } = await adminWithSmtp();
    await smtp.close();
    const res = await postJson(app, IMPORT, { csv: CSV, dry_run: false, send_setup_email: true }, { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json<MembersImportResult>()).toMatchObject({ imported: 3, setup_emails: 2 });
    expect(await db.select().from(users).where(eq(users.email, 'mario@example.com'))).toHaveLength(1);
  });
});
