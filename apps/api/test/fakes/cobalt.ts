/**
 * A local cobalt instance: POST / with JSON {url}, answering as the real API does (docs/api.md of
 * imputnet/cobalt). The media id's first character picks the answer:
 *   e  error (error.api.content.video.unavailable)     p  picker (a photo, then a video)
 *   F  picker with photos only                         L  local-processing
 *   r  redirect                                        g  a 200 answer that is not JSON
 *   T  no answer (the app's timeout must end the call)
 *   Z  error with the code spelled by the rest of the id, dots as hyphens ("Zcontent-video-private")
 *   any other: tunnel
 * Tunnel links are signed and expire like cobalt's (`exp` in milliseconds, TUNNEL_LIFESPAN): GET /tunnel
 * serves the file only before then, by the fake's own clock.
 */
import { createHmac } from 'node:crypto';
import type { FakeService } from './index';
import { hang, sendJson, startHttpFake, type HttpFake } from './http-fake';

export const FAKE_COBALT_KEY = '5ba1c8a4-7f3e-4d0b-9a52-1f0c2e6d8b77';
/** cobalt's default TUNNEL_LIFESPAN. */
const COBALT_TUNNEL_LIFESPAN_MS = 90_000;
/** What the fake says in `context.limit`: rate window (seconds) and duration limit (minutes). */
export const FAKE_COBALT_LIMITS = { rate_exceeded: 60, 'content.too_long': 180 } as const;

const SECRET = 'fake-cobalt-stream-secret';
const sign = (id: string, exp: string) =>
  createHmac('sha256', SECRET).update(`${id},${exp}`).digest('base64url');

/** The id cobalt is asked about: the v= of a YouTube watch link, or the code of an Instagram link. */
function mediaId(link: string): string {
  try {
    const url = new URL(link);
    return url.searchParams.get('v') ?? url.pathname.split('/').filter(Boolean).at(-1) ?? '';
  } catch {
    return '';
  }
}

const serviceOf = (link: string) => (link.includes('instagram.com') ? 'instagram' : 'youtube');

export interface FakeCobaltOptions {
  apiKey?: string;
  tunnelLifespanMs?: number;
  /** The fake's clock (milliseconds), for links that expire. */
  now?: () => number;
}

export function startFakeCobalt(options: FakeCobaltOptions = {}): Promise<HttpFake> {
  const now = options.now ?? Date.now;
  const lifespan = options.tunnelLifespanMs ?? COBALT_TUNNEL_LIFESPAN_MS;
  return startHttpFake((request, response, baseUrl) => {
    const path = new URL(request.url, baseUrl);
    if (request.method === 'GET' && path.pathname === '/tunnel') {
      const id = path.searchParams.get('id') ?? '';
      const exp = path.searchParams.get('exp') ?? '';
      if (path.searchParams.get('sig') !== sign(id, exp) || Number(exp) <= now()) {
        response.writeHead(404);
        return response.end();
      }
      response.writeHead(200, { 'content-type': 'video/mp4' });
      return response.end(Buffer.alloc(16));
    }
    if (request.method === 'GET' && path.pathname.startsWith('/redirect/')) {
      response.writeHead(200, { 'content-type': 'video/mp4' });
      return response.end(Buffer.alloc(16));
    }
    if (request.method !== 'POST' || path.pathname !== '/') {
      return sendJson(response, 404, { status: 'error', error: { code: 'error.api.not_found' } });
    }
    if (!request.headers.accept?.includes('application/json')) {
      return sendJson(response, 400, { status: 'error', error: { code: 'error.api.header.accept' } });
    }
    if (!request.headers['content-type']?.includes('application/json')) {
      return sendJson(response, 400, { status: 'error', error: { code: 'error.api.header.content_type' } });
    }
    if (options.apiKey && request.headers.authorization !== `Api-Key ${options.apiKey}`) {
      const code = request.headers.authorization
        ? 'error.api.auth.key.not_found'
        : 'error.api.auth.key.missing';
      return sendJson(response, 401, { status: 'error', error: { code } });
    }
    let body: { url?: unknown };
    try {
      body = JSON.parse(request.body) as { url?: unknown };
    } catch {
      return sendJson(response, 400, { status: 'error', error: { code: 'error.api.invalid_body' } });
    }
    if (typeof body.url !== 'string') {
      return sendJson(response, 400, { status: 'error', error: { code: 'error.api.link.missing' } });
    }
    const id = mediaId(body.url);
    if (!id) return sendJson(response, 400, { status: 'error', error: { code: 'error.api.link.invalid' } });
    const service = serviceOf(body.url);
    const filename = `media_${id}.mp4`;
    const tunnel = (suffix = '') => {
      const exp = String(now() + lifespan);
      return `${baseUrl}/tunnel?id=${id}${suffix}&exp=${exp}&sig=${sign(`${id}${suffix}`, exp)}`;
    };
    switch (id[0]) {
      case 'T':
        return hang();
      case 'e':
        return sendJson(response, 400, {
          status: 'error',
          error: { code: 'error.api.content.video.unavailable', context: { service } },
        });
      case 'Z': {
        const code = id.slice(1).replaceAll('-', '.');
        const limit = FAKE_COBALT_LIMITS[code as keyof typeof FAKE_COBALT_LIMITS];
        return sendJson(response, code === 'rate_exceeded' ? 429 : 400, {
          status: 'error',
          error: { code: `error.api.${code}`, context: { service, ...(limit ? { limit } : {}) } },
        });
      }
      case 'g':
        response.writeHead(200, { 'content-type': 'text/html' });
        return response.end('<html>cobalt</html>');
      case 'p':
        return sendJson(response, 200, {
          status: 'picker',
          picker: [
            { type: 'photo', url: `${baseUrl}/redirect/${id}-0.jpg` },
            { type: 'video', url: tunnel('-1'), thumb: `${baseUrl}/thumb/${id}.jpg` },
          ],
        });
      case 'F':
        return sendJson(response, 200, {
          status: 'picker',
          picker: [
            { type: 'photo', url: `${baseUrl}/redirect/${id}-0.jpg` },
            { type: 'photo', url: `${baseUrl}/redirect/${id}-1.jpg` },
          ],
        });
      case 'L':
        return sendJson(response, 200, {
          status: 'local-processing',
          type: 'merge',
          service,
          tunnel: [tunnel('-v'), tunnel('-a')],
          output: { type: 'video/mp4', filename },
        });
      case 'r':
        return sendJson(response, 200, {
          status: 'redirect',
          url: `${baseUrl}/redirect/${id}.mp4`,
          filename,
        });
      default:
        return sendJson(response, 200, { status: 'tunnel', url: tunnel(), filename });
    }
  });
}

export const fakeCobalt: FakeService = {
  name: 'cobalt',
  async start() {
    // Tunnel links live less than the app's safety margin here: a saved link is never handed out later, so the
    // end-to-end specs see "Descargar" ask cobalt again.
    const fake = await startFakeCobalt({ apiKey: FAKE_COBALT_KEY, tunnelLifespanMs: 20_000 });
    return {
      env: { COBALT_API_URL: fake.baseUrl, COBALT_API_KEY: FAKE_COBALT_KEY },
      close: fake.close,
    };
  },
};
