import { z } from 'zod';
import {
  aiConfigEndpoints,
  AI_MESSAGES,
  GENERATION_TEXT_MAX,
  GenerationResponse,
  PROMPT_MAX,
} from './ai-generation';
import { AiToolConnectionBody, AiToolConnectionConfig } from './ai-connections';
import { aiReadyEndpoint } from './ai-provider';
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
  missingKey: 'API key de Gemini no configurada. Por favor, configúrala en el panel de configuración.',
  noAnswer: 'No se pudo obtener una respuesta',
  processFailed: 'Error al procesar el texto. Por favor, intenta de nuevo.',
  copyFailed: 'No se pudo copiar el texto',
  noConfirmation: 'No se recibió confirmación del servidor',
  emptyText: 'Escribe el texto que quieres procesar',
  promptRequired: 'El prompt es obligatorio',
} as const;

const PromptField = z
  .string()
  .trim()
  .min(1, TEXTO_MESSAGES.promptRequired)
  .max(PROMPT_MAX, AI_MESSAGES.promptTooLong);

export const TextoConfig = z.strictObject({
  prompt_ortografia: z.string(),
  prompt_herramienta2: z.string(),
  ...AiToolConnectionConfig,
});
export type TextoConfig = z.infer<typeof TextoConfig>;

export const TextoConfigBody = z.strictObject({
  prompt_ortografia: PromptField,
  prompt_herramienta2: PromptField,
  ...AiToolConnectionBody,
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
export const getTextoReady = aiReadyEndpoint('texto', '/api/texto');

/** Streams (`Accept: text/event-stream`) or answers the whole text. */
export const generateTexto = endpoint({
  summary: 'Genera un texto con Gemini',
  method: 'POST',
  path: '/api/texto/generate',
  body: TextoGenerateBody,
  response: GenerationResponse,
});
