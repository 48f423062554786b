/**
 * A local Instagram media-info scraper: GET /media_info?url={post link} with an `x-api-key` header, answering
 * the `data.items[0]` shape (video_versions, caption, image_versions2, user, video_duration). The code's
 * first character picks the answer:
 *   E  404 with the service's error body     B  200 without items
 *   N  a post without video_versions          C  no caption
 *   S  no answer (the app's timeout must end the call)
 *   any other: a reel by "Usuario " + the code's first 5 characters, 75.4 s long
 */
import type { FakeService } from './index';
import { hang, sendJson, startHttpFake, type HttpFake } from './http-fake';

export const FAKE_INSTAGRAM_KEY = 'fake-instagram-key';

const fakeFullName = (code: string): string => `Usuario ${code.slice(0, 5)}`;
export const fakeCaption = (code: string): string =>
  `Receta ${code}: el café perfecto en casa, paso a paso, con trucos de barista profesional.`;

export function startFakeInstagram(): Promise<HttpFake> {
  return startHttpFake((request, response, baseUrl) => {
    const url = new URL(request.url, baseUrl);
    if (url.pathname !== '/media_info') return sendJson(response, 404, { message: 'Endpoint not found' });
    if (request.headers['x-api-key'] !== FAKE_INSTAGRAM_KEY) {
      return sendJson(response, 401, {
        message: 'Invalid API key. Go to the dashboard to get one. (upstream: internal at 10.0.0.5)',
      });
    }
    let code = '';
    try {
      code = new URL(url.searchParams.get('url') ?? '').pathname.split('/').filter(Boolean).at(-1) ?? '';
    } catch {
      return sendJson(response, 400, { detail: 'Invalid url parameter' });
    }
    switch (code[0]) {
      case 'S':
        return hang();
      case 'E':
        return sendJson(response, 404, { detail: 'Media not found or unavailable' });
      case 'B':
        return sendJson(response, 200, { data: { items: [] }, status: 'ok' });
    }
    return sendJson(response, 200, {
      data: {
        items: [
          {
            code,
            id: `3300000000000000000_${code.length}`,
            media_type: 2,
            taken_at: 1716000000,
            ...(code.startsWith('N')
              ? {}
              : {
                  video_versions: [
                    { type: 101, width: 720, height: 1280, url: `${baseUrl}/cdn/${code}.mp4` },
                  ],
                }),
            caption: code.startsWith('C') ? null : { text: fakeCaption(code) },
            image_versions2: {
              candidates: [{ width: 720, height: 1280, url: `${baseUrl}/cdn/${code}.jpg` }],
            },
            user: {
              pk: '123',
              username: `user_${code.slice(0, 5).toLowerCase()}`,
              full_name: fakeFullName(code),
            },
            video_duration: 75.4,
          },
        ],
      },
      status: 'ok',
    });
  });
}

export const fakeInstagram: FakeService = {
  name: 'instagram',
  async start() {
    const fake = await startFakeInstagram();
    return {
      env: { INSTAGRAM_API_URL: fake.baseUrl, INSTAGRAM_API_KEY: FAKE_INSTAGRAM_KEY },
      close: fake.close,
    };
  },
};
