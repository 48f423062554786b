import {
  buildPath,
  parseInstagramLink,
  parseYouTubeLink,
  VIDEO_MESSAGES,
  videoTools,
  type InstagramVideo,
  type VideoProvider,
  type YouTubeVideo,
} from '@app/contracts';
import { formatDateTime } from '@/lib/format-date';
import { formatDay, formatMinutesSeconds, formatPaddedMinutesSeconds } from './format';

/** One saved video as both screens show it. */
export interface VideoView {
  recordId: number;
  id: string;
  title: string;
  description: string;
  /** Channel (YouTube) or user (Instagram). */
  author: string;
  duration: string;
  /** "Publicado: ..." or "Extraído: ...", an instant being shown in the community's zone (lib/format-date). */
  dateLine: (timeZone: string | undefined) => string;
  thumbnail: string;
  /**
   * The server's download route for the record, which finds a working link when it is opened (stored links
   * expire); null when the record has no real video id to download.
   */
  downloadUrl: string | null;
  /** The video on the provider's site, when the id is a real one. */
  pageUrl: string | null;
  placeholder: boolean;
}

/** What differs between the two screens; everything else is shared. */
export interface ProviderConfig {
  provider: VideoProvider;
  endpoints: (typeof videoTools)[VideoProvider];
  title: string;
  subtitle: string;
  badge: string;
  badgeColor: string;
  urlPlaceholder: string;
  /** Client-side check with the server's own parser and message (the server checks again). */
  validateUrl: (url: string) => string | null;
  authorColumn: string;
  filterLabel: string;
  allFilterLabel: string;
  filterError: string;
  /** The second column: the title linking to the video (YouTube) or the reel link (Instagram). */
  linkColumn: string;
  linkText: (video: VideoView) => string;
  toView: (record: unknown) => VideoView;
}

const downloadPath = (provider: VideoProvider, recordId: number) =>
  buildPath(videoTools[provider].download.path, { recordId });

const youtubeView = (record: YouTubeVideo): VideoView => ({
  recordId: record.record_id,
  id: record.id,
  title: record.titulo,
  description: record.descripcion,
  author: record.canal,
  duration: formatMinutesSeconds(record.duracion),
  dateLine: () => `Publicado: ${formatDay(record.fecha_publicacion)}`,
  thumbnail: record.miniatura,
  downloadUrl: record.id.startsWith('yt_') ? null : downloadPath('youtube', record.record_id),
  pageUrl: record.id.startsWith('yt_') ? null : `https://www.youtube.com/watch?v=${record.id}`,
  placeholder: record.placeholder,
});

const instagramView = (record: InstagramVideo): VideoView => ({
  recordId: record.record_id,
  id: record.id,
  title: record.titulo,
  description: record.descripcion,
  author: record.usuario,
  duration: formatPaddedMinutesSeconds(record.duracion),
  dateLine: (timeZone) => `Extraído: ${formatDateTime(record.fecha_extraccion, timeZone)}`,
  thumbnail: record.miniatura,
  downloadUrl: downloadPath('instagram', record.record_id),
  pageUrl: `https://www.instagram.com/reel/${record.id}/`,
  placeholder: false,
});

export const PROVIDERS: Record<VideoProvider, ProviderConfig> = {
  youtube: {
    provider: 'youtube',
    endpoints: videoTools.youtube,
    title: 'YTVideo',
    subtitle: 'Obtén información detallada de videos de YouTube',
    badge: 'YouTube',
    badgeColor: 'red',
    urlPlaceholder: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    validateUrl: (url) =>
      parseYouTubeLink(url).kind === 'invalid' ? VIDEO_MESSAGES.invalidYouTubeUrl : null,
    authorColumn: 'Canal',
    filterLabel: 'Filtrar por canal',
    allFilterLabel: 'Todos los canales',
    filterError: 'Error al buscar por canal',
    linkColumn: 'Título',
    linkText: (video) => video.title,
    toView: (record) => youtubeView(record as YouTubeVideo),
  },
  instagram: {
    provider: 'instagram',
    endpoints: videoTools.instagram,
    title: 'IGVideo',
    subtitle: 'Obtén información detallada de videos de Instagram',
    badge: 'Instagram',
    badgeColor: 'grape',
    urlPlaceholder: 'https://www.instagram.com/reel/C1a2B3c4D5e/',
    validateUrl: (url) => (parseInstagramLink(url) ? null : VIDEO_MESSAGES.invalidInstagramUrl),
    authorColumn: 'Usuario',
    filterLabel: 'Filtrar por usuario',
    allFilterLabel: 'Todos los usuarios',
    filterError: 'Error al buscar por usuario',
    linkColumn: 'URL',
    linkText: (video) => video.pageUrl ?? video.id,
    toView: (record) => instagramView(record as InstagramVideo),
  },
};
