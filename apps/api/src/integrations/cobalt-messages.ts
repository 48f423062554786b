/**
 * What each cobalt answer means for a member, in Spanish. The codes are cobalt's `error.api.*` codes (the
 * server's api/src/core/api.js, api/src/security/api-keys.js and the web app's i18n/en/error/api.json).
 *
 * `kind` says whose fault it is: `content` (this video cannot be had: private, too long...), `busy` (try again
 * later: rate limit, capacity) or `service` (cobalt, its key or its access to YouTube/Instagram is broken: an
 * administrator has something to fix, and the saved-videos screen says so).
 */
export type CobaltFailureKind = 'content' | 'busy' | 'service';

export const COBALT_MESSAGES = {
  notConfigured: 'La descarga no está disponible: el servicio de descargas (cobalt) no está configurado.',
  unreachable: 'No se pudo conectar con el servicio de descargas. Inténtalo de nuevo más tarde.',
  timeout: 'El servicio de descargas no respondió a tiempo. Inténtalo de nuevo en unos segundos.',
  unknownResponse: 'El servicio de descargas dio una respuesta que no se pudo leer.',
  unsafeLink: 'El servicio de descargas dio un enlace de descarga no válido.',
  photosOnly: 'Esta publicación solo contiene fotos: no hay ningún video que descargar.',
  localProcessing:
    'Este video no se puede descargar directamente: el servicio de descargas solo lo entrega en partes que habría que unir en el navegador.',
} as const;

const SERVICE_NAMES: Record<string, string> = {
  youtube: 'YouTube',
  instagram: 'Instagram',
};

interface Context {
  service: string | undefined;
  limit: number | undefined;
}

type Entry = [CobaltFailureKind, (context: Context) => string];

const serviceName = (context: Context) =>
  context.service ? (SERVICE_NAMES[context.service] ?? context.service) : 'el servicio de origen';

const KEY_REFUSED: Entry = [
  'service',
  () =>
    'El servicio de descargas rechazó la clave de la aplicación (COBALT_API_KEY). Un administrador debe revisarla.',
];
const KEY_MISSING: Entry = [
  'service',
  () =>
    'El servicio de descargas exige una clave y la aplicación no la envía: falta configurar COBALT_API_KEY.',
];
const REQUEST_REFUSED: Entry = [
  'service',
  () =>
    'El servicio de descargas no entendió la petición de la aplicación: puede que su versión no sea compatible.',
];
const GENERIC: Entry = [
  'service',
  () => 'El servicio de descargas no pudo obtener el video. Inténtalo de nuevo más tarde.',
];
const YOUTUBE_CHANGED: Entry = [
  'service',
  () =>
    'YouTube cambió algo y el servicio de descargas no pudo leer el video. Inténtalo más tarde; si sigue pasando, hay que actualizar cobalt.',
];
const UNSUPPORTED: Entry = [
  'content',
  (c) => `El servicio de descargas no admite este enlace de ${serviceName(c)}.`,
];
const REGION: Entry = [
  'content',
  () => 'El video está bloqueado en la región donde está el servicio de descargas.',
];

/** Every code cobalt 11 answers, without the `error.api.` prefix. */
const CODES: Record<string, Entry> = {
  'auth.key.missing': KEY_MISSING,
  'auth.key.not_api_key': KEY_MISSING,
  'auth.key.invalid': KEY_REFUSED,
  'auth.key.not_found': KEY_REFUSED,
  'auth.key.invalid_ip': [
    'service',
    () => 'El servicio de descargas no pudo reconocer la dirección IP de la aplicación.',
  ],
  'auth.key.ip_not_allowed': [
    'service',
    () =>
      'El servicio de descargas no acepta la clave de la aplicación desde esta dirección IP: revisa "ips" en su archivo de claves.',
  ],
  'auth.key.ua_not_allowed': [
    'service',
    () =>
      'El servicio de descargas no acepta la clave de la aplicación con este agente de usuario: revisa "userAgents" en su archivo de claves.',
  ],
  'auth.jwt.missing': KEY_MISSING,
  'auth.jwt.invalid': KEY_MISSING,
  'auth.turnstile.missing': KEY_MISSING,
  'auth.turnstile.invalid': KEY_MISSING,
  'auth.not_configured': KEY_MISSING,
  unreachable: ['service', () => COBALT_MESSAGES.unreachable],
  timed_out: ['service', () => COBALT_MESSAGES.timeout],
  rate_exceeded: [
    'busy',
    (c) =>
      c.limit
        ? `Demasiadas descargas seguidas: el servicio de descargas pide esperar ${c.limit} segundos.`
        : 'Demasiadas descargas seguidas: espera un momento y vuelve a intentarlo.',
  ],
  capacity: [
    'busy',
    () => 'El servicio de descargas está saturado en este momento. Inténtalo de nuevo en unos segundos.',
  ],
  generic: GENERIC,
  unknown_response: ['service', () => COBALT_MESSAGES.unknownResponse],
  invalid_body: REQUEST_REFUSED,
  'header.accept': REQUEST_REFUSED,
  'header.content_type': REQUEST_REFUSED,
  'link.missing': REQUEST_REFUSED,
  'service.unsupported': UNSUPPORTED,
  'service.disabled': [
    'service',
    (c) => `El servicio de descargas tiene desactivadas las descargas de ${serviceName(c)}.`,
  ],
  'service.audio_not_supported': UNSUPPORTED,
  'link.invalid': UNSUPPORTED,
  'link.unsupported': UNSUPPORTED,
  'fetch.fail': [
    'service',
    (c) =>
      `El servicio de descargas no pudo obtener la información de ${serviceName(c)}. Inténtalo más tarde.`,
  ],
  'fetch.critical': GENERIC,
  'fetch.critical.core': GENERIC,
  'fetch.empty': ['content', () => 'No se encontró ningún video que descargar en este enlace.'],
  'fetch.rate': [
    'service',
    (c) =>
      `${serviceName(c)} está limitando las peticiones del servicio de descargas. Inténtalo de nuevo en unos minutos.`,
  ],
  'fetch.short_link': ['content', () => 'No se pudo abrir el enlace corto del video.'],
  'content.too_long': [
    'content',
    (c) =>
      c.limit
        ? `El video es demasiado largo: el servicio de descargas admite hasta ${c.limit} minutos.`
        : 'El video es demasiado largo para el servicio de descargas.',
  ],
  'content.video.unavailable': [
    'content',
    (c) => `El video no está disponible: puede estar restringido en ${serviceName(c)}.`,
  ],
  'content.video.live': [
    'content',
    () => 'El video es una emisión en directo: se podrá descargar cuando termine.',
  ],
  'content.video.private': ['content', () => 'El video es privado y no se puede descargar.'],
  'content.video.age': [
    'content',
    () => 'El video tiene restricción de edad y no se puede descargar sin una cuenta.',
  ],
  'content.video.region': REGION,
  'content.region': REGION,
  'content.paid': ['content', () => 'El contenido es de pago y no se puede descargar.'],
  'content.post.unavailable': [
    'content',
    () => 'La publicación no está disponible: puede haberse borrado o tener la visibilidad limitada.',
  ],
  'content.post.private': [
    'content',
    () => 'La publicación es de una cuenta privada y no se puede descargar.',
  ],
  'content.post.age': [
    'content',
    () => 'La publicación tiene restricción de edad y no se puede descargar sin una cuenta.',
  ],
  'youtube.no_matching_format': [
    'content',
    () => 'YouTube no ofrece ningún formato descargable para este video. Inténtalo más tarde.',
  ],
  'youtube.decipher': YOUTUBE_CHANGED,
  'youtube.api_error': YOUTUBE_CHANGED,
  'youtube.token_expired': YOUTUBE_CHANGED,
  'youtube.no_session_tokens': YOUTUBE_CHANGED,
  'youtube.login': [
    'service',
    () =>
      'YouTube pidió al servicio de descargas que demuestre que no es un robot: hay que darle cookies de YouTube.',
  ],
  'youtube.no_hls_streams': [
    'content',
    () => 'No se encontró ningún flujo descargable para este video de YouTube.',
  ],
  'youtube.disabled_main_instance': [
    'service',
    () => 'La instancia pública de cobalt no descarga videos de YouTube: hace falta una instancia propia.',
  ],
  'youtube.drm': ['content', () => 'El video está protegido con DRM y no se puede descargar.'],
};

/** Every code this file knows, with the `error.api.` prefix (tests walk them all). */
export const COBALT_ERROR_CODES = Object.keys(CODES).map((code) => `error.api.${code}`);

/** The Spanish message and kind of a cobalt error code; an unknown code still says which one it was. */
export function cobaltErrorMessage(
  code: string,
  context: Context,
): { kind: CobaltFailureKind; message: string } {
  const entry = CODES[code.replace(/^error\.api\./, '')];
  if (entry) return { kind: entry[0], message: entry[1](context) };
  return {
    kind: 'service',
    message: `El servicio de descargas no pudo obtener el video (código ${code.slice(0, 80)}).`,
  };
}
