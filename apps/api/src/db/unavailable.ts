/**
 * Whether an error means the database server cannot be reached right now (restarting, shut down, network cut),
 * as opposed to a fault in the query: the request is answered 503 and the next one may succeed.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && LOST_CONNECTION.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

// PostgreSQL's class 57P (operator intervention: admin shutdown, crash shutdown, cannot connect now, database
// dropped) and 08 (connection exception), and the socket errors node-postgres passes through.
const UNAVAILABLE_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '57P04',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// node-postgres' own messages for a connection that ended or never came (no code on these).
// PostgreSQL refusing new sessions: starting up, shutting down, or the database closed to connections.
const LOST_CONNECTION =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed)|is not currently accepting connections|the database system is (starting up|shutting down|in recovery mode)/;
