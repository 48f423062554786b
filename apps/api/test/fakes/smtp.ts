import { EventEmitter } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import type { FakeService, StartedFake } from './index';

/** A message as the fake SMTP server received and parsed it. */
export interface ReceivedMail {
  /** Envelope recipients (RCPT TO). */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** The raw MIME source. */
  raw: string;
}

export interface FakeSmtp extends StartedFake {
  /** smtp:// URL of the server, for SMTP_URL. */
  url: string;
  messages(): readonly ReceivedMail[];
  /** Resolves with the first message to that address (with that subject, if given), received or arriving later. */
  waitForMessage(to: string, subject?: string): Promise<ReceivedMail>;
  /** Drops the messages received so far with this subject (a sign-in code read, then out of the way). */
  forget(subject: string): void;
  /**
   * Refuses mail to `address` with an SMTP reply `code` (4xx: try later; 5xx: never), `times` times (default:
   * always), as a real server refuses a full or unknown mailbox at RCPT TO.
   */
  refuse(address: string, code: number, times?: number): void;
}

const listen = (server: { listen(port: number, host: string, cb: () => void): unknown }) =>
  new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

/**
 * A real SMTP server (npm smtp-server) on a free loopback port. Each message is parsed (postal-mime) and kept;
 * a tiny HTTP endpoint lists them as JSON so the end-to-end specs can read an email and follow its link.
 */
export async function startFakeSmtp(): Promise<FakeSmtp> {
  const received: ReceivedMail[] = [];
  const arrivals = new EventEmitter();
  const refusals = new Map<string, { code: number; left: number }>();

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // A client's pooled connection stays open between messages; on close, end it at once instead of after 30 s.
    closeTimeout: 50,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'test' }),
    onRcptTo(address, _session, callback) {
      const refusal = refusals.get(address.address.toLowerCase());
      if (!refusal || refusal.left <= 0) return callback();
      refusal.left -= 1;
      const error = Object.assign(new Error(`Mailbox refused (${refusal.code})`), {
        responseCode: refusal.code,
      });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        PostalMime.parse(raw)
          .then((email) => {
            const mail: ReceivedMail = {
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              subject: email.subject ?? '',
              text: email.text ?? '',
              html: email.html ?? '',
              raw: raw.toString('utf8'),
            };
            received.push(mail);
            arrivals.emit('mail', mail);
            callback();
          })
          .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
      });
    },
  });
  await listen(smtp);
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const mailbox: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const to = url.searchParams.get('to')?.toLowerCase();
    const list = to ? received.filter((mail) => mail.to.includes(to)) : received;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(list));
  });
  await listen(mailbox);
  const mailboxPort = (mailbox.address() as AddressInfo).port;

  const url = `smtp://127.0.0.1:${smtpPort}`;
  return {
    url,
    env: { SMTP_URL: url, FAKE_MAILBOX_URL: `http://127.0.0.1:${mailboxPort}/messages` },
    messages: () => received,
    refuse(address, code, times = Number.POSITIVE_INFINITY) {
      refusals.set(address.toLowerCase(), { code, left: times });
    },
    forget(subject) {
      const kept = received.filter((mail) => mail.subject !== subject);
      received.splice(0, received.length, ...kept);
    },
    waitForMessage(to, subject) {
      const address = to.toLowerCase();
      const wanted = (mail: ReceivedMail) =>
        mail.to.includes(address) && (subject === undefined || mail.subject === subject);
      const already = received.find(wanted);
      if (already) return Promise.resolve(already);
      return new Promise((resolve) => {
        const onMail = (mail: ReceivedMail) => {
          if (!wanted(mail)) return;
          arrivals.off('mail', onMail);
          resolve(mail);
        };
        arrivals.on('mail', onMail);
      });
    },
    async close() {
      mailbox.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => mailbox.close(() => resolve())),
        new Promise<void>((resolve) => smtp.close(() => resolve())),
      ]);
    },
  };
}

export const fakeSmtp: FakeService = { name: 'smtp', start: startFakeSmtp };
