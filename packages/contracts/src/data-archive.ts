import { z } from 'zod';
import { endpointsOf } from './http';
import { IdParams } from './settings';

const endpoint = endpointsOf('data-archive');

/**
 * «Mis datos» (/perfil) and the users table: an archive (ZIP of JSON and CSV files) of everything the community
 * keeps about a member, built in the background and downloadable for 7 days by whoever asked for it.
 */

/** Days the download works after the archive is ready. */
export const DATA_ARCHIVE_DAYS = 7;
/** Hours a member waits between two archives of their own. */
export const DATA_ARCHIVE_INTERVAL_HOURS = 24;

export const DATA_ARCHIVE_MESSAGES = {
  title: 'Mis datos',
  intro:
    'Descarga una copia de todo lo que la comunidad guarda sobre ti: tu perfil, tu suscripción, tu progreso, tus videos guardados, tus textos generados con IA, tus inicios de sesión y los correos que te hemos enviado.',
  request: 'Descargar mis datos',
  requestMember: (username: string) => `Preparar los datos de ${username}`,
  requested: 'Estamos preparando tu archivo. Te avisaremos por correo cuando esté listo.',
  preparing: (progress: number) => `Preparando el archivo… ${progress} %`,
  ready: (until: string) => `Tu archivo está listo. Puedes descargarlo hasta el ${until}.`,
  download: 'Descargar',
  requestAgain: 'Pedir una exportación nueva',
  nextExport: (when: string) => `Nueva exportación disponible el ${when}.`,
  failed: 'No se pudo preparar el archivo. Vuelve a intentarlo más tarde.',
  onceADay: (when: string) =>
    `Ya pediste un archivo de tus datos en las últimas 24 horas. Podrás pedir otro a partir del ${when}.`,
  notFound: 'El archivo no existe o no es tuyo.',
  notReady: 'El archivo aún se está preparando.',
  expired: 'El enlace de descarga ha caducado: pide un archivo nuevo.',
  load: 'Error al cargar el estado del archivo',
  requestFailed: 'No se pudo pedir el archivo',
} as const;

export const DATA_ARCHIVE_STATUSES = ['pending', 'running', 'ready', 'failed'] as const;
export type DataArchiveStatus = (typeof DATA_ARCHIVE_STATUSES)[number];

/** One archive request, as its requester sees it (never its content). */
export const DataArchive = z.strictObject({
  id: z.number().int(),
  user_id: z.number().int(),
  status: z.enum(DATA_ARCHIVE_STATUSES),
  /** 0 to 100. */
  progress: z.number().int(),
  requested_at: z.string(),
  ready_at: z.string().nullable(),
  /** When the download stops working (ready archives only). */
  expires_at: z.string().nullable(),
  /** The ZIP's size in bytes (ready archives only). */
  size: z.number().int().nullable(),
  /** Whether the download still works now. */
  downloadable: z.boolean(),
});
export type DataArchive = z.infer<typeof DataArchive>;

/** The latest archive and, for a member's own, when they may ask for the next one (null: now). */
export const DataArchiveState = z.strictObject({
  archive: DataArchive.nullable(),
  next_request_at: z.string().nullable(),
});
export type DataArchiveState = z.infer<typeof DataArchiveState>;

export const getMyDataArchive = endpoint({
  summary: 'Muestra el último archivo de mis datos y su progreso',
  method: 'GET',
  path: '/api/accounts/data-archive',
  response: DataArchiveState,
});

export const requestMyDataArchive = endpoint({
  summary: 'Pide un archivo de mis datos (una vez al día)',
  method: 'POST',
  path: '/api/accounts/data-archive',
  response: DataArchive,
});

export const getMemberDataArchive = endpoint({
  summary: 'Muestra el último archivo de los datos de un miembro que pidió este administrador',
  method: 'GET',
  path: '/api/admin/users/:id/data-archive',
  params: IdParams,
  response: DataArchiveState,
});

export const requestMemberDataArchive = endpoint({
  summary: 'Pide el archivo de los datos de un miembro (queda en el historial)',
  method: 'POST',
  path: '/api/admin/users/:id/data-archive',
  params: IdParams,
  response: DataArchive,
});

/** The ZIP itself (application/zip), for the account that asked for it only; a JSON `{ error }` otherwise. */
export const downloadDataArchive = endpoint({
  summary: 'Descarga un archivo de datos (ZIP)',
  method: 'GET',
  path: '/api/data-archives/:id/download',
  params: IdParams,
  response: z.strictObject({}),
});

/** The download's address, for a link the browser follows with its session cookie. */
export const dataArchiveDownloadPath = (id: number): string => `/api/data-archives/${id}/download`;
