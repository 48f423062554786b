import { z } from 'zod';
import { endpointsOf, OkResponse, ID_MAX } from './http';
import { pageOf, pageQueryFields } from './pagination';
import type { ToolName } from './tools';

/**
 * The two video-class libraries (Membresía and Cafelito Virtual): one contract, instantiated per library.
 * Each library's name is also its tool permission and its route.
 */
export const LIBRARY_NAMES = ['membresia', 'cafelito-virtual'] as const satisfies readonly ToolName[];
export const LibraryName = z.enum(LIBRARY_NAMES);
export type LibraryName = z.infer<typeof LibraryName>;

export const isLibraryName = (value: string): value is LibraryName =>
  (LIBRARY_NAMES as readonly string[]).includes(value);

export const LIBRARY_LIMITS = {
  nombre: 100,
  titulo: 200,
  descripcion: 5000,
  url: 2000,
} as const;

export const LIBRARY_MESSAGES = {
  nombreRequired: 'El nombre es obligatorio',
  nombreTooLong: `El nombre no puede superar ${LIBRARY_LIMITS.nombre} caracteres`,
  nombreTaken: 'Ya existe una categoría con ese nombre',
  descripcionTooLong: `La descripción no puede superar ${LIBRARY_LIMITS.descripcion} caracteres`,
  tituloRequired: 'El título es obligatorio',
  tituloTooLong: `El título no puede superar ${LIBRARY_LIMITS.titulo} caracteres`,
  categoriaRequired: 'Selecciona una categoría',
  categoriaUnknown: 'La categoría seleccionada no existe',
  urlRequired: 'La URL del video es obligatoria',
  urlInvalid: 'La URL debe ser un enlace https de Google Drive a un archivo compartido (con /d/ID o id=ID)',
  urlTooLong: `La URL no puede superar ${LIBRARY_LIMITS.url} caracteres`,
  materialInvalid: 'El material debe ser un enlace que empiece por http:// o https://',
  miniaturaInvalid: 'La miniatura debe ser un enlace que empiece por https://',
  categoryNotFound: 'La categoría no existe',
  videoNotFound: 'El video no existe',
} as const;

// Contracts run in the browser and in Node without either's types: links are read with patterns, and the host
// must be followed by the path, query, fragment or the end (so `drive.google.com@evil.example` is refused).
const DRIVE_LINK = /^https:\/\/(?:drive|docs)\.google\.com(?::443)?(\/[^?#]*)?(\?[^#]*)?(?:#.*)?$/i;
const DRIVE_ID = /^[A-Za-z0-9_-]{10,200}$/;

/**
 * The file id of an https Google Drive link: the segment after `/d/`, else the `id=` parameter.
 * Null when the link is not an https Drive link or carries no id.
 */
export function driveFileId(url: string): string | null {
  const match = DRIVE_LINK.exec(url.trim());
  if (!match) return null;
  const segments = (match[1] ?? '').split('/');
  const afterD = segments.indexOf('d');
  const fromPath = afterD >= 0 ? segments[afterD + 1] : undefined;
  if (fromPath && DRIVE_ID.test(fromPath)) return fromPath;
  const fromQuery = /[?&]id=([^&]*)/.exec(match[2] ?? '')?.[1];
  return fromQuery && DRIVE_ID.test(fromQuery) ? fromQuery : null;
}

/** The embeddable preview of a Drive link, or null when no file id can be taken from it. */
export function drivePreviewUrl(url: string): string | null {
  const id = driveFileId(url);
  return id ? `https://drive.google.com/file/d/${id}/preview` : null;
}

const HttpUrl = z.url({ protocol: /^https?$/ });

/** http(s) only: any other scheme (javascript:, data:...) would run in members' browsers. */
export const isHttpUrl = (value: string): boolean => HttpUrl.safeParse(value).success;

const HttpsUrl = z.url({ protocol: /^https$/ });

/** https only: an http image would be mixed content on the https site. */
export const isHttpsUrl = (value: string): boolean => HttpsUrl.safeParse(value).success;

/** The Drive thumbnail of a Drive link (640 px wide), or null when no file id can be taken from it. */
export function driveThumbnailUrl(url: string): string | null {
  const id = driveFileId(url);
  return id ? `https://drive.google.com/thumbnail?id=${id}&sz=w640` : null;
}

const Descripcion = z.string().trim().max(LIBRARY_LIMITS.descripcion, LIBRARY_MESSAGES.descripcionTooLong);

export const CategoryBody = z.strictObject({
  nombre: z
    .string({ error: LIBRARY_MESSAGES.nombreRequired })
    .trim()
    .min(1, LIBRARY_MESSAGES.nombreRequired)
    .max(LIBRARY_LIMITS.nombre, LIBRARY_MESSAGES.nombreTooLong),
  descripcion: Descripcion.default(''),
});
export type CategoryBody = z.infer<typeof CategoryBody>;

export const Category = z.strictObject({
  id: z.number().int().positive().max(ID_MAX),
  nombre: z.string(),
  descripcion: z.string(),
  /** How many videos the category holds (deleting it deletes them too). */
  total_videos: z.number().int().nonnegative(),
});
export type Category = z.infer<typeof Category>;

export const VideoBody = z.strictObject({
  titulo: z
    .string({ error: LIBRARY_MESSAGES.tituloRequired })
    .trim()
    .min(1, LIBRARY_MESSAGES.tituloRequired)
    .max(LIBRARY_LIMITS.titulo, LIBRARY_MESSAGES.tituloTooLong),
  descripcion: Descripcion.default(''),
  categoria_id: z
    .number({ error: LIBRARY_MESSAGES.categoriaRequired })
    .int(LIBRARY_MESSAGES.categoriaRequired)
    .positive(LIBRARY_MESSAGES.categoriaRequired),
  url: z
    .string({ error: LIBRARY_MESSAGES.urlRequired })
    .trim()
    .min(1, LIBRARY_MESSAGES.urlRequired)
    .max(LIBRARY_LIMITS.url, LIBRARY_MESSAGES.urlTooLong)
    .refine((value) => driveFileId(value) !== null, LIBRARY_MESSAGES.urlInvalid),
  /** Optional: blank or null (as a video answers it) means no material. */
  material: z
    .string()
    .trim()
    .max(LIBRARY_LIMITS.url, LIBRARY_MESSAGES.urlTooLong)
    .refine((value) => value === '' || isHttpUrl(value), LIBRARY_MESSAGES.materialInvalid)
    .nullable()
    .default(''),
  /** Optional picture of the class (https): blank means the Drive thumbnail. */
  miniatura: z
    .string()
    .trim()
    .max(LIBRARY_LIMITS.url, LIBRARY_MESSAGES.urlTooLong)
    .refine((value) => value === '' || isHttpsUrl(value), LIBRARY_MESSAGES.miniaturaInvalid)
    .default(''),
});
export type VideoBody = z.infer<typeof VideoBody>;

export const Video = z.strictObject({
  id: z.number().int().positive().max(ID_MAX),
  titulo: z.string(),
  descripcion: z.string(),
  categoria_id: z.number().int().positive().max(ID_MAX),
  categoria_nombre: z.string(),
  url: z.string(),
  material: z.string().nullable(),
  /** The administrator's picture for the class; null = the Drive thumbnail. */
  miniatura: z.string().nullable(),
  /** Whether the signed-in member has watched it (each member has their own). */
  visto: z.boolean(),
  orden: z.number().int(),
  /** ISO timestamp. */
  fecha_creacion: z.string(),
});
export type Video = z.infer<typeof Video>;

export const CategoryProgress = z.strictObject({
  categoria_id: z.number().int().positive().max(ID_MAX),
  completadas: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});

/** The signed-in member's progress: the whole library and each category. */
export const LibraryProgress = z.strictObject({
  completadas: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  categorias: z.array(CategoryProgress),
});
export type LibraryProgress = z.infer<typeof LibraryProgress>;

const IdParams = z.strictObject({ id: z.coerce.number().int().positive().max(ID_MAX) });

/** Videos per page of a library listing: fills 1, 2, 3 and 4-column grids evenly. */
export const LIBRARY_PAGE_SIZE = 12;
export const LIBRARY_PAGE_SIZE_MAX = 100;

/**
 * The order of a videos page: `stored` is the library's stored order (`orden`, the administrator's up/down
 * reordering); `newest` is newest first by creation date (Membresía's member view).
 */
export const VIDEO_SORTS = ['stored', 'newest'] as const;
export const VideoSort = z.enum(VIDEO_SORTS);
export type VideoSort = z.infer<typeof VideoSort>;

export const LibraryVideoQuery = z.strictObject({
  ...pageQueryFields(LIBRARY_PAGE_SIZE, LIBRARY_PAGE_SIZE_MAX),
  /** Only this category's videos (a category of this library). */
  categoria_id: z.coerce.number().int().positive().max(ID_MAX).optional(),
  sort: VideoSort.default('stored'),
});
export type LibraryVideoQuery = z.input<typeof LibraryVideoQuery>;

export const VideoPage = pageOf(Video);
export type VideoPage = z.infer<typeof VideoPage>;

export const WatchedBody = z.strictObject({ visto: z.boolean() });

/** How many classes "Continuar viendo" lists at most. */
export const CONTINUE_WATCHING_LIMIT = 20;

export const OpenedResponse = z.strictObject({
  id: z.number().int().positive().max(ID_MAX),
  /** ISO timestamp of this member's latest opening of the class. */
  abierto_en: z.string(),
});
export const MoveBody = z.strictObject({ direction: z.enum(['up', 'down']) });

function libraryEndpoints(library: LibraryName) {
  const endpoint = endpointsOf(library);
  const base = `/api/${library}`;
  return {
    listCategories: endpoint({
      summary: 'Lista las categorías',
      method: 'GET',
      path: `${base}/categorias`,
      response: z.array(Category),
    }),
    createCategory: endpoint({
      summary: 'Crea una categoría',
      method: 'POST',
      path: `${base}/categorias`,
      body: CategoryBody,
      response: Category,
    }),
    updateCategory: endpoint({
      summary: 'Edita una categoría',
      method: 'PUT',
      path: `${base}/categorias/:id`,
      params: IdParams,
      body: CategoryBody,
      response: Category,
    }),
    /** Deletes the category and its videos (the dialog says how many first). */
    deleteCategory: endpoint({
      summary: 'Elimina una categoría y sus vídeos',
      method: 'DELETE',
      path: `${base}/categorias/:id`,
      params: IdParams,
      response: z.strictObject({ ok: z.literal(true), deleted_videos: z.number().int().nonnegative() }),
    }),
    /** One page of the library's videos (or one category's), in the order asked for. */
    listVideos: endpoint({
      summary: 'Lista una página de vídeos',
      method: 'GET',
      path: `${base}/videos`,
      query: LibraryVideoQuery,
      response: VideoPage,
    }),
    createVideo: endpoint({
      summary: 'Añade un vídeo',
      method: 'POST',
      path: `${base}/videos`,
      body: VideoBody,
      response: Video,
    }),
    updateVideo: endpoint({
      summary: 'Edita un vídeo',
      method: 'PUT',
      path: `${base}/videos/:id`,
      params: IdParams,
      body: VideoBody,
      response: Video,
    }),
    deleteVideo: endpoint({
      summary: 'Elimina un vídeo',
      method: 'DELETE',
      path: `${base}/videos/:id`,
      params: IdParams,
      response: OkResponse,
    }),
    /** Swaps the video with its neighbour within its category. */
    moveVideo: endpoint({
      summary: 'Mueve un vídeo dentro de su categoría',
      method: 'POST',
      path: `${base}/videos/:id/mover`,
      params: IdParams,
      body: MoveBody,
      response: OkResponse,
    }),
    /** The signed-in member's own watched mark. */
    setWatched: endpoint({
      summary: 'Marca o desmarca un vídeo como visto',
      method: 'PUT',
      path: `${base}/videos/:id/visto`,
      params: IdParams,
      body: WatchedBody,
      response: z.strictObject({ id: z.number().int().positive().max(ID_MAX), visto: z.boolean() }),
    }),
    progress: endpoint({
      summary: 'Devuelve el progreso del miembro',
      method: 'GET',
      path: `${base}/progreso`,
      response: LibraryProgress,
    }),
    /** Records that the signed-in member opened the class (again): only their own, latest time kept. */
    recordOpened: endpoint({
      summary: 'Registra que el miembro abrió un vídeo',
      method: 'PUT',
      path: `${base}/videos/:id/abierto`,
      params: IdParams,
      response: OpenedResponse,
    }),
    /** The classes the signed-in member opened and has not completed, most recently opened first. */
    continueWatching: endpoint({
      summary: 'Lista las clases empezadas y sin completar',
      method: 'GET',
      path: `${base}/continuar`,
      response: z.array(Video),
    }),
  };
}

export type LibraryApi = ReturnType<typeof libraryEndpoints>;

/** The endpoints of each library, e.g. `LIBRARY_API.membresia.listVideos`. */
export const LIBRARY_API: Record<LibraryName, LibraryApi> = {
  membresia: libraryEndpoints('membresia'),
  'cafelito-virtual': libraryEndpoints('cafelito-virtual'),
};
