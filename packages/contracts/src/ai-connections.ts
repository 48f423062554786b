import { z } from 'zod';
import { KeyInputField, SecretStatus } from './ai-generation';
import {
  AI_BASE_URL_MAX,
  AI_MODEL_MAX,
  AI_PROVIDER_MESSAGES,
  AiConnectionTestResult,
  AiModelsResponse,
  AiProvider,
  isAllowedAiBaseUrl,
} from './ai-provider';
import { endpointsOf } from './http';
import { StatsRange } from './stats';

const endpoint = endpointsOf('ai');
const statsEndpoint = endpointsOf('estadisticas');

/** The AI tools that pick a connection, a model and a temperature (one configuration shape for both). */
export const AI_TOOLS = ['texto', 'redgram'] as const;
export const AiToolName = z.enum(AI_TOOLS);
export type AiToolName = z.infer<typeof AiToolName>;

export const AI_CONNECTION_NAME_MAX = 80;
export const AI_CONNECTION_PAIRS_MAX = 20;
export const AI_TEMPERATURE_MAX = 2;

export const AI_CONNECTION_MESSAGES = {
  nameRequired: 'Indica un nombre para la conexión',
  nameTooLong: `El nombre no puede superar los ${AI_CONNECTION_NAME_MAX} caracteres`,
  nameTaken: 'Ya hay una conexión con ese nombre',
  notFound: 'Conexión no encontrada',
  readOnly:
    'Esta conexión se define en las variables de entorno del servidor (AI_CONNECTIONS): cámbiala allí',
  invalidHeaderName: 'Nombre de cabecera no válido',
  forbiddenHeader: 'Esa cabecera la pone el servidor: no se puede cambiar',
  invalidValue: 'El valor no puede tener saltos de línea',
  invalidQueryName: 'Nombre de parámetro no válido',
  tooManyPairs: `Como mucho ${AI_CONNECTION_PAIRS_MAX}`,
  created: 'Conexión creada',
  saved: 'Conexión guardada',
  deleted: 'Conexión eliminada',
  connectionRequired: 'Elige una conexión de IA',
  connectionMissing: 'La conexión elegida ya no existe: elige otra',
  invalidTemperature: `La temperatura debe estar entre 0 y ${AI_TEMPERATURE_MAX}`,
  invalidCap: 'El límite mensual debe ser un número entero de tokens mayor que 0',
  monthlyCapReached:
    'Se alcanzó el límite mensual de uso de IA de esta herramienta. Vuelve a intentarlo el próximo mes.',
  usageLoadFailed: 'No se pudo cargar el uso de IA',
} as const;

/** «Esta conexión la usa Texto y RedGram…»: the tools that still point at a connection about to be deleted. */
export const connectionInUseMessage = (tools: string[]): string =>
  `Esta conexión la usa ${tools.join(' y ')}: elige otra conexión en ${tools.length === 1 ? 'esa herramienta' : 'esas herramientas'} antes de borrarla`;

/** Headers that carry a credential: stored sealed like a key, and shown only as set / not set. */
const SECRET_HEADERS = new Set([
  'authorization',
  'api-key',
  'x-api-key',
  'x-goog-api-key',
  'proxy-authorization',
]);
export const isSecretHeader = (name: string): boolean => SECRET_HEADERS.has(name.trim().toLowerCase());

/** Headers the HTTP client itself writes: a connection may not replace them. */
const FORBIDDEN_HEADERS = new Set([
  'host',
  'content-length',
  'content-type',
  'connection',
  'transfer-encoding',
]);
export const isForbiddenHeader = (name: string): boolean => FORBIDDEN_HEADERS.has(name.trim().toLowerCase());

const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/;
const QUERY_NAME = /^[^\s&=#?]{1,100}$/;
const PAIR_VALUE = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => !/[\r\n]/.test(value), AI_CONNECTION_MESSAGES.invalidValue);

const HeaderInput = z.strictObject({
  name: z
    .string()
    .trim()
    .regex(HEADER_NAME, AI_CONNECTION_MESSAGES.invalidHeaderName)
    .refine((name) => !isForbiddenHeader(name), AI_CONNECTION_MESSAGES.forbiddenHeader),
  /** For a secret header (Authorization, api-key…), blank keeps the stored value. */
  value: PAIR_VALUE,
});
const QueryInput = z.strictObject({
  name: z.string().trim().regex(QUERY_NAME, AI_CONNECTION_MESSAGES.invalidQueryName),
  value: PAIR_VALUE,
});

/** A header as the administrator reads it: a secret one only as set / not set. */
export const AiConnectionHeader = z.strictObject({
  name: z.string(),
  value: z.string().nullable(),
  secret: z.boolean(),
});
export type AiConnectionHeader = z.infer<typeof AiConnectionHeader>;
export const AiQueryParam = z.strictObject({ name: z.string(), value: z.string() });
export type AiQueryParam = z.infer<typeof AiQueryParam>;

/** A connection as the administrator reads it: the key never, only whether one is set. */
export const AiConnection = z.strictObject({
  /** A stored connection's number as text, or `env:<id>` for one defined in AI_CONNECTIONS. */
  id: z.string(),
  name: z.string(),
  provider: AiProvider,
  /** Blank for Gemini: the server's default endpoint (GEMINI_BASE_URL, or Google's). */
  base_url: z.string(),
  api_key: SecretStatus,
  headers: z.array(AiConnectionHeader),
  query: z.array(AiQueryParam),
  /** The model a tool uses when it names none; blank for Gemini is the server's GEMINI_MODEL. */
  default_model: z.string(),
  /** Defined by environment variables: shown, never edited here. */
  read_only: z.boolean(),
  /** The tools that use it now. */
  used_by: z.array(AiToolName),
});
export type AiConnection = z.infer<typeof AiConnection>;

export const AiConnectionBody = z
  .strictObject({
    name: z
      .string()
      .trim()
      .min(1, AI_CONNECTION_MESSAGES.nameRequired)
      .max(AI_CONNECTION_NAME_MAX, AI_CONNECTION_MESSAGES.nameTooLong),
    provider: AiProvider,
    base_url: z
      .string()
      .trim()
      .max(AI_BASE_URL_MAX, AI_PROVIDER_MESSAGES.invalidBaseUrl)
      .refine((value) => value === '' || isAllowedAiBaseUrl(value), AI_PROVIDER_MESSAGES.invalidBaseUrl),
    /** Blank keeps the stored key. */
    api_key: KeyInputField,
    /** Forgets the stored key (a key-less local model); a key typed beside it is stored instead. */
    remove_api_key: z.boolean().optional(),
    headers: z.array(HeaderInput).max(AI_CONNECTION_PAIRS_MAX, AI_CONNECTION_MESSAGES.tooManyPairs),
    query: z.array(QueryInput).max(AI_CONNECTION_PAIRS_MAX, AI_CONNECTION_MESSAGES.tooManyPairs),
    default_model: z.string().trim().max(AI_MODEL_MAX, AI_PROVIDER_MESSAGES.modelTooLong),
  })
  .superRefine((body, context) => {
    if (body.provider === 'openai' && body.base_url === '') {
      context.addIssue({ code: 'custom', path: ['base_url'], message: AI_PROVIDER_MESSAGES.baseUrlRequired });
    }
  });
export type AiConnectionBody = z.infer<typeof AiConnectionBody>;

const ConnectionParams = z.strictObject({ id: z.string().min(1).max(100) });

export const listAiConnections = endpoint({
  summary: 'Lista las conexiones de IA (sin claves)',
  method: 'GET',
  path: '/api/ai/connections',
  response: z.strictObject({ connections: z.array(AiConnection) }),
});
export const createAiConnection = endpoint({
  summary: 'Crea una conexión de IA',
  method: 'POST',
  path: '/api/ai/connections',
  body: AiConnectionBody,
  response: z.strictObject({ message: z.string(), connection: AiConnection }),
});
export const updateAiConnection = endpoint({
  summary: 'Guarda una conexión de IA (una clave en blanco mantiene la guardada)',
  method: 'PUT',
  path: '/api/ai/connections/:id',
  params: ConnectionParams,
  body: AiConnectionBody,
  response: z.strictObject({ message: z.string(), connection: AiConnection }),
});
export const deleteAiConnection = endpoint({
  summary: 'Borra una conexión de IA que ninguna herramienta usa',
  method: 'DELETE',
  path: '/api/ai/connections/:id',
  params: ConnectionParams,
  response: z.strictObject({ message: z.string() }),
});
export const testAiConnection = endpoint({
  summary: 'Prueba una conexión de IA guardada con un modelo',
  method: 'POST',
  path: '/api/ai/connections/:id/test',
  params: ConnectionParams,
  body: z.strictObject({ model: z.string().trim().max(AI_MODEL_MAX).optional() }),
  response: AiConnectionTestResult,
});
export const listAiConnectionModels = endpoint({
  summary: 'Lista los modelos de una conexión compatible con OpenAI',
  method: 'POST',
  path: '/api/ai/connections/:id/models',
  params: ConnectionParams,
  response: AiModelsResponse,
});

/** What each AI tool's settings share: the connection it uses, the model, the temperature and the monthly cap. */
export const AiToolConnectionConfig = {
  connection_id: z.string().nullable(),
  /** Blank: the connection's default model. */
  model: z.string(),
  temperature: z.number().nullable(),
  monthly_token_cap: z.number().int().nullable(),
};

export const AiToolConnectionBody = {
  connection_id: z.string().trim().min(1).max(100).nullable(),
  model: z.string().trim().max(AI_MODEL_MAX, AI_PROVIDER_MESSAGES.modelTooLong),
  temperature: z
    .number({ error: AI_CONNECTION_MESSAGES.invalidTemperature })
    .min(0, AI_CONNECTION_MESSAGES.invalidTemperature)
    .max(AI_TEMPERATURE_MAX, AI_CONNECTION_MESSAGES.invalidTemperature)
    .nullable(),
  monthly_token_cap: z
    .number({ error: AI_CONNECTION_MESSAGES.invalidCap })
    .int(AI_CONNECTION_MESSAGES.invalidCap)
    .min(1, AI_CONNECTION_MESSAGES.invalidCap)
    .max(1_000_000_000, AI_CONNECTION_MESSAGES.invalidCap)
    .nullable(),
};

/** Tokens one tool used through one connection on one day (days of the community's time zone). */
export const AiUsageRow = z.strictObject({
  day: z.string(),
  tool: AiToolName,
  connection_id: z.string(),
  connection_name: z.string(),
  prompt_tokens: z.number().int(),
  completion_tokens: z.number().int(),
  generations: z.number().int(),
});
export type AiUsageRow = z.infer<typeof AiUsageRow>;

export const AiUsageReport = z.strictObject({
  from: z.string(),
  to: z.string(),
  rows: z.array(AiUsageRow),
  /** Each tool's tokens this month, beside its cap (null: no cap). */
  month: z.array(
    z.strictObject({
      tool: AiToolName,
      tokens: z.number().int(),
      monthly_token_cap: z.number().int().nullable(),
    }),
  ),
});
export type AiUsageReport = z.infer<typeof AiUsageReport>;

export const getAiUsage = statsEndpoint({
  summary: 'Tokens de IA por herramienta, conexión y día',
  method: 'GET',
  path: '/api/stats/ai-usage',
  query: z.strictObject({ range: StatsRange.default('30') }),
  response: AiUsageReport,
});
