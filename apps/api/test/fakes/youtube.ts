/**
 * A local YouTube: the Data API v3 `videos.list` and the oEmbed endpoint, in their real formats (error bodies
 * included). What a video id answers depends on its first character, so a test picks a scenario by its id:
 *   q  Data API: 403 quotaExceeded; oEmbed answers
 *   x  Data API: no items (unknown video); oEmbed answers
 *   n  Data API: no items; oEmbed: 404 Not Found            -> the app saves its placeholder
 *   u  Data API: 500 backendError; oEmbed: 401 Unauthorized -> placeholder
 *   h  Data API: a body larger than the app accepts; oEmbed answers
 *   s  neither answers (the app's timeout must end the calls)
 *   any other: the video exists (channel "Canal " + the id's first 5 characters, 4 min 13 s)
 */
import type { FakeService } from './index';
import { hang, sendJson, startHttpFake, type HttpFake } from './http-fake';

export const FAKE_YOUTUBE_KEY = 'fake-youtube-key';

const fakeChannel = (id: string): string => `Canal ${id.slice(0, 5)}`;
const fakePublishedAt = (id: string): string => {
  const day = 1 + (id.charCodeAt(10) % 28);
  return `2024-05-${String(day).padStart(2, '0')}T10:00:00Z`;
};

const apiError = (code: number, reason: string, message: string, status: string) => ({
  error: { code, message, errors: [{ message, domain: 'youtube.quota', reason }], status },
});

export function startFakeYouTube(): Promise<HttpFake> {
  return startHttpFake((request, response) => {
    const url = new URL(request.url, 'http://fake');
    if (url.pathname === '/youtube/v3/videos') {
      if (url.searchParams.get('key') !== FAKE_YOUTUBE_KEY) {
        return sendJson(
          response,
          400,
          apiError(400, 'badRequest', 'API key not valid. Please pass a valid API key.', 'INVALID_ARGUMENT'),
        );
      }
      const id = url.searchParams.get('id') ?? '';
      const scenario = id[0];
      if (scenario === 's') return hang();
      if (scenario === 'q') {
        return sendJson(
          response,
          403,
          apiError(
            403,
            'quotaExceeded',
            'The request cannot be completed because you have exceeded your quota.',
            'PERMISSION_DENIED',
          ),
        );
      }
      if (scenario === 'u') {
        return sendJson(response, 500, apiError(500, 'backendError', 'Backend Error', 'INTERNAL'));
      }
      const list = (items: unknown[]) => ({
        kind: 'youtube#videoListResponse',
        etag: 'fake-etag',
        items,
        pageInfo: { totalResults: items.length, resultsPerPage: items.length },
      });
      if (scenario === 'x' || scenario === 'n') return sendJson(response, 200, list([]));
      if (scenario === 'h') {
        return sendJson(response, 200, list([{ kind: 'youtube#video', id, padding: 'x'.repeat(2_000_000) }]));
      }
      return sendJson(
        response,
        200,
        list([
          {
            kind: 'youtube#video',
            etag: 'fake-etag',
            id,
            snippet: {
              publishedAt: fakePublishedAt(id),
              channelId: `UC${id}`,
              title: `Video ${id}`,
              description: `Descripción del video ${id}`,
              thumbnails: {
                default: { url: `https://i.ytimg.com/vi/${id}/default.jpg`, width: 120, height: 90 },
                high: { url: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`, width: 480, height: 360 },
              },
              channelTitle: fakeChannel(id),
              categoryId: '27',
              liveBroadcastContent: 'none',
            },
            contentDetails: {
              duration: 'PT4M13S',
              dimension: '2d',
              definition: 'hd',
              caption: 'false',
              licensedContent: false,
              projection: 'rectangular',
            },
            statistics: { viewCount: '12345', likeCount: '678', favoriteCount: '0', commentCount: '9' },
          },
        ]),
      );
    }
    if (url.pathname === '/oembed') {
      const watch = new URL(url.searchParams.get('url') ?? '', 'https://www.youtube.com');
      const id = watch.searchParams.get('v') ?? '';
      const scenario = id[0];
      if (scenario === 's') return hang();
      if (scenario === 'n') {
        response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
        return response.end('Not Found');
      }
      if (scenario === 'u') {
        response.writeHead(401, { 'content-type': 'text/html; charset=utf-8' });
        return response.end('Unauthorized');
      }
      return sendJson(response, 200, {
        title: `Video ${id} (oEmbed)`,
        author_name: fakeChannel(id),
        author_url: `https://www.youtube.com/@${id.slice(0, 5)}`,
        type: 'video',
        height: 113,
        width: 200,
        version: '1.0',
        provider_name: 'YouTube',
        provider_url: 'https://www.youtube.com/',
        thumbnail_height: 360,
        thumbnail_width: 480,
        thumbnail_url: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`,
        html: `<iframe width="200" height="113" src="https://www.youtube.com/embed/${id}?feature=oembed"></iframe>`,
      });
    }
    response.writeHead(404, { 'content-type': 'text/html' });
    response.end('Not Found');
  });
}

export const fakeYouTube: FakeService = {
  name: 'youtube',
  async start() {
    const fake = await startFakeYouTube();
    return {
      env: {
        YOUTUBE_API_URL: `${fake.baseUrl}/youtube/v3`,
        YOUTUBE_OEMBED_URL: `${fake.baseUrl}/oembed`,
        YOUTUBE_API_KEY: FAKE_YOUTUBE_KEY,
        YOUTUBE_FAKE_URL: fake.baseUrl,
      },
      close: fake.close,
    };
  },
};
