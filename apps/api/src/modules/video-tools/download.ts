import { VIDEO_MESSAGES, youtubeWatchUrl, type VideoProvider } from '@app/contracts';
import type { CobaltClient, CobaltResult } from '../../integrations/cobalt';
import { COBALT_MESSAGES } from '../../integrations/cobalt-messages';
import { describeFailure, isPublicHttpUrl, OutgoingError } from '../../integrations/http';
import { InstagramApiError, type InstagramClient } from '../../integrations/instagram';
import { AppError } from '../../lib/errors';
import type { Clock } from '../../lib/clock';
import type { ServiceHealth } from './health';

/** A stored link is handed out only if it stays valid at least this long: time for the browser to reach it. */
const LINK_MARGIN_MS = 30_000;

/**
 * When a media link stops working, read from the link itself: cobalt tunnels carry `exp` (milliseconds),
 * YouTube's googlevideo links `expire` (seconds), Instagram's and Facebook's CDN links `oe` (hexadecimal
 * seconds). null: the link says nothing, so it cannot be trusted later.
 */
export function linkExpiry(link: string): Date | null {
  let params: URLSearchParams;
  try {
    params = new URL(link).searchParams;
  } catch {
    return null;
  }
  const exp = params.get('exp');
  if (exp && /^\d{1,16}$/.test(exp)) {
    const value = Number(exp);
    return new Date(value > 1e11 ? value : value * 1000);
  }
  const expire = params.get('expire');
  if (expire && /^\d{1,12}$/.test(expire)) return new Date(Number(expire) * 1000);
  const oe = params.get('oe');
  if (oe && /^[0-9a-f]{1,12}$/i.test(oe)) return new Date(parseInt(oe, 16) * 1000);
  return null;
}

export const stillValid = (link: string, now: Date): boolean => {
  const expiry = linkExpiry(link);
  return expiry !== null && expiry.getTime() - now.getTime() >= LINK_MARGIN_MS;
};

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const INSTAGRAM_CODE = /^[A-Za-z0-9_-]{5,64}$/;

export interface DownloadDeps {
  cobalt: CobaltClient;
  instagram: InstagramClient;
  clock: Clock;
  health: ServiceHealth;
  /** The configured services' base URLs: their own addresses may serve files even on a private network. */
  serviceUrls: readonly (string | undefined)[];
}

const STATUS_OF_KIND = { content: 422, busy: 503, service: 502 } as const;

function cobaltRefusal(result: Extract<CobaltResult, { ok: false }>): AppError {
  const status = result.code === 'not-configured' ? 503 : STATUS_OF_KIND[result.kind];
  return new AppError(
    status,
    result.message,
    undefined,
    result.retryAfter ? { 'retry-after': String(Math.ceil(result.retryAfter)) } : {},
  );
}

/**
 * The link a saved record's "Descargar" leads to, resolved when it is clicked: the stored link while it is
 * still valid, else a fresh one from cobalt for the media URL built from the stored id (never from the
 * request), else, for Instagram, the scraper's current video link. Throws an AppError saying why when there is
 * none; nothing is made up.
 */
export function createDownloadResolver(provider: VideoProvider, deps: DownloadDeps) {
  const { cobalt, instagram, clock, health } = deps;
  const ownOrigins = deps.serviceUrls.filter((url): url is string => url !== undefined);
  /** Every link a member is redirected to passes here, whoever gave it (the answer's Location header). */
  const safe = (link: string | null): link is string => link !== null && isPublicHttpUrl(link, ownOrigins);

  /** The post on Instagram, or the video on YouTube, from the stored id; null when it cannot be rebuilt. */
  function mediaUrl(videoId: string): string | null {
    if (provider === 'youtube') return YOUTUBE_ID.test(videoId) ? youtubeWatchUrl(videoId) : null;
    // /p/ serves posts and reels alike; a story id (digits) needs the account name, which is not stored.
    return INSTAGRAM_CODE.test(videoId) && !/^\d+$/.test(videoId)
      ? `https://www.instagram.com/p/${videoId}/`
      : null;
  }

  async function fromCobalt(url: string): Promise<CobaltResult> {
    let result = await cobalt.downloadLink(url);
    if (result.ok && !safe(result.url)) {
      result = { ok: false, code: 'unsafe_link', kind: 'service', message: COBALT_MESSAGES.unsafeLink };
    }
    if (result.ok) health.succeeded('cobalt');
    else if (result.kind === 'service' && cobalt.configured) health.failed('cobalt', result.message);
    return result;
  }

  /** The scraper's current link for the post, or null (its failure is recorded, cobalt's reason is shown). */
  async function fromScraper(url: string): Promise<string | null> {
    if (!instagram.configured) return null;
    try {
      const media = await instagram.mediaInfo(url);
      health.succeeded('instagram');
      return safe(media.videoUrl) ? media.videoUrl : null;
    } catch (error) {
      if (error instanceof OutgoingError) health.failed('instagram', describeFailure(error));
      else if (error instanceof InstagramApiError) {
        if (error.serviceFault) health.failed('instagram', error.message);
      } else throw error;
      return null;
    }
  }

  return async (record: { video_id: string; url_video: string | null }): Promise<string> => {
    if (safe(record.url_video) && stillValid(record.url_video, clock.now())) return record.url_video;
    const url = mediaUrl(record.video_id);
    if (!url) {
      throw new AppError(
        422,
        provider === 'youtube' ? VIDEO_MESSAGES.downloadNoRealId : VIDEO_MESSAGES.downloadStory,
      );
    }
    const result = await fromCobalt(url);
    if (result.ok) return result.url;
    // The scraper can help when cobalt is absent or broken, not when the video itself is out of reach.
    if (provider === 'instagram' && result.kind !== 'content') {
      const link = await fromScraper(url);
      if (link) return link;
    }
    throw cobaltRefusal(result);
  };
}
