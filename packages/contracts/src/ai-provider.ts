import { z } from 'zod';
import { endpointsOf, type ApiTag } from './http';

/** Who writes an AI tool's texts: Google Gemini, or any server that speaks OpenAI's chat-completions API. */
export const AI_PROVIDERS = ['gemini', 'openai'] as const;
export const AiProvider = z.enum(AI_PROVIDERS);
export type AiProvider = z.infer<typeof AiProvider>;

export const AI_PROVIDER_LABELS: Record<AiProvider, string> = {
  gemini: 'Google Gemini',
  openai: 'Compatible con OpenAI',
};

export const AI_BASE_URL_MAX = 500;
export const AI_MODEL_MAX = 200;

export const AI_PROVIDER_MESSAGES = {
  invalidBaseUrl:
    'La URL del servidor debe empezar por https:// (o por http:// si el servidor está en esta máquina o en la red local)',
  baseUrlRequired: 'Indica la URL del servidor',
  modelRequired: 'Indica el modelo',
  modelTooLong: 'El nombre del modelo es demasiado largo',
  keyRequiredForNewBaseUrl: 'Para cambiar la URL del servidor vuelve a introducir su API key',
  missingServer: 'Servidor de IA no configurado. Por favor, configúralo en el panel de configuración.',
  missingGeminiKey: 'Falta la API key de Gemini',
  modelsFailed: 'No se pudo obtener la lista de modelos',
  noModels: 'El servidor no ofrece una lista de modelos: escribe el nombre del modelo',
  testFailed: 'No se pudo probar la conexión',
  forbiddenAddress:
    'Esa dirección no está permitida: lleva a una dirección de enlace local o al servicio de metadatos de la nube',
} as const;

/** Hosts a plain http:// server may have: this machine, a private network, a name that only exists inside it. */
const LOCAL_HOST =
  /^(localhost|127(\.\d{1,3}){3}|10(\.\d{1,3}){3}|192\.168(\.\d{1,3}){2}|172\.(1[6-9]|2\d|3[01])(\.\d{1,3}){2}|\[(::1|f[cd][0-9a-f:]*)\]|[a-z0-9-]+|([a-z0-9-]+\.)+(local|internal|lan|home\.arpa))$/i;

/** scheme, host (a name, an IPv4 or a bracketed IPv6 address), port, path: no credentials, query or fragment. */
const BASE_URL = /^(https?):\/\/(\[[0-9a-f:.]+\]|[^\s/?#@:[\]]+)(:\d{1,5})?(\/[^\s?#@]*)?$/i;

/**
 * The base URL of an OpenAI-compatible server: https anywhere, or http on this machine or a private network
 * (a local model is the point). No credentials in the URL: the key travels in its own header.
 */
export function isAllowedAiBaseUrl(value: string): boolean {
  const match = BASE_URL.exec(value);
  if (!match?.[1] || !match[2]) return false;
  return match[1].toLowerCase() === 'https' || LOCAL_HOST.test(match[2]);
}

/** What the test found, in Spanish for the administrator (the server's own words included). */
export const AiConnectionTestResult = z.strictObject({ ok: z.boolean(), message: z.string() });
export type AiConnectionTestResult = z.infer<typeof AiConnectionTestResult>;

/** The models an OpenAI-compatible server lists at `/models`, for the model field's suggestions. */
export const AiModelsResponse = z.strictObject({ models: z.array(z.string()) });
export type AiModelsResponse = z.infer<typeof AiModelsResponse>;

/** Whether an AI tool can generate (a key, or a server and a model): no key, no address, only yes or no. */
export const AiToolReady = z.strictObject({ configured: z.boolean() });
export type AiToolReady = z.infer<typeof AiToolReady>;

/** What a member reads instead of a failed generation when the tool is not configured yet. */
export const AI_NOT_READY_MESSAGE =
  'Esta herramienta aún no está configurada: un administrador tiene que elegir su conexión de IA. Vuelve a intentarlo más tarde.';

/** The member-readable "is this tool ready" of an AI tool, under its own path. */
export const aiReadyEndpoint = (tag: ApiTag, toolPath: string) =>
  endpointsOf(tag)({
    summary: 'Dice si la herramienta de IA está configurada (sin claves ni direcciones)',
    method: 'GET',
    path: `${toolPath}/estado`,
    response: AiToolReady,
  });
