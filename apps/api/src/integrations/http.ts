import { BlockList, isIP } from 'node:net';

/** Why an outgoing call produced no usable answer. */
export type OutgoingFailure = 'timeout' | 'network' | 'too-large' | 'invalid-json';

export class OutgoingError extends Error {
  constructor(
    readonly kind: OutgoingFailure,
    message: string,
  ) {
    super(message);
    this.name = 'OutgoingError';
  }
}

export interface JsonRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  timeoutMs: number;
  /** Answers larger than this are cut off and rejected. */
  maxBytes?: number;
}

export interface JsonResponse {
  status: number;
  /** The parsed JSON body, or undefined when the body was empty or not JSON (e.g. an HTML error page). */
  body: unknown;
}

const DEFAULT_MAX_BYTES = 1024 * 1024;

/**
 * The one way integrations call a third party: a timeout over the whole exchange (body included), a bounded
 * body, and redirects refused (a redirect could point anywhere, so it is never followed).
 */
export async function requestJson(url: string, request: JsonRequest): Promise<JsonResponse> {
  const maxBytes = request.maxBytes ?? DEFAULT_MAX_BYTES;
  const signal = AbortSignal.timeout(request.timeoutMs);
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url, {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      redirect: 'manual',
      signal,
    });
  } catch (error) {
    throw failure(error, signal);
  }
  const text = await readBounded(response, maxBytes, signal);
  if (text.trim() === '') return { status: response.status, body: undefined };
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    if (response.ok) throw new OutgoingError('invalid-json', 'la respuesta no es JSON');
    return { status: response.status, body: undefined };
  }
}

async function readBounded(response: Response, maxBytes: number, signal: AbortSignal): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new OutgoingError('too-large', 'la respuesta es demasiado grande');
  }
  if (!response.body) return '';
  const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw new OutgoingError('too-large', 'la respuesta es demasiado grande');
      }
      chunks.push(value);
    }
  } catch (error) {
    throw failure(error, signal);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function failure(error: unknown, signal: AbortSignal): OutgoingError {
  if (error instanceof OutgoingError) return error;
  if (signal.aborted) return new OutgoingError('timeout', 'el servicio no respondió a tiempo');
  return new OutgoingError('network', 'no se pudo conectar con el servicio');
}

/** A short, safe reason to show: the service's own message when it gave one. */
export const describeFailure = (error: unknown): string =>
  error instanceof OutgoingError ? error.message : 'error inesperado';

/** An absolute http(s) link, the only kind of link a service may hand to the browser. */
export const isHttpUrl = (value: unknown): value is string => {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

/**
 * Addresses a member's browser must not be sent to: this machine, private networks, link-local, reserved.
 * BlockList matches an IPv4-mapped IPv6 address against the IPv4 rules.
 */
const PRIVATE_ADDRESSES = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  PRIVATE_ADDRESSES.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE_ADDRESSES.addSubnet(network, prefix, 'ipv6');
}

/** Names that only mean something inside a network: single labels and the local-use suffixes. */
const LOCAL_NAME = /(^[^.]+$)|(^|\.)(localhost|local|internal|lan|home\.arpa)$/i;

/** Only the characters RFC 3986 allows in a URI: no spaces, controls or raw non-ASCII (a header refuses them). */
const URI_CHARACTERS = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+$/;

/**
 * Whether a link from an outside service may be handed to a member's browser as a redirect: http(s), valid
 * characters, no credentials, and a public host, unless it is the origin of one of `ownOrigins` (the
 * configured services, which may be self-hosted on a private network and serve their files from there).
 */
export function isPublicHttpUrl(value: unknown, ownOrigins: readonly string[] = []): value is string {
  if (!isHttpUrl(value) || !URI_CHARACTERS.test(value)) return false;
  const url = new URL(value);
  if (url.username !== '' || url.password !== '') return false;
  if (ownOrigins.some((origin) => sameOrigin(origin, url))) return true;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  const family = isIP(host);
  if (family !== 0) return !PRIVATE_ADDRESSES.check(host, family === 4 ? 'ipv4' : 'ipv6');
  return host !== '' && !LOCAL_NAME.test(host);
}

function sameOrigin(origin: string, url: URL): boolean {
  try {
    return new URL(origin).origin === url.origin;
  } catch {
    return false;
  }
}
