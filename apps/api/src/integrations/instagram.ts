import { isHttpUrl, requestJson } from './http';

export interface InstagramConfig {
  /** Base URL of the scraper service; undefined: Instagram metadata is unavailable. */
  url: string | undefined;
  apiKey: string | undefined;
  timeoutMs: number;
}

export interface InstagramMedia {
  videoUrl: string | null;
  caption: string;
  thumbnail: string;
  fullName: string;
  /** Seconds (0 when unknown). */
  duration: number;
}

/**
 * The scraper answered with an error or an unexpected shape. `message` may be the service's own words (which
 * can name its key, plan or internal hosts): logs and administrators only. `reason` is what members may read.
 */
export class InstagramApiError extends Error {
  override name = 'InstagramApiError';

  constructor(
    message: string,
    /** The scraper's HTTP status, when it answered one. */
    readonly status?: number,
    private readonly ownReason?: string,
  ) {
    super(message);
  }

  /** The scraper itself is at fault (key, quota, outage), not the post asked about. */
  get serviceFault(): boolean {
    return this.status === undefined || [401, 402, 403, 429].includes(this.status) || this.status >= 500;
  }

  /** A Spanish reason of our own, never the scraper's words. */
  get reason(): string {
    if (this.ownReason) return this.ownReason;
    return this.serviceFault
      ? 'el servicio de Instagram no está disponible en este momento'
      : 'el video no existe o no está disponible';
  }
}

type Json = Record<string, unknown>;
const obj = (value: unknown): Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const firstUrl = (list: unknown): string => (Array.isArray(list) ? text(obj(list[0]).url) : '');

function errorMessage(body: unknown, status: number): string {
  const data = obj(body);
  const detail = obj(data.detail);
  return (
    text(data.message) || text(data.detail) || text(detail.error) || text(data.error) || `HTTP ${status}`
  );
}

/** A media-info scraper (GET {base}/media_info?url=...) answering the `data.items[0]` shape. */
export function createInstagramClient(config: InstagramConfig) {
  return {
    configured: config.url !== undefined,

    async mediaInfo(postUrl: string): Promise<InstagramMedia> {
      if (!config.url) {
        const reason = 'servicio de Instagram no configurado';
        throw new InstagramApiError(reason, undefined, reason);
      }
      const url = new URL(`${config.url}/media_info`);
      url.searchParams.set('url', postUrl);
      const { status, body } = await requestJson(url.toString(), {
        headers: config.apiKey ? { 'x-api-key': config.apiKey } : {},
        timeoutMs: config.timeoutMs,
      });
      if (status !== 200) throw new InstagramApiError(errorMessage(body, status), status);
      const items = obj(obj(body).data).items;
      if (!Array.isArray(items) || items.length === 0) {
        const reason = 'la respuesta no contiene el video';
        throw new InstagramApiError(reason, status, reason);
      }
      const item = obj(items[0]);
      const duration = Number(item.video_duration);
      return {
        videoUrl: isHttpUrl(firstUrl(item.video_versions)) ? firstUrl(item.video_versions) : null,
        caption: text(obj(item.caption).text),
        thumbnail: firstUrl(obj(item.image_versions2).candidates),
        fullName: text(obj(item.user).full_name),
        duration: Number.isFinite(duration) && duration > 0 ? Math.round(duration) : 0,
      };
    },
  };
}

export type InstagramClient = ReturnType<typeof createInstagramClient>;
