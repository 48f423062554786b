import { youtubeWatchUrl } from '@app/contracts';
import { requestJson } from './http';

export interface YouTubeConfig {
  apiKey: string | undefined;
  dataApiUrl: string;
  oembedUrl: string;
  timeoutMs: number;
}

export interface YouTubeDetails {
  title: string;
  description: string;
  channel: string;
  /** Seconds. */
  duration: number;
  views: number;
  likes: number;
  /** 'HD' or 'SD'. */
  quality: string;
  thumbnail: string;
  /** YYYY-MM-DD. */
  publishedAt: string;
}

export interface YouTubeOEmbed {
  title: string;
  channel: string;
  thumbnail: string;
}

/** A service answered with an error, or with something that is not the expected shape. */
class YouTubeApiError extends Error {
  override name = 'YouTubeApiError';
}

/** ISO-8601 duration as the Data API sends it (PT1H2M3S, P1DT2H, PT0S) to seconds; null when unreadable. */
export function parseIsoDuration(value: string): number | null {
  const match = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(value);
  if (!match || value === 'P' || value.endsWith('T')) return null;
  const [, weeks, days, hours, minutes, seconds] = match;
  const n = (part: string | undefined) => (part ? Number(part) : 0);
  return Math.round(n(weeks) * 604_800 + n(days) * 86_400 + n(hours) * 3_600 + n(minutes) * 60 + n(seconds));
}

const count = (value: unknown): number => {
  const n = typeof value === 'string' || typeof value === 'number' ? Number(value) : NaN;
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : 0;
};
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

type Json = Record<string, unknown>;
const obj = (value: unknown): Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};

function apiErrorMessage(body: unknown, status: number): string {
  const error = obj(obj(body).error);
  return text(error.message) || `HTTP ${status}`;
}

/** The YouTube Data API v3 (videos.list) and oEmbed, at configurable base URLs. */
export function createYouTubeClient(config: YouTubeConfig) {
  return {
    hasApiKey: config.apiKey !== undefined,

    /** videos.list with snippet, contentDetails and statistics; null when the video does not exist. */
    async videoDetails(id: string): Promise<YouTubeDetails | null> {
      if (!config.apiKey) throw new YouTubeApiError('sin clave de API');
      const url = new URL(`${config.dataApiUrl}/videos`);
      url.searchParams.set('part', 'snippet,contentDetails,statistics');
      url.searchParams.set('id', id);
      url.searchParams.set('key', config.apiKey);
      const { status, body } = await requestJson(url.toString(), { timeoutMs: config.timeoutMs });
      if (status !== 200) throw new YouTubeApiError(apiErrorMessage(body, status));
      const items = obj(body).items;
      if (!Array.isArray(items)) throw new YouTubeApiError('respuesta sin items');
      const item = obj(items[0]);
      if (items.length === 0) return null;
      const snippet = obj(item.snippet);
      const details = obj(item.contentDetails);
      const statistics = obj(item.statistics);
      const thumbnails = obj(snippet.thumbnails);
      const thumbnail = ['maxres', 'standard', 'high', 'medium', 'default']
        .map((size) => text(obj(thumbnails[size]).url))
        .find(Boolean);
      return {
        title: text(snippet.title),
        description: text(snippet.description),
        channel: text(snippet.channelTitle),
        duration: parseIsoDuration(text(details.duration)) ?? 0,
        views: count(statistics.viewCount),
        likes: count(statistics.likeCount),
        quality: text(details.definition).toLowerCase() === 'sd' ? 'SD' : 'HD',
        thumbnail: thumbnail ?? '',
        publishedAt: text(snippet.publishedAt).slice(0, 10),
      };
    },

    /** oEmbed (title, channel, thumbnail); null when YouTube does not know or embed the video. */
    async oembed(id: string): Promise<YouTubeOEmbed | null> {
      const url = new URL(config.oembedUrl);
      url.searchParams.set('url', youtubeWatchUrl(id));
      url.searchParams.set('format', 'json');
      const { status, body } = await requestJson(url.toString(), { timeoutMs: config.timeoutMs });
      if (status === 404 || status === 401 || status === 403) return null;
      if (status !== 200) throw new YouTubeApiError(`HTTP ${status}`);
      const data = obj(body);
      if (typeof data.title !== 'string') throw new YouTubeApiError('respuesta oEmbed sin título');
      return { title: data.title, channel: text(data.author_name), thumbnail: text(data.thumbnail_url) };
    },
  };
}

export type YouTubeClient = ReturnType<typeof createYouTubeClient>;
