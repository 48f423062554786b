import { z } from 'zod';
import { endpointsOf } from './http';

const endpoint = endpointsOf('community');

/**
 * The community's own name and logo (/config, "Comunidad"): shown on the login screen, in the top bar, in the
 * tab's title and in the emails instead of the app's defaults. Unset, everything keeps its default look.
 */

export const COMMUNITY_NAME_MAX = 60;
/** The logo's largest file: a header image, not a photo. */
export const COMMUNITY_LOGO_MAX_BYTES = 256 * 1024;
/** Raster images only: an SVG may carry scripts. */
export const COMMUNITY_LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type CommunityLogoType = (typeof COMMUNITY_LOGO_TYPES)[number];
/** The logo's public address; `?v=` changes with each upload so browsers may keep it for a year. */
export const COMMUNITY_LOGO_PATH = '/api/community/logo';

export const COMMUNITY_MESSAGES = {
  nameTooLong: `El nombre de la comunidad no puede pasar de ${COMMUNITY_NAME_MAX} caracteres`,
  logoType: 'El logotipo debe ser una imagen PNG, JPEG o WebP',
  logoTooLarge: `El logotipo no puede pasar de ${COMMUNITY_LOGO_MAX_BYTES / 1024} KB`,
  logoEmpty: 'El archivo del logotipo está vacío',
  logoNotImage: 'El archivo no es una imagen PNG, JPEG o WebP válida',
  noLogo: 'La comunidad no tiene logotipo',
  load: 'Error al cargar los datos de la comunidad',
  saved: 'Datos de la comunidad guardados',
  logoSaved: 'Logotipo guardado',
  logoRemoved: 'Logotipo quitado',
} as const;

/** The community's name and its logo's address (null: the app's default). */
export const Community = z.strictObject({
  name: z.string().nullable(),
  logo_url: z.string().nullable(),
});
export type Community = z.infer<typeof Community>;

export const CommunityNameBody = z.strictObject({
  /** Blank: back to the default. */
  name: z.string().trim().max(COMMUNITY_NAME_MAX, COMMUNITY_MESSAGES.nameTooLong),
});

export const CommunityLogoBody = z.strictObject({
  type: z.string(),
  /** The file, base64-encoded (JSON carries it like every other body). */
  data: z.string().max(Math.ceil((COMMUNITY_LOGO_MAX_BYTES * 4) / 3) + 8, COMMUNITY_MESSAGES.logoTooLarge),
});

export const getCommunity = endpoint({
  summary: 'Muestra el nombre y el logotipo de la comunidad',
  method: 'GET',
  path: '/api/admin/community',
  response: Community,
});

export const saveCommunityName = endpoint({
  summary: 'Guarda el nombre de la comunidad',
  method: 'PUT',
  path: '/api/admin/community/name',
  body: CommunityNameBody,
  response: Community,
});

export const saveCommunityLogo = endpoint({
  summary: 'Sube el logotipo de la comunidad (PNG, JPEG o WebP)',
  method: 'PUT',
  path: '/api/admin/community/logo',
  body: CommunityLogoBody,
  response: Community,
});

export const deleteCommunityLogo = endpoint({
  summary: 'Quita el logotipo de la comunidad',
  method: 'DELETE',
  path: '/api/admin/community/logo',
  response: Community,
});

/** The image itself (not JSON): public, since the login screen shows it. */
export const communityLogo = endpoint({
  summary: 'Devuelve el logotipo de la comunidad',
  method: 'GET',
  path: COMMUNITY_LOGO_PATH,
  query: z.strictObject({ v: z.string().max(40).optional() }),
  response: z.string().describe('La imagen (PNG, JPEG o WebP)'),
});

// ---- Primeros pasos (the administrator's first screen) ---------------------------------------------------------

export const FIRST_STEPS = ['mail', 'billing', 'ai', 'membresia', 'cafelito-virtual', 'community'] as const;
export type FirstStep = (typeof FIRST_STEPS)[number];

/** Each step's line and where it is done. */
export const FIRST_STEP_LABELS: Record<FirstStep, { label: string; href: string; action: string }> = {
  mail: { label: 'Configura el correo de salida (SMTP)', href: '/config?tab=users', action: 'Ver cómo' },
  billing: {
    label: 'Conecta Stripe y crea un plan de pago',
    href: '/config?tab=plans',
    action: 'Ir a Planes',
  },
  ai: {
    label: 'Configura la IA de Texto y RedGram (API key o servidor)',
    href: '/texto',
    action: 'Configurar la IA',
  },
  membresia: { label: 'Publica la primera clase de Membresía', href: '/membresia', action: 'Ir a Membresía' },
  'cafelito-virtual': {
    label: 'Publica la primera clase de Cafelito Virtual',
    href: '/cafelito-virtual',
    action: 'Ir a Cafelito Virtual',
  },
  community: {
    label: 'Pon el nombre y el logotipo de la comunidad',
    href: '/config?tab=community',
    action: 'Ir a Comunidad',
  },
};

/** Which AI tool lacks its key or server (an administrator is told before a member finds out). */
export const AiToolsStatus = z.strictObject({ texto: z.boolean(), redgram: z.boolean() });
export type AiToolsStatus = z.infer<typeof AiToolsStatus>;

export const AdminOverview = z.strictObject({
  /** The community at a glance, from the kept counts (never a count of the tables). */
  glance: z.strictObject({
    members: z.number().int(),
    pending: z.number().int(),
    /** From Estadísticas' last closed day; null before the first day closes. */
    paying: z.number().int().nullable(),
    new_members_30d: z.number().int().nullable(),
    /** Monthly income of the last closed day, per currency, in minor units. */
    mrr: z.array(z.strictObject({ currency: z.string(), amount: z.number().int() })),
    /** The instant the live figures (members, pending, today's) were read, and the community's time zone. */
    as_of: z.string(),
    time_zone: z.string(),
    /** The last closed day the closed figures stop at; null on a new installation. */
    closed_to: z.string().nullable(),
    /** When today ends and is closed: on a new installation, when the first closed figures appear. */
    closes_at: z.string(),
    /** Members who signed in or used a tool today, and new members today, so far. */
    active_today: z.number().int(),
    new_today: z.number().int(),
  }),
  /** Each step, done or not, computed from the real state. */
  steps: z.array(z.strictObject({ step: z.enum(FIRST_STEPS), done: z.boolean() })),
  /** Whether each AI tool can generate (a key, or a server and a model). */
  ai: AiToolsStatus,
});
export type AdminOverview = z.infer<typeof AdminOverview>;

export const getAdminOverview = endpoint({
  summary: 'La comunidad de un vistazo y los primeros pasos del administrador',
  method: 'GET',
  path: '/api/admin/overview',
  response: AdminOverview,
});
