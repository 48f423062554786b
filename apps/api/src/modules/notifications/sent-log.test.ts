import { describe, expect, it } from 'vitest';
import { addUser, createTestApp } from '../../../test/helper';
import type { MailMessage, Mailer } from '../../integrations/mailer';
import { createNotificationsRepo } from './repo';
import { sentEmails } from './schema';
import { withSentLog } from './sent-log';

const quiet = { error: () => undefined };
const at = new Date('2026-11-26T12:00:00.000Z');

const message = (to: string, subject: string): MailMessage => ({ to, subject, text: '', html: '' });

describe('the log of emails sent to members', () => {
  it('keeps subject and time of an email to a member’s address, whatever its case, and nothing else', async () => {
    const { db, database } = await createTestApp();
    const member = await addUser(db, { email: 'socia@example.com' });
    const sent: string[] = [];
    const inner: Mailer = { kept: [], send: async (m) => void sent.push(m.to), close: () => undefined };
    const mailer = withSentLog(inner, {
      repo: createNotificationsRepo(database),
      clock: { now: () => at },
      log: quiet,
    });

    await mailer.send(message('Socia@Example.com', 'Tu cuenta ya está activa'));
    await mailer.send(message('visitante@example.com', 'Confirma tu pago'));

    expect(sent).toEqual(['Socia@Example.com', 'visitante@example.com']);
    expect(await db.select().from(sentEmails)).toEqual([
      {
        id: expect.any(Number),
        user_id: member.id,
        subject: 'Tu cuenta ya está activa',
        sent_at: at.toISOString(),
      },
    ]);
  });

  it('keeps nothing of an email the mail server refused', async () => {
    const { db, database } = await createTestApp();
    await addUser(db, { email: 'socia@example.com' });
    const failing: Mailer = {
      kept: [],
      send: () => Promise.reject(new Error('550 rechazado')),
      close: () => undefined,
    };
    const mailer = withSentLog(failing, {
      repo: createNotificationsRepo(database),
      clock: { now: () => at },
      log: quiet,
    });
    await expect(mailer.send(message('socia@example.com', 'Asunto'))).rejects.toThrow('550');
    expect(await db.select().from(sentEmails)).toEqual([]);
  });
});
