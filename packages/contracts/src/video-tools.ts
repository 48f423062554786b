import { z } from 'zod';
import { endpointsOf, OkResponse, ID_MAX } from './http';
import { pageOf, keyedPageQueryFields } from './pagination';
import type { ToolName } from './tools';

/** The two video tools are one records feature with two providers. */
export const VIDEO_PROVIDERS = ['youtube', 'instagram'] as const;
export const VideoProvider = z.enum(VIDEO_PROVIDERS);
export type VideoProvider = z.infer<typeof VideoProvider>;

/** The permission (and route) of each provider's screen. */
export const VIDEO_PROVIDER_TOOL = {
  youtube: 'ytvideo',
  instagram: 'igvideo',
} as const satisfies Record<VideoProvider, ToolName>;

/** Saved-video lists show this many rows per page (spec, section 9). */
export const VIDEO_PAGE_SIZE = 5;
export const VIDEO_PAGE_SIZE_MAX = 100;
export const INSTAGRAM_TITLE_MAX = 50;
export const YOUTUBE_ID_LENGTH = 11;
/** Accepted link length; longer input is not a link a person pastes. */
export const VIDEO_URL_MAX = 2048;

/** A bulk delete that does not say what it removes. */
const VIDEO_DELETE_SCOPE_MESSAGE = 'Indica qué registros eliminar: los de un filtro o todos';

export const VIDEO_MESSAGES = {
  emptyUrl: 'Por favor, ingresa una URL',
  invalidYouTubeUrl: 'URL de YouTube no válida. Asegúrate de que sea un enlace de youtube.com o youtu.be.',
  invalidInstagramUrl: 'URL de Instagram no válida. Asegúrate de que sea una URL de reel o post.',
  duplicate: 'Este video ya está guardado en la base de datos',
  saved: 'Video guardado correctamente',
  deleted: 'Registro eliminado correctamente',
  deletedAll: 'Todos los registros han sido eliminados',
  deleteError: 'Error al eliminar el registro',
  deleteAllError: 'Error al eliminar los registros',
  deleteAllConfirm: '¿Estás seguro de que deseas eliminar todos los registros?',
  restrictedTitle: 'Acceso restringido',
  restrictedText: 'El listado de videos guardados solo está disponible para administradores.',
  emptyList: 'No hay videos guardados',
  recordNotFound: 'El registro no existe',
  loadError: (reason: string) => `Error al cargar los registros: ${reason}`,
  processError: (reason: string) => `Error al procesar el video: ${reason}`,
  apiError: (message: string) => `Error de API: ${message}`,
  downloadNoRealId:
    'Este registro no tiene un video de YouTube identificable (se guardó sin id real): no hay nada que descargar.',
  downloadStory:
    'El enlace de descarga de esta historia de Instagram ya caducó y no se puede volver a pedir sin el enlace original.',
  downloadTitle: 'No se pudo descargar el video',
} as const;

/** The outside services the video tools depend on, as the admin's notice names them. */
export const VIDEO_SERVICES = ['cobalt', 'youtube', 'instagram'] as const;
export type VideoService = (typeof VIDEO_SERVICES)[number];

/** What administrators read on the saved-videos screen when a service is missing or failing (no secret). */
export const VIDEO_SERVICE_NOTICES: Record<
  VideoService,
  { notConfigured: string; failing: (time: string, reason: string) => string }
> = {
  cobalt: {
    notConfigured:
      'El servicio de descargas (cobalt) no está configurado: no se pueden obtener enlaces de descarga nuevos.',
    failing: (time, reason) => `El servicio de descargas (cobalt) falló por última vez (${time}): ${reason}`,
  },
  youtube: {
    notConfigured:
      'La API de datos de YouTube no está configurada: los videos se guardan solo con título, canal y miniatura.',
    failing: (time, reason) => `La API de datos de YouTube falló por última vez (${time}): ${reason}`,
  },
  instagram: {
    notConfigured: 'El servicio de Instagram no está configurado: no se pueden guardar videos de Instagram.',
    failing: (time, reason) => `El servicio de Instagram falló por última vez (${time}): ${reason}`,
  },
};

export const VideoServiceStatus = z.strictObject({
  service: z.enum(VIDEO_SERVICES),
  state: z.enum(['not-configured', 'failing']),
  /** Why the last call failed (a Spanish message; never a key or an address). */
  reason: z.string().nullable(),
  /** ISO timestamp of the last failure. */
  at: z.string().nullable(),
});
export type VideoServiceStatus = z.infer<typeof VideoServiceStatus>;

/** Placeholder metadata when neither the Data API nor oEmbed answered (spec, section 7). */
export const YOUTUBE_PLACEHOLDER = {
  title: (id: string) => `Video de YouTube ${id}`,
  duration: 180,
  quality: 'HD',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Link parsing. Client and server share it; the server never fetches the link itself, it only takes the id
// and builds the provider's own URLs from it.

export type YouTubeLink =
  /** An 11-character video id from a watch, embed, v, live, shorts or youtu.be link. */
  | { kind: 'id'; id: string }
  /** A link on YouTube's own hosts without a recognisable id (the spec then generates one). */
  | { kind: 'no-id' }
  | { kind: 'invalid' };

const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const YOUTU_BE_HOSTS = new Set(['youtu.be', 'www.youtu.be']);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

// The WHATWG URL parser exists in browsers and Node alike; contracts compile without either's type library.
interface ParsedUrl {
  protocol: string;
  hostname: string;
  pathname: string;
  searchParams: { get(name: string): string | null };
}
declare const URL: new (input: string) => ParsedUrl;

/** Parses what a person pasted; a missing scheme is accepted ("youtu.be/abc..."). */
function parseLink(input: string): ParsedUrl | null {
  const text = input.trim();
  if (text === '' || text.length > VIDEO_URL_MAX) return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

export function parseYouTubeLink(input: string): YouTubeLink {
  const url = parseLink(input);
  if (!url) return { kind: 'invalid' };
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  let candidate: string | undefined;
  if (YOUTU_BE_HOSTS.has(host)) {
    candidate = segments[0];
  } else if (YOUTUBE_HOSTS.has(host)) {
    const [first, second] = segments;
    if (first === 'watch' || segments.length === 0) candidate = url.searchParams.get('v') ?? undefined;
    else if (first && ['embed', 'v', 'shorts', 'live', 'e'].includes(first)) candidate = second;
    else candidate = url.searchParams.get('v') ?? undefined;
  } else {
    return { kind: 'invalid' };
  }
  return candidate && YOUTUBE_ID.test(candidate) ? { kind: 'id', id: candidate } : { kind: 'no-id' };
}

/** The id of a record whose link had none (spec: "yt_" plus timestamp and random text). */
export const generateYouTubeId = (now: Date, random: string): string => `yt_${now.getTime()}_${random}`;

export const youtubeWatchUrl = (id: string): string => `https://www.youtube.com/watch?v=${id}`;

export interface InstagramLink {
  /** The code of the post or reel, or the story id. */
  id: string;
  /** The canonical link on instagram.com built from the parsed parts (never the pasted text). */
  url: string;
}

const INSTAGRAM_HOSTS = new Set(['instagram.com', 'www.instagram.com', 'm.instagram.com', 'instagr.am']);
const INSTAGRAM_CODE = /^[A-Za-z0-9_-]{5,64}$/;
const INSTAGRAM_USER = /^[A-Za-z0-9._]{1,30}$/;
const STORY_ID = /^\d{5,30}$/;

/** Post, reel, reels, share/reel and stories links; anything else is null. */
export function parseInstagramLink(input: string): InstagramLink | null {
  const url = parseLink(input);
  if (!url || !INSTAGRAM_HOSTS.has(url.hostname.toLowerCase())) return null;
  const segments = url.pathname.split('/').filter(Boolean);
  // Profile-scoped forms: instagram.com/{user}/p/{code} and /{user}/reel/{code}.
  if (segments.length >= 3 && (segments[1] === 'p' || segments[1] === 'reel')) segments.shift();
  const [first, second, third] = segments;
  if ((first === 'p' || first === 'tv') && second && INSTAGRAM_CODE.test(second)) {
    return { id: second, url: `https://www.instagram.com/p/${second}/` };
  }
  if ((first === 'reel' || first === 'reels') && second && INSTAGRAM_CODE.test(second)) {
    return { id: second, url: `https://www.instagram.com/reel/${second}/` };
  }
  if (first === 'share' && (second === 'reel' || second === 'p') && third && INSTAGRAM_CODE.test(third)) {
    return { id: third, url: `https://www.instagram.com/${second}/${third}/` };
  }
  if (first === 'stories' && second && INSTAGRAM_USER.test(second) && third && STORY_ID.test(third)) {
    return { id: third, url: `https://www.instagram.com/stories/${second}/${third}/` };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Records (spec field names) and endpoints.

export const SaveVideoBody = z.strictObject({
  url: z
    .string({ error: VIDEO_MESSAGES.emptyUrl })
    .trim()
    .min(1, VIDEO_MESSAGES.emptyUrl)
    .max(VIDEO_URL_MAX, 'La URL es demasiado larga'),
});
export type SaveVideoBody = z.infer<typeof SaveVideoBody>;

const recordBase = {
  /** The database row, used to delete one record. */
  record_id: z.number().int().positive().max(ID_MAX),
  /** The provider's video id (spec). */
  id: z.string(),
  titulo: z.string(),
  descripcion: z.string(),
  /** Seconds. */
  duracion: z.number().int().nonnegative(),
  /** A real download link, or null when none could be obtained. */
  url_video: z.string().nullable(),
  miniatura: z.string(),
  user_id: z.number().int().positive().max(ID_MAX),
};

export const YouTubeVideo = z.strictObject({
  ...recordBase,
  vistas: z.number().int().nonnegative(),
  likes: z.number().int().nonnegative(),
  calidad_video: z.string(),
  url_audio: z.string(),
  canal: z.string(),
  /** YYYY-MM-DD. */
  fecha_publicacion: z.string(),
  /** True when no metadata service answered and the spec's placeholder data was saved. */
  placeholder: z.boolean(),
});
export type YouTubeVideo = z.infer<typeof YouTubeVideo>;

export const InstagramVideo = z.strictObject({
  ...recordBase,
  usuario: z.string(),
  /** ISO timestamp. */
  fecha_extraccion: z.string(),
});
export type InstagramVideo = z.infer<typeof InstagramVideo>;

export const VideoListQuery = z.strictObject({
  ...keyedPageQueryFields(VIDEO_PAGE_SIZE, VIDEO_PAGE_SIZE_MAX),
  /** The channel (YouTube) or user (Instagram) to show; absent shows every record. */
  filter: z.string().trim().min(1).max(500).optional(),
});
export type VideoListQuery = z.infer<typeof VideoListQuery>;

/**
 * What a bulk delete removes, said explicitly: the records of one `filter`, or `all=true`. Neither or both is
 * refused, so a request that lost its filter on the way never becomes "delete everything".
 */
export const VideoDeleteQuery = z
  .strictObject({
    filter: VideoListQuery.shape.filter,
    all: z.literal('true', { error: VIDEO_DELETE_SCOPE_MESSAGE }).optional(),
  })
  .refine((query) => (query.filter === undefined) !== (query.all === undefined), {
    error: VIDEO_DELETE_SCOPE_MESSAGE,
  });
export type VideoDeleteQuery = z.input<typeof VideoDeleteQuery>;

export const RecordParams = z.strictObject({ recordId: z.coerce.number().int().positive().max(ID_MAX) });

export const DeletedCount = z.strictObject({ deleted: z.number().int().nonnegative() });

function videoEndpoints<P extends VideoProvider, R extends z.ZodType>(provider: P, record: R) {
  const endpoint = endpointsOf(VIDEO_PROVIDER_TOOL[provider]);
  const base = `/api/video-tools/${provider}` as const;
  return {
    save: endpoint({
      summary: 'Guarda un vídeo a partir de su enlace',
      method: 'POST',
      path: `${base}/videos`,
      body: SaveVideoBody,
      response: record,
    }),
    list: endpoint({
      summary: 'Lista una página de vídeos guardados',
      method: 'GET',
      path: `${base}/videos`,
      query: VideoListQuery,
      response: pageOf(record),
    }),
    filters: endpoint({
      summary: 'Lista los canales o usuarios de los vídeos guardados',
      method: 'GET',
      path: `${base}/filters`,
      response: z.array(z.string()),
    }),
    remove: endpoint({
      summary: 'Elimina un vídeo guardado',
      method: 'DELETE',
      path: `${base}/videos/:recordId`,
      params: RecordParams,
      response: OkResponse,
    }),
    removeAll: endpoint({
      summary: 'Elimina los vídeos guardados de un filtro o todos',
      method: 'DELETE',
      path: `${base}/videos`,
      query: VideoDeleteQuery,
      response: DeletedCount,
    }),
    /**
     * Answers 302 to a download link obtained now (the stored one only while it is still valid), or an error
     * saying why there is none: a JSON `{ error }`, or a short Spanish page when a browser opened it.
     */
    download: endpoint({
      summary: 'Redirige al enlace de descarga de un vídeo guardado',
      method: 'GET',
      path: `${base}/videos/:recordId/download`,
      params: RecordParams,
      response: z.strictObject({}),
    }),
    /** The services this tool depends on that are not configured or failed recently (administrators). */
    status: endpoint({
      summary: 'Muestra qué servicios de la herramienta faltan o fallan',
      method: 'GET',
      path: `${base}/status`,
      response: z.array(VideoServiceStatus),
    }),
  };
}

/** Each provider has its own endpoints, so each route declares its own tool permission. */
export const videoTools = {
  youtube: videoEndpoints('youtube', YouTubeVideo),
  instagram: videoEndpoints('instagram', InstagramVideo),
};

export type VideoRecordOf<P extends VideoProvider> = P extends 'youtube' ? YouTubeVideo : InstagramVideo;
export type VideoPageOf<P extends VideoProvider> = z.infer<(typeof videoTools)[P]['list']['response']>;
