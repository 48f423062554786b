/**
 * A local cobalt instance: POST / with JSON {url}, answering `tunnel`, `redirect`, `picker` or `error` as the
 * real API does (docs/api.md of imputnet/cobalt). The media id's first character picks the answer:
 *   e  error (error.api.content.video.unavailable)      p  picker (a photo, then a video)
 *   r  redirect                                          g  a 200 answer that is not JSON
 *   T  no answer (the app's timeout must end the call)   any other: tunnel
 */
import type { FakeService } from './index';
import { hang, sendJson, startHttpFake, type HttpFake } from './http-fake';

export const FAKE_COBALT_KEY = '5ba1c8a4-7f3e-4d0b-9a52-1f0c2e6d8b77';

/** The id cobalt is asked about: the v= of a YouTube watch link, or the code of an Instagram link. */
function mediaId(link: string): string {
  try {
    const url = new URL(link);
    return url.searchParams.get('v') ?? url.pathname.split('/').filter(Boolean).at(-1) ?? '';
  } catch {
    return '';
  }
}

export function startFakeCobalt(options: { apiKey?: string } = {}): Promise<HttpFake> {
  return startHttpFake((request, response, baseUrl) => {
    if (request.method === 'GET' && request.url.startsWith('/tunnel')) {
      response.writeHead(200, { 'content-type': 'video/mp4' });
      return response.end(Buffer.alloc(16));
    }
    if (request.method !== 'POST' || new URL(request.url, baseUrl).pathname !== '/') {
      return sendJson(response, 404, { status: 'error', error: { code: 'error.api.not_found' } });
    }
    if (
      !request.headers.accept?.includes('application/json') ||
      !request.headers['content-type']?.includes('application/json')
    ) {
      return sendJson(response, 400, { status: 'error', error: { code: 'error.api.header.accept' } });
    }
    if (options.apiKey && request.headers.authorization !== `Api-Key ${options.apiKey}`) {
      const code = request.headers.authorization
        ? 'error.api.auth.key.invalid'
        : 'error.api.auth.key.missing';
      return sendJson(response, 401, { status: 'error', error: { code } });
    }
    let body: { url?: unknown };
    try {
      body = JSON.parse(request.body) as { url?: unknown };
    } catch {
      return sendJson(response, 400, { status: 'error', error: { code: 'error.api.invalid_body' } });
    }
    const id = typeof body.url === 'string' ? mediaId(body.url) : '';
    if (!id) return sendJson(response, 400, { status: 'error', error: { code: 'error.api.link.invalid' } });
    const filename = `media_${id}.mp4`;
    switch (id[0]) {
      case 'T':
        return hang();
      case 'e':
        return sendJson(response, 400, {
          status: 'error',
          error: { code: 'error.api.content.video.unavailable', context: { service: 'youtube' } },
        });
      case 'g':
        response.writeHead(200, { 'content-type': 'text/html' });
        return response.end('<html>cobalt</html>');
      case 'p':
        return sendJson(response, 200, {
          status: 'picker',
          picker: [
            { type: 'photo', url: `${baseUrl}/tunnel?id=${id}&item=0` },
            { type: 'video', url: `${baseUrl}/tunnel?id=${id}&item=1`, thumb: `${baseUrl}/thumb/${id}.jpg` },
          ],
        });
      case 'r':
        return sendJson(response, 200, {
          status: 'redirect',
          url: `${baseUrl}/redirect/${id}.mp4`,
          filename,
        });
      default:
        return sendJson(response, 200, { status: 'tunnel', url: `${baseUrl}/tunnel?id=${id}`, filename });
    }
  });
}

export const fakeCobalt: FakeService = {
  name: 'cobalt',
  async start() {
    const fake = await startFakeCobalt({ apiKey: FAKE_COBALT_KEY });
    return {
      env: { COBALT_API_URL: fake.baseUrl, COBALT_API_KEY: FAKE_COBALT_KEY },
      close: fake.close,
    };
  },
};
