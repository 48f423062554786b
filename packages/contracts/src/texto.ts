import { z } from 'zod';
import {
  aiConfigEndpoints,
  AI_MESSAGES,
  GENERATION_TEXT_MAX,
  GenerationResponse,
  KeyInputField,
  PROMPT_MAX,
  SecretStatus,
} from './ai-generation';
import { AiProviderConfig, AiProviderConfigBody, aiProviderEndpoints, aiReadyEndpoint } from './ai-provider';
import { endpointsOf } from './http';

const endpoint = endpointsOf('texto');

/** The two text tools: the spelling corrector and the emoji converter (tabs of /texto). */
export const TEXTO_TOOLS = ['ortografia', 'herramienta2'] as const;
export const TextoTool = z.enum(TEXTO_TOOLS);
export type TextoTool = z.infer<typeof TextoTool>;

/** Default prompts (spec, section 9). */
export const TEXTO_DEFAULT_PROMPTS: Record<TextoTool, string> = {
  ortografia: 'corrige ortograficamente el siguiente texto:',
  herramienta2: 'convierte el siguiente texto a emojis:',
};

export const TEXTO_MESSAGES = {
  keyRequiredForNewUrl: 'Para cambiar la URL de la API vuelve a introducir la API key de Gemini',
  missingKey: 'API key de Gemini no configurada. Por favor, configúrala en el panel de configuración.',
  noAnswer: 'No se pudo obtener una respuesta',
  processFailed: 'Error al procesar el texto. Por favor, intenta de nuevo.',
  copyFailed: 'No se pudo copiar el texto',
  noConfirmation: 'No se recibió confirmación del servidor',
  emptyText: 'Escribe el texto que quieres procesar',
  promptRequired: 'El prompt es obligatorio',
  invalidApiUrl: 'La URL de la API debe empezar por https:// (o ser una dirección local http://)',
} as const;

const HTTPS_URL = /^https:\/\/[^\s/?#@]+(\/[^\s]*)?$/i;
const LOCAL_HTTP_URL = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?(\/[^\s]*)?$/i;

/** The base URL the server calls Gemini at: https, or plain http on this machine only (tests, a local proxy). */
export const isAllowedApiUrl = (value: string): boolean =>
  HTTPS_URL.test(value) || LOCAL_HTTP_URL.test(value);

const PromptField = z
  .string()
  .trim()
  .min(1, TEXTO_MESSAGES.promptRequired)
  .max(PROMPT_MAX, AI_MESSAGES.promptTooLong);

export const TextoConfig = z.strictObject({
  /** Blank: the server's default Gemini endpoint. */
  api_url: z.string(),
  prompt_ortografia: z.string(),
  prompt_herramienta2: z.string(),
  gemini_api_key: SecretStatus,
  ...AiProviderConfig,
});
export type TextoConfig = z.infer<typeof TextoConfig>;

export const TextoConfigBody = z.strictObject({
  api_url: z
    .string()
    .trim()
    .max(500, TEXTO_MESSAGES.invalidApiUrl)
    .refine((value) => value === '' || isAllowedApiUrl(value), TEXTO_MESSAGES.invalidApiUrl),
  prompt_ortografia: PromptField,
  prompt_herramienta2: PromptField,
  /** Blank keeps the current key. */
  gemini_api_key: KeyInputField,
  ...AiProviderConfigBody,
});
export type TextoConfigBody = z.infer<typeof TextoConfigBody>;

export const TextoGenerateBody = z.strictObject({
  tool: TextoTool,
  text: z
    .string({ error: TEXTO_MESSAGES.emptyText })
    .refine((value) => value.trim() !== '', TEXTO_MESSAGES.emptyText)
    .refine((value) => value.length <= GENERATION_TEXT_MAX, AI_MESSAGES.textTooLong),
});
export type TextoGenerateBody = z.infer<typeof TextoGenerateBody>;

const textoConfig = aiConfigEndpoints('texto', '/api/texto/config', TextoConfig, TextoConfigBody);
export const getTextoConfig = textoConfig.get;
export const saveTextoConfig = textoConfig.save;
const textoProvider = aiProviderEndpoints('texto', '/api/texto/config');
export const testTextoConnection = textoProvider.test;
export const listTextoModels = textoProvider.models;
export const getTextoReady = aiReadyEndpoint('texto', '/api/texto');

/** Streams (`Accept: text/event-stream`) or answers the whole text. */
export const generateTexto = endpoint({
  summary: 'Genera un texto con Gemini',
  method: 'POST',
  path: '/api/texto/generate',
  body: TextoGenerateBody,
  response: GenerationResponse,
});
