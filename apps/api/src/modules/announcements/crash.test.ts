/**
 * A sending killed for real: the server runs as its own process and is killed with SIGKILL by the mail server
 * in the middle of a batch, while it waits for the answer to a message the mail server has just taken (the
 * worst moment: delivered, not yet recorded). A second process on the same database finishes the sending.
 * Every member gets exactly one copy; the one whose outcome the dead process never learnt is reported as
 * unknown, not sent again. Runs on SQLite (one file) and on PostgreSQL.
 */
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@app/contracts';
import type { AddressInfo } from 'node:net';
import { and, eq, isNotNull } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { databaseForServers, ENGINE } from '../../../test/support/engine';
import { serversTimeout, startServer, type ServerProcess } from '../../../test/support/server-process';
import { openDatabase, type AppDatabase } from '../../db/client';
import { openPgAppDatabase } from '../../db/client.pg';
import { roles, users } from '../../db/schema';
import { jobs } from '../jobs/schema';
import { announcementRecipients } from './schema';

const ADMIN = { email: 'jefa@example.com', password: 'jefa-secret-larga' };
const MEMBERS = 12;
const BATCH = 5;
/** The message during whose delivery the first process is killed: the fourth of its first batch of five. */
const KILL_AT = 4;
/** Lease ends moved here: as if the quarter of an hour after which a stopped node's work is taken over had passed. */
const LONG_AGO = '2000-01-01T00:00:00.000Z';

/**
 * A real SMTP server: keeps the administrator's mail (the sign-in codes), records the members' recipients and
 * can act before it answers 250 to a member's message.
 */
async function startSmtp(beforeAnswer: (count: number) => void) {
  const delivered: string[] = [];
  const adminMail: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 50,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        if (to.includes(ADMIN.email)) {
          adminMail.push(Buffer.concat(chunks).toString('utf8'));
          return callback();
        }
        // The message is the server's now (a real one would deliver it even if the client never hears back).
        delivered.push(...to);
        beforeAnswer(delivered.length);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    delivered,
    /** The newest sign-in code mailed to the administrator (written as "123 456"). */
    code: () => {
      const match = /\b(\d{3}) (\d{3})\b/.exec(adminMail.at(-1) ?? '');
      if (!match) throw new Error('no sign-in code mailed');
      return `${match[1]}${match[2]}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function call(node: ServerProcess, method: string, url: string, cookie: string, body?: unknown) {
  const res = await fetch(`${node.url}${url}`, {
    method,
    headers: {
      cookie,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(method === 'GET' ? {} : { [CSRF_HEADER]: CSRF_HEADER_VALUE }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

const cookieOf = (res: Response, name: string) =>
  new RegExp(`(?:^|[ ,])${name}=([^;]+)`).exec(res.headers.get('set-cookie') ?? '')?.[1];

/** Signs the administrator in on a process that mails a code to a new device; answers the session cookie. */
async function signIn(node: ServerProcess, code: () => string): Promise<string> {
  const post = (url: string, body: unknown, cookie?: string) =>
    fetch(`${node.url}${url}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [CSRF_HEADER]: CSRF_HEADER_VALUE,
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify(body),
    });
  const res = await post('/api/auth/login', { email: ADMIN.email, password: ADMIN.password });
  expect(res.status).toBe(200);
  const step = cookieOf(res, 'second_step');
  if (!step) return `session=${cookieOf(res, 'session')}`;
  await expect
    .poll(() => {
      try {
        code();
        return true;
      } catch {
        return false;
      }
    })
    .toBe(true);
  const verified = await post(
    '/api/auth/second-step',
    { method: 'email', code: code() },
    `second_step=${step}`,
  );
  expect(verified.status).toBe(200);
  return `session=${cookieOf(verified, 'session')}`;
}

const open = (url: string): Promise<AppDatabase> =>
  url.startsWith('file:') ? Promise.resolve(openDatabase(url.slice('file:'.length))) : openPgAppDatabase(url);

describe(`a sending killed with SIGKILL on ${ENGINE}`, { timeout: serversTimeout(2) }, () => {
  it('is finished by another process: one copy each, the unanswered one unknown and not resent', async () => {
    const database = await databaseForServers();
    let first: ServerProcess | undefined;
    let killed: Promise<number | null> | undefined;
    const smtp = await startSmtp((count) => {
      // Synchronously, before the 250: the process dies waiting for the answer.
      if (count === KILL_AT && first) killed = first.kill('SIGKILL');
    });
    const env = {
      DATABASE_URL: database.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      APP_URL: 'https://miembros.example.com',
      SMTP_URL: smtp.url,
      ANNOUNCEMENTS_PER_SECOND: '10000',
      ANNOUNCEMENTS_BATCH_SIZE: String(BATCH),
    };
    let second: ServerProcess | undefined;
    let db: AppDatabase | undefined;
    try {
      first = await startServer(env);
      db = await open(database.url);
      const [vip] = await db.read.select({ id: roles.id }).from(roles).where(eq(roles.name, 'vip'));
      const emails = Array.from({ length: MEMBERS }, (_, i) => `miembro${i}@example.com`);
      await db.transaction((tx) =>
        tx.insert(users).values(
          emails.map((email, i) => ({
            email,
            username: `miembro${i}`,
            username_skeleton: `miembro${i}`,
            password_hash: 'x',
            role_id: vip!.id,
          })),
        ),
      );

      const admin = { cookie: await signIn(first, smtp.code) };
      const created = await call(first, 'POST', '/api/announcements', admin.cookie, {
        titulo: 'Tras la caída',
        cuerpo_html: '<p>Hola</p>',
        audience: { kind: 'roles', ids: [vip!.id] },
      });
      expect(created.status, JSON.stringify(created.json)).toBe(200);
      const id = created.json.id as number;
      const published = await call(first, 'POST', `/api/announcements/${id}/publish`, admin.cookie, {});
      expect(published.status, JSON.stringify(published.json)).toBe(200);

      await expect.poll(() => killed, { timeout: 30_000 }).toBeDefined();
      expect(await killed).toBe(null);

      // Killed mid-batch: three sent, the fourth handed over (the server took it), the fifth claimed only.
      const states = await db.read
        .select({ status: announcementRecipients.status })
        .from(announcementRecipients)
        .where(eq(announcementRecipients.announcement_id, id))
        .orderBy(announcementRecipients.user_id);
      expect(states.map((row) => row.status)).toEqual([
        ...Array<string>(KILL_AT - 1).fill('sent'),
        'sending',
        ...Array<string>(BATCH - KILL_AT).fill('claimed'),
        ...Array<string>(MEMBERS - BATCH).fill('pending'),
      ]);
      expect(smtp.delivered).toHaveLength(KILL_AT);

      // Time passes: the dead process's leases on its job and its recipients run out.
      await db.transaction(async (tx) => {
        await tx.update(jobs).set({ locked_until: LONG_AGO }).where(eq(jobs.status, 'running'));
        await tx
          .update(announcementRecipients)
          .set({ claimed_until: LONG_AGO })
          .where(
            and(
              eq(announcementRecipients.announcement_id, id),
              isNotNull(announcementRecipients.claimed_until),
            ),
          );
      });

      second = await startServer(env);
      const admin2 = { cookie: await signIn(second, smtp.code) };
      const progress = async () =>
        (await call(second!, 'GET', `/api/announcements/${id}`, admin2.cookie)).json.progress as Record<
          string,
          unknown
        >;
      await expect.poll(async () => (await progress()).status, { timeout: 60_000 }).toBe('sent');

      // Nobody skipped, nobody twice: the fourth member has the copy the first process handed over.
      expect([...smtp.delivered].sort()).toEqual([...emails].sort());
      expect(await progress()).toEqual({
        status: 'sent',
        total: MEMBERS,
        sent: MEMBERS - 1,
        pending: 0,
        failed: 0,
        unsubscribed: 0,
        unknown: 1,
      });
      const unknown = await call(
        second,
        'GET',
        `/api/announcements/${id}/recipients?status=unknown`,
        admin2.cookie,
      );
      expect(unknown.json).toMatchObject({
        items: [{ email: emails[KILL_AT - 1], status: 'unknown' }],
        next: null,
      });
    } finally {
      await db?.close();
      await second?.kill('SIGTERM');
      if (first && !killed) await first.kill('SIGTERM');
      await smtp.close();
      await database.dispose();
    }
  });
});
