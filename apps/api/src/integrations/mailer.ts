import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type * as Nodemailer from 'nodemailer';
import type { Config } from '../config';

/** One outgoing email: Spanish subject, plain text and HTML bodies. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the message carries: logged when the message is not really sent, so a developer can follow it. */
  link?: string;
  /** Extra headers (a bulk letter's `List-Unsubscribe`). */
  headers?: Record<string, string>;
}

/**
 * How the mail server refused a message: `permanent` for a 5xx answer (the address will not take it: do not
 * try again), `temporary` for a 4xx answer or no answer at all (try again later).
 */
export function mailFailureOf(error: unknown): {
  kind: 'permanent' | 'temporary';
  code: number | null;
  message: string;
} {
  const { responseCode, response, message } = (error ?? {}) as {
    responseCode?: unknown;
    response?: unknown;
    message?: unknown;
  };
  const code = typeof responseCode === 'number' ? responseCode : null;
  const text = String(typeof response === 'string' ? response : (message ?? error)).slice(0, 500);
  return {
    kind: code !== null && code >= 500 && code < 600 ? 'permanent' : 'temporary',
    code,
    message: text,
  };
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Messages kept in memory (no SMTP and no outbox folder: tests on an in-memory database). */
  readonly kept: readonly MailMessage[];
  close(): void;
}

interface Log {
  info(obj: object, msg: string): void;
}

/**
 * A nodemailer transport made at its first message: nodemailer loads then, not at every start of the server.
 * `close` closes it if it was made.
 */
function lazyTransport<Transport extends { close(): void }>(
  make: (nodemailer: typeof Nodemailer) => Transport,
) {
  let made: Promise<Transport> | undefined;
  return {
    get: () => (made ??= import('nodemailer').then(make)),
    close: () => void made?.then((transport) => transport.close()),
  };
}

/**
 * Sends through SMTP_URL with nodemailer. Without it, each message is rendered exactly as it would be sent and
 * written as a `.eml` file under the outbox folder (or kept in memory when there is none), and its link logged.
 */
export function createMailer(mail: Config['mail'], log: Log, options: { timeoutMs?: number } = {}): Mailer {
  const kept: MailMessage[] = [];
  const timeoutMs = options.timeoutMs ?? 15_000;

  if (mail.smtpUrl) {
    const smtpUrl = mail.smtpUrl;
    const transport = lazyTransport(({ createTransport }) =>
      createTransport(
        {
          url: smtpUrl,
          // One connection kept open for the next messages (a sending of announcements is thousands of them).
          pool: true,
          connectionTimeout: timeoutMs,
          greetingTimeout: timeoutMs,
          socketTimeout: timeoutMs,
        },
        { from: mail.from },
      ),
    );
    return {
      kept,
      async send({ to, subject, text, html, headers }) {
        const smtp = await transport.get();
        await smtp.sendMail({ to, subject, text, html, ...(headers ? { headers } : {}) });
      },
      close: transport.close,
    };
  }

  const outboxDir = mail.outboxDir;
  const render = lazyTransport(({ createTransport }) =>
    createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, { from: mail.from }),
  );
  return {
    kept,
    async send(message) {
      const { to, subject, text, html, link, headers } = message;
      if (!outboxDir) {
        kept.push(message);
        log.info({ to, link }, 'email kept in memory (no SMTP_URL)');
        return;
      }
      const renderer = await render.get();
      const info = await renderer.sendMail({ to, subject, text, html, ...(headers ? { headers } : {}) });
      await mkdir(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outboxDir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message);
      log.info({ to, file, link }, 'email written to the outbox (no SMTP_URL)');
    },
    close: render.close,
  };
}
