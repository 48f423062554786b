import {
  generateYouTubeId,
  INSTAGRAM_TITLE_MAX,
  parseInstagramLink,
  parseYouTubeLink,
  VIDEO_MESSAGES,
  YOUTUBE_PLACEHOLDER,
  youtubeWatchUrl,
} from '@app/contracts';
import type { CobaltClient } from '../../integrations/cobalt';
import { describeFailure, OutgoingError } from '../../integrations/http';
import { InstagramApiError, type InstagramClient } from '../../integrations/instagram';
import type { YouTubeClient, YouTubeDetails } from '../../integrations/youtube';
import { AppError, badRequest } from '../../lib/errors';
import type { Clock } from '../../lib/clock';
import type { ServiceHealth } from './health';
import type { NewVideoRecord } from './schema';

/**
 * A provider's thumbnail is stored only when it is an https: address (the page shows it as an image): any
 * other scheme (javascript:, data:, http:) is dropped and the record has no thumbnail.
 */

/** A provider's text, or undefined when it sent none or an empty one. */
const nonEmpty = (text: string | undefined): string | undefined => (text === '' ? undefined : text);
export function httpsOnly(url: string | undefined): string {
  if (!url) return '';
  try {
    return new URL(url).protocol === 'https:' ? url : '';
  } catch {
    return '';
  }
}

export interface Logger {
  warn(details: object, message: string): void;
}

/** What the service needs from a provider: turn a pasted link into a record to save. */
export interface VideoProviderImpl {
  resolve(url: string): Promise<Omit<NewVideoRecord, 'provider' | 'user_id'>>;
}

interface ProviderDeps {
  cobalt: CobaltClient;
  clock: Clock;
  log: Logger;
  /** Where failures of the outside services are noted for the administrators' notice. */
  health: ServiceHealth;
}

/** A download link from cobalt, or null: its absence is shown as such, never replaced by a made-up link. */
async function cobaltLink({ cobalt, log, health }: ProviderDeps, mediaUrl: string): Promise<string | null> {
  if (!cobalt.configured) return null;
  const result = await cobalt.downloadLink(mediaUrl);
  if (result.ok) {
    health.succeeded('cobalt');
    return result.url;
  }
  if (result.kind === 'service') health.failed('cobalt', result.message);
  log.warn({ mediaUrl, code: result.code }, 'cobalt gave no download link');
  return null;
}

const today = (clock: Clock) => clock.now().toISOString().slice(0, 10);

export function youtubeProvider(
  deps: ProviderDeps & { youtube: YouTubeClient; random: () => string },
): VideoProviderImpl {
  const { youtube, clock, log, health } = deps;

  /** Data API, else oEmbed, else null (the caller saves the spec's placeholder). */
  async function metadata(id: string): Promise<YouTubeDetails | null> {
    if (youtube.hasApiKey) {
      try {
        const details = await youtube.videoDetails(id);
        health.succeeded('youtube');
        if (details) return details;
        log.warn({ id }, 'YouTube Data API does not know the video');
      } catch (error) {
        health.failed('youtube', error instanceof Error ? error.message : 'error inesperado');
        log.warn({ id, reason: error instanceof Error ? error.message : error }, 'YouTube Data API failed');
      }
    }
    try {
      const oembed = await youtube.oembed(id);
      if (oembed) {
        return {
          title: oembed.title,
          description: '',
          channel: oembed.channel,
          duration: 0,
          views: 0,
          likes: 0,
          quality: YOUTUBE_PLACEHOLDER.quality,
          thumbnail: oembed.thumbnail,
          publishedAt: today(clock),
        };
      }
      log.warn({ id }, 'YouTube oEmbed does not know the video');
    } catch (error) {
      log.warn({ id, reason: error instanceof Error ? error.message : error }, 'YouTube oEmbed failed');
    }
    return null;
  }

  return {
    async resolve(url) {
      const link = parseYouTubeLink(url);
      if (link.kind === 'invalid') throw badRequest(VIDEO_MESSAGES.invalidYouTubeUrl, 'url');
      const id = link.kind === 'id' ? link.id : generateYouTubeId(clock.now(), deps.random());
      // Without a real id there is nothing to look up: placeholder data and no download link.
      const [details, downloadUrl] =
        link.kind === 'id'
          ? await Promise.all([metadata(id), cobaltLink(deps, youtubeWatchUrl(id))])
          : [null, null];
      const publishedAt = nonEmpty(details?.publishedAt) ?? today(clock);
      return {
        video_id: id,
        titulo: nonEmpty(details?.title) ?? YOUTUBE_PLACEHOLDER.title(id),
        descripcion: details?.description ?? '',
        duracion: details ? details.duration : YOUTUBE_PLACEHOLDER.duration,
        vistas: details?.views ?? 0,
        likes: details?.likes ?? 0,
        url_video: downloadUrl,
        calidad_video: details?.quality ?? YOUTUBE_PLACEHOLDER.quality,
        url_audio: '',
        miniatura: httpsOnly(details?.thumbnail),
        canal: details?.channel ?? '',
        fecha_publicacion: publishedAt,
        placeholder: details === null,
        sort_date: publishedAt,
      };
    },
  };
}

export function instagramProvider(deps: ProviderDeps & { instagram: InstagramClient }): VideoProviderImpl {
  const { instagram, clock, health } = deps;
  return {
    async resolve(url) {
      if (url.trim() === '') throw badRequest(VIDEO_MESSAGES.emptyUrl, 'url');
      const link = parseInstagramLink(url);
      if (!link) throw badRequest(VIDEO_MESSAGES.invalidInstagramUrl, 'url');
      if (!instagram.configured) {
        throw new AppError(503, VIDEO_MESSAGES.processError('el servicio de Instagram no está configurado'));
      }
      let media;
      try {
        media = await instagram.mediaInfo(link.url);
        health.succeeded('instagram');
      } catch (error) {
        if (error instanceof InstagramApiError) {
          if (error.serviceFault) health.failed('instagram', error.message);
          throw new AppError(502, VIDEO_MESSAGES.apiError(error.reason)).withDetail(error.message);
        }
        if (error instanceof OutgoingError) {
          health.failed('instagram', describeFailure(error));
          throw new AppError(502, VIDEO_MESSAGES.processError(describeFailure(error)));
        }
        throw error;
      }
      const extractedAt = clock.now().toISOString();
      const caption = media.caption.trim();
      return {
        video_id: link.id,
        titulo: caption ? caption.slice(0, INSTAGRAM_TITLE_MAX) : 'Sin título',
        descripcion: caption || 'Sin descripción',
        duracion: media.duration,
        url_video: media.videoUrl ?? (await cobaltLink(deps, link.url)),
        miniatura: httpsOnly(media.thumbnail),
        usuario: media.fullName,
        fecha_extraccion: extractedAt,
        sort_date: extractedAt,
      };
    },
  };
}
