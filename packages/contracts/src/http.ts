import { z } from 'zod';

/**
 * The largest row id: ids are 32-bit integers on PostgreSQL (SQLite's are wider), so an id beyond it names no
 * row on either engine and is refused as input, never sent to the database.
 */
export const ID_MAX = 2_147_483_647;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The features the API documentation groups its operations by (OpenAPI tags), keyed like the feature's files,
 * with the name and description operators read in /api/docs.
 */
export const API_TAGS = {
  system: {
    name: 'Sistema',
    description: 'Estado del servidor, configuración pública y esta documentación.',
  },
  auth: { name: 'Sesión', description: 'Inicio y cierre de sesión: la sesión es una cookie httpOnly.' },
  accounts: { name: 'Cuentas', description: 'Registro, recuperación de la contraseña y perfil propio.' },
  passkeys: {
    name: 'Llaves de acceso',
    description: 'Llaves de acceso (WebAuthn) de la cuenta: alta, nombre y baja.',
  },
  sessions: { name: 'Sesiones', description: 'Sesiones abiertas de la cuenta y su cierre.' },
  'two-factor': {
    name: 'Verificación en dos pasos',
    description: 'Aplicación de autenticación, códigos de recuperación y reglas de la comunidad.',
  },
  membresia: {
    name: 'Membresía',
    description: 'Clases de Membresía: categorías, vídeos, progreso e informes.',
  },
  'cafelito-virtual': {
    name: 'Cafelito Virtual',
    description: 'Clases de Cafelito Virtual: categorías, vídeos, progreso e informes.',
  },
  texto: { name: 'Texto', description: 'Corrector de ortografía y conversor a emojis con Gemini.' },
  ai: {
    name: 'Conexiones de IA',
    description:
      'Las conexiones con proveedores de IA que usan Texto y RedGram, y los tokens que consume cada herramienta.',
  },
  redgram: { name: 'RedGram', description: 'Perfiles de audiencia y textos para redes sociales con Gemini.' },
  ytvideo: {
    name: 'Descarga de YouTube',
    description: 'Vídeos de YouTube guardados y sus enlaces de descarga.',
  },
  igvideo: {
    name: 'Descarga de Instagram',
    description: 'Vídeos de Instagram guardados y sus enlaces de descarga.',
  },
  settings: { name: 'Usuarios y roles', description: 'Administración de usuarios, roles y herramientas.' },
  'members-io': {
    name: 'Importar y exportar miembros',
    description: 'Miembros en CSV, de entrada y de salida.',
  },
  notifications: { name: 'Avisos por correo', description: 'Qué correos reciben los administradores.' },
  estadisticas: {
    name: 'Estadísticas',
    description:
      'Cifras y series diarias de la comunidad: miembros, pagos, ingresos y uso de las herramientas.',
  },
  comunicados: {
    name: 'Comunicados',
    description:
      'Comunicados de la comunidad a sus miembros: redacción, audiencia, envío por correo y baja con un clic.',
  },
  'data-archive': {
    name: 'Mis datos',
    description: 'El archivo de los datos de un miembro (ZIP), preparado en segundo plano.',
  },
  retention: {
    name: 'Conservación de datos',
    description: 'Cuántos días se conservan los datos personales antes de la limpieza diaria.',
  },
  community: {
    name: 'Comunidad',
    description: 'El nombre y el logotipo de la comunidad, y los primeros pasos de un administrador.',
  },
  jobs: {
    name: 'Tareas en segundo plano',
    description:
      'Lo que la aplicación hace sola: cuándo fue la última vez, cuándo es la próxima y qué falló.',
  },
  history: { name: 'Historial', description: 'Lo que hicieron los administradores, con filtros y en CSV.' },
  billing: {
    name: 'Pagos',
    description:
      'Planes de pago con Stripe: pago seguro, suscripción del miembro, avisos de Stripe (webhooks).',
  },
} as const satisfies Record<string, { name: string; description: string }>;

export type ApiTag = keyof typeof API_TAGS;

/**
 * One HTTP endpoint, defined once: the server registers its route from it and the web client calls it
 * with it. Schemas are plain zod objects (no transforms) so they validate in both directions.
 */
export interface Endpoint<
  TMethod extends HttpMethod = HttpMethod,
  TParams extends z.ZodType | undefined = z.ZodType | undefined,
  TQuery extends z.ZodType | undefined = z.ZodType | undefined,
  TBody extends z.ZodType | undefined = z.ZodType | undefined,
  TResponse extends z.ZodType = z.ZodType,
> {
  /** What the operation does, in Spanish: the line operators read in /api/docs. */
  summary: string;
  /** The feature it belongs to, which groups it in the documentation. */
  tag: ApiTag;
  method: TMethod;
  path: string;
  params?: TParams;
  query?: TQuery;
  body?: TBody;
  response: TResponse;
}

/** What a contract file writes for one endpoint: its feature's tag comes from `endpointsOf`. */
export type EndpointDefinition<
  TMethod extends HttpMethod,
  TResponse extends z.ZodType,
  TParams extends z.ZodType | undefined,
  TQuery extends z.ZodObject | undefined,
  TBody extends z.ZodType | undefined,
> = Omit<Endpoint<TMethod, TParams, TQuery, TBody, TResponse>, 'tag'>;

/**
 * Defines an endpoint. Its query is made strict here, for every endpoint at once: an unknown key, a key sent
 * with a different shape (`filter[]=x`) or a repeated key is refused instead of silently dropped, so a
 * malformed query can never widen what a request does. (A route without a query refuses any; see the server.)
 */
export const endpoint = <
  TMethod extends HttpMethod,
  TResponse extends z.ZodType,
  TParams extends z.ZodType | undefined = undefined,
  TQuery extends z.ZodObject | undefined = undefined,
  TBody extends z.ZodType | undefined = undefined,
>(
  definition: EndpointDefinition<TMethod, TResponse, TParams, TQuery, TBody> & { tag: ApiTag },
): Endpoint<TMethod, TParams, TQuery, TBody, TResponse> =>
  definition.query ? { ...definition, query: definition.query.strict() as TQuery } : definition;

/** The endpoint definer of one feature: each of its endpoints is tagged with the feature. */
export const endpointsOf =
  (tag: ApiTag) =>
  <
    TMethod extends HttpMethod,
    TResponse extends z.ZodType,
    TParams extends z.ZodType | undefined = undefined,
    TQuery extends z.ZodObject | undefined = undefined,
    TBody extends z.ZodType | undefined = undefined,
  >(
    definition: EndpointDefinition<TMethod, TResponse, TParams, TQuery, TBody>,
  ): Endpoint<TMethod, TParams, TQuery, TBody, TResponse> =>
    endpoint<TMethod, TResponse, TParams, TQuery, TBody>({ ...definition, tag });

/** The query of an endpoint that takes none: any key is refused. */
export const NoQuery = z.strictObject({});

/** The input of an endpoint part: never when the endpoint does not declare it. */
type InputOf<T> = [Exclude<T, undefined>] extends [never]
  ? never
  : Exclude<T, undefined> extends z.ZodType
    ? z.input<Exclude<T, undefined>>
    : never;

type Part<K extends string, T> = [InputOf<T>] extends [never]
  ? Partial<Record<K, never>>
  : Record<K, InputOf<T>>;

/** The input a caller gives: only the parts the endpoint declares. */
export type EndpointInput<E extends Endpoint> = Part<'params', E['params']> &
  Part<'query', E['query']> &
  Part<'body', E['body']>;

export type EndpointResponse<E extends Endpoint> = z.output<E['response']>;

/**
 * The `field` of a 403 that asks the member to confirm who they are first (sudo mode, two-factor.ts): the web's
 * API client answers it with the identity dialog. Here, not in two-factor.ts, so the first screens' request
 * module does not load the two-factor contracts for it.
 */
export const REAUTH_FIELD = 'reauth';

/** Every answer that is not a success carries a Spanish message, and the field it is about when one is. */
export const ErrorResponse = z.strictObject({
  error: z.string(),
  field: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/**
 * Cross-site request protection: every state-changing call must carry this header. A form on another site
 * cannot set it, and a cross-site script cannot send it without a CORS preflight that the API never allows.
 */
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'fetch';

export const OkResponse = z.strictObject({ ok: z.literal(true) });

/** Fills `:name` segments of a path. */
export const buildPath = (path: string, params?: Record<string, string | number>): string =>
  path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
