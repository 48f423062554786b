import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { redactUrl } from './redact';

/** Write errors that mean nobody reads the terminal any more: it was closed (EIO) or its reader left. */
const TERMINAL_GONE = new Set(['EIO', 'EPIPE', 'EBADF', 'ENXIO']);

export interface TerminalLog {
  /** pino's destination: each JSON line, rendered by pino-pretty and written to stdout. */
  write(line: string): void;
  /** Calls `close` once the terminal is gone (at once if it already is). */
  onGone(close: () => void): void;
}

/**
 * The log of a server started in a terminal, read by a person: pino-pretty renders each line in this thread
 * (no transport worker) and writes it to stdout. When the terminal goes away, writes to it fail: the log
 * goes quiet and tells the server, which closes instead of failing on every line. pino-pretty loads only for
 * a terminal, not at every start of the server.
 */
export async function terminalLog(): Promise<TerminalLog> {
  const { prettyFactory } = await import('pino-pretty');
  const prettify = prettyFactory({ translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId' });
  let gone = false;
  let close: (() => void) | undefined;
  const lost = (error: NodeJS.ErrnoException) => {
    if (!TERMINAL_GONE.has(error.code ?? '')) throw error;
    if (gone) return;
    gone = true;
    close?.();
  };
  process.stdout.on('error', lost);
  process.stderr.on('error', lost);
  return {
    write(line) {
      if (!gone) process.stdout.write(prettify(line));
    },
    onGone(callback) {
      close = callback;
      if (gone) close();
    },
  };
}

/**
 * Fastify's request log for a person: one line when the response is sent (method, path, status, time)
 * instead of an object when the request comes in and another when it ends. Error logs stay as they are.
 */
export class RequestLines extends LogController {
  override incomingRequest(): void {
    // Said once, with the outcome, in requestCompleted.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = `${request.method} ${redactUrl(request.url)} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
    if (error) reply.log.error({ err: error }, line);
    else reply.log.info(line);
  }
}
