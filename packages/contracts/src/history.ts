import { z } from 'zod';
import { endpointsOf, ID_MAX } from './http';
import { pageOf, keyedPageQueryFields } from './pagination';
import { roleDisplayName } from './roles';

const endpoint = endpointsOf('history');

/**
 * Historial (/config, third tab): every administrator action, recorded in the transaction of the change.
 * Every endpoint here needs the `config` permission, like the rest of /config.
 */

export const HISTORY_PAGE_SIZE = 20;
export const HISTORY_PAGE_SIZE_MAX = 100;
/** The most entries one CSV export holds (the newest ones of the filter). */
export const HISTORY_EXPORT_MAX = 50_000;

/** What was done, as stored; the Spanish label is what the screen and the CSV show. */
export const HISTORY_KIND_LABELS = {
  'user.create': 'Usuario creado',
  'user.update': 'Usuario editado',
  'user.activate': 'Cuenta activada',
  'user.deactivate': 'Cuenta desactivada',
  'user.delete': 'Usuario eliminado',
  'user.erasure_scheduled': 'Eliminación de cuenta programada',
  'user.erasure_cancelled': 'Eliminación de cuenta cancelada',
  'users.bulk': 'Acción masiva sobre usuarios',
  'users.import': 'Miembros importados',
  'users.export': 'Miembros exportados con hashes de contraseña',
  'role.create': 'Rol creado',
  'role.update': 'Rol editado',
  'role.delete': 'Rol eliminado',
  'library.category.create': 'Categoría creada',
  'library.category.update': 'Categoría editada',
  'library.category.delete': 'Categoría eliminada',
  'library.video.create': 'Video creado',
  'library.video.update': 'Video editado',
  'library.video.move': 'Video movido',
  'library.video.delete': 'Video eliminado',
  'config.save': 'Configuración de herramienta guardada',
  'saved_videos.delete': 'Registro de video eliminado',
  'saved_videos.delete_all': 'Registros de video eliminados',
  'mail_settings.save': 'Configuración de correos guardada',
  'retention.save': 'Conservación de datos guardada',
  'community.save': 'Datos de la comunidad guardados',
  'billing.plan.save': 'Plan de pago guardado',
  'billing.plan.delete': 'Plan de pago eliminado',
  'billing.account.create': 'Cuenta creada por un pago',
  'billing.subscription': 'Suscripción actualizada',
  'billing.payment.waiting': 'Pago en espera del dueño del correo',
  'user.data_archive': 'Archivo de datos del miembro solicitado',
  'two_factor.rules': 'Reglas de verificación en dos pasos cambiadas',
  'user.two_factor_reset': 'Verificación en dos pasos restablecida',
  'billing.trial.ended': 'Prueba gratuita terminada: el correo o el cliente ya tuvo una suscripción',
  'announcement.publish': 'Comunicado publicado',
  'announcement.pause': 'Envío de comunicado en pausa',
  'announcement.resume': 'Envío de comunicado reanudado',
  'announcement.cancel': 'Comunicado cancelado',
} as const;
export type HistoryKind = keyof typeof HISTORY_KIND_LABELS;
export const HISTORY_KINDS = Object.keys(HISTORY_KIND_LABELS) as [HistoryKind, ...HistoryKind[]];

/** The Spanish name of each field a change names (a field without one shows as stored). */
export const HISTORY_FIELD_LABELS: Record<string, string> = {
  audiencia: 'Audiencia',
  publicar_en: 'Publicar',
  estado: 'Estado',
  username: 'Usuario',
  require_admins: 'Exigir a los administradores',
  required_roles: 'Exigir a los roles',
  email: 'Email',
  phone: 'Teléfono',
  role: 'Rol',
  is_active: 'Estado',
  password: 'Contraseña',
  name: 'Nombre',
  logotipo: 'Logotipo',
  description: 'Descripción',
  tools: 'Herramientas',
  nombre: 'Nombre',
  descripcion: 'Descripción',
  titulo: 'Título',
  categoria: 'Categoría',
  url: 'URL',
  material: 'Material',
  miniatura: 'Miniatura',
  posicion: 'Posición',
  videos: 'Videos',
  api_url: 'URL de la API',
  prompt_ortografia: 'Prompt de ortografía',
  prompt_herramienta2: 'Prompt de la herramienta 2',
  prompt_escribir: 'Prompt de escribir',
  prompt_reescribir: 'Prompt de reescribir',
  clave: 'Clave de API',
  provider: 'Proveedor',
  openai_base_url: 'URL del servidor',
  openai_model: 'Modelo',
  clave_servidor: 'Clave del servidor',
  connection_id: 'Conexión de IA',
  model: 'Modelo',
  temperature: 'Temperatura',
  monthly_token_cap: 'Límite mensual de tokens',
  base_url: 'URL del servidor',
  default_model: 'Modelo predeterminado',
  cabeceras: 'Cabeceras',
  parametros: 'Parámetros de la URL',
  conexion: 'Conexión',
  accion: 'Acción',
  cuentas: 'Cuentas',
  afectadas: 'Cuentas afectadas',
  motivo: 'Motivo',
  seleccion: 'Selección',
  filtro: 'Filtro',
  importados: 'Importados',
  omitidas: 'Filas omitidas',
  registros: 'Registros',
  hashes: 'Hashes de contraseña',
  new_registration: 'Correo de nuevo registro',
  account_activated: 'Correo de cuenta activada',
  account_refused: 'Correo de solicitud rechazada',
  plan: 'Plan',
  precios: 'Precios',
  suscripcion: 'Suscripción',
  fin_suscripcion: 'Al terminar la suscripción',
  dias_prueba: 'Días de prueba',
  codigos_promocion: 'Códigos de promoción',
  impuestos: 'Impuestos automáticos',
  datos: 'Datos personales',
  ai_days: 'Días de textos de IA',
  signin_days: 'Días de inicios de sesión',
  video_days: 'Días de registros de vídeos',
};

export const HISTORY_MESSAGES = {
  load: 'Error al cargar el historial',
  export: 'Error al exportar el historial',
  empty: 'No hay acciones registradas',
  emptyFiltered: 'Ninguna acción coincide con los filtros',
  badRange: 'La fecha «Desde» no puede ser posterior a «Hasta»',
  badDate: 'Indica la fecha como AAAA-MM-DD',
} as const;

/** One changed field: its value before and after, as short display text (null: it had none). */
export const HistoryChange = z.strictObject({
  field: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type HistoryChange = z.infer<typeof HistoryChange>;

/** Fields whose values are role names (a list of them, comma separated), stored lower case. */
const ROLE_FIELDS: ReadonlySet<string> = new Set(['role', 'plan', 'required_roles']);

/** A value as a person reads it: role names as the rest of the app writes them ("Cafeínas", "VIP"). */
const displayValue = (field: string, value: string): string =>
  ROLE_FIELDS.has(field) ? value.split(', ').map(roleDisplayName).join(', ') : value;

/** "Rol: Cafeínas → VIP" (a new value alone when there was none before). */
export const describeHistoryChange = ({ field, before, after }: HistoryChange): string => {
  const label = HISTORY_FIELD_LABELS[field] ?? field;
  const shownAfter = after === null ? '—' : displayValue(field, after);
  return before === null
    ? `${label}: ${shownAfter}`
    : `${label}: ${displayValue(field, before)} → ${shownAfter}`;
};

/** The Spanish label of a stored kind (a kind from a later version shows as stored). */
export const historyKindLabel = (kind: string): string =>
  (HISTORY_KIND_LABELS as Record<string, string>)[kind] ?? kind;

export const HistoryEntry = z.strictObject({
  id: z.number().int().positive(),
  /** The administrator who acted (kept after their account is deleted); null for the command line. */
  actor_id: z.number().int().nullable(),
  actor_name: z.string(),
  /** Beside the name, which another account's could look like; null for the command line. */
  actor_email: z.string().nullable(),
  kind: z.string(),
  entity_type: z.string(),
  entity_id: z.number().int().nullable(),
  entity_label: z.string(),
  changes: z.array(HistoryChange),
  created_at: z.string(),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;

/** A calendar day (AAAA-MM-DD), read in the server's time zone (TIME_ZONE). */
const Day = z.iso.date({ error: HISTORY_MESSAGES.badDate });

const historyFilterFields = {
  actor_id: z.coerce.number().int().positive().max(ID_MAX).optional(),
  kind: z.enum(HISTORY_KINDS).optional(),
  /** First day included. */
  from: Day.optional(),
  /** Last day included. */
  to: Day.optional(),
};

export const HistoryQuery = z.strictObject({
  ...keyedPageQueryFields(HISTORY_PAGE_SIZE, HISTORY_PAGE_SIZE_MAX),
  ...historyFilterFields,
});
export type HistoryQuery = z.input<typeof HistoryQuery>;

export const HistoryPage = pageOf(HistoryEntry);
export type HistoryPage = z.infer<typeof HistoryPage>;

export const HistoryActor = z.strictObject({ id: z.number().int(), username: z.string() });
export type HistoryActor = z.infer<typeof HistoryActor>;

export const HistoryExportBody = z.strictObject(historyFilterFields);
export type HistoryExportBody = z.input<typeof HistoryExportBody>;

export const HistoryExport = z.strictObject({
  filename: z.string(),
  csv: z.string(),
  rows: z.number().int(),
});
export type HistoryExport = z.infer<typeof HistoryExport>;

export const listHistory = endpoint({
  summary: 'Lista las acciones de los administradores',
  method: 'GET',
  path: '/api/admin/history',
  query: HistoryQuery,
  response: HistoryPage,
});

/** The administrators that appear in the history, for the "admin" filter. */
export const listHistoryActors = endpoint({
  summary: 'Lista los administradores que aparecen en el historial',
  method: 'GET',
  path: '/api/admin/history/actors',
  response: z.array(HistoryActor),
});

/** POST like the members export: the file is built from the filter in the body. */
export const exportHistory = endpoint({
  summary: 'Exporta en CSV el historial filtrado',
  method: 'POST',
  path: '/api/admin/history/export',
  body: HistoryExportBody,
  response: HistoryExport,
});
