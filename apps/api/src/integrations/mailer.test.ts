import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeSmtp, type FakeSmtp } from '../../test/fakes/smtp';
import { createMailer } from './mailer';

const MESSAGE = {
  to: 'eva@example.com',
  subject: 'Recupera tu contraseña',
  text: 'Hola, Eva: abre https://miembros.example.com/reset-password?token=abc',
  html: '<p>Hola, Eva</p>',
  link: 'https://miembros.example.com/reset-password?token=abc',
};

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('mailer', () => {
  it('sends through SMTP_URL with MAIL_FROM, text and HTML', async () => {
    const smtp: FakeSmtp = await startFakeSmtp();
    cleanups.push(() => smtp.close());
    const mailer = createMailer(
      { smtpUrl: smtp.url, from: 'Comunidad <no-reply@example.com>', outboxDir: undefined },
      { info: () => undefined },
    );
    cleanups.push(() => mailer.close());
    await mailer.send(MESSAGE);
    const received = await smtp.waitForMessage('eva@example.com');
    expect(received).toMatchObject({
      from: 'no-reply@example.com',
      subject: MESSAGE.subject,
    });
    expect(received.html.trim()).toBe(MESSAGE.html);
    expect(received.text.trim()).toBe(MESSAGE.text);
    expect(received.raw).toMatch(/^From: Comunidad <no-reply@example.com>$/m);
  });

  it('without SMTP_URL writes an .eml file to the outbox and logs the link', async () => {
    const outboxDir = path.join(mkdtempSync(path.join(tmpdir(), 'outbox-')), 'outbox');
    cleanups.push(() => rmSync(path.dirname(outboxDir), { recursive: true, force: true }));
    const logged: object[] = [];
    const mailer = createMailer(
      { smtpUrl: undefined, from: 'Comunidad <no-reply@localhost>', outboxDir },
      { info: (obj) => logged.push(obj) },
    );
    await mailer.send(MESSAGE);
    const files = readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = readFileSync(path.join(outboxDir, files[0]!), 'utf8');
    expect(eml).toMatch(/^To: eva@example.com$/m);
    expect(eml).toMatch(/^Subject: /m);
    expect(eml).toContain('multipart/alternative');
    expect(logged).toEqual([expect.objectContaining({ to: 'eva@example.com', link: MESSAGE.link })]);
    expect(mailer.kept).toHaveLength(0);
  });
});
