import { z } from 'zod';
import { endpointsOf, type ApiTag } from './http';

/** What the AI tools (texto, redgram) share: input bounds, the streamed answer's events, common messages. */
export const GENERATION_TEXT_MAX = 10_000;
export const PROMPT_MAX = 10_000;
export const GEMINI_KEY_MAX = 200;

export const AI_MESSAGES = {
  textTooLong: `El texto no puede superar los ${GENERATION_TEXT_MAX.toLocaleString('es-ES')} caracteres`,
  promptTooLong: `El prompt no puede superar los ${PROMPT_MAX.toLocaleString('es-ES')} caracteres`,
  keyTooLong: 'La API key es demasiado larga',
  rateLimited:
    'Has alcanzado el límite de generaciones por minuto. Espera un momento antes de volver a intentarlo.',
  timeout: 'La API de Gemini no respondió a tiempo. Por favor, intenta de nuevo.',
  cancelled: 'Generación detenida',
  geminiApi: 'Error en la API de Gemini',
  configSaved: 'Configuración guardada',
  configLoadFailed: 'Error al cargar la configuración',
  configSaveFailed: 'Error al guardar la configuración',
} as const;

/**
 * What members read when the provider failed, by the kind of provider the tool runs on: the spec's Gemini
 * wording for Gemini, the AI server's for an OpenAI-compatible one (never «Gemini» there).
 */
export const AI_PROVIDER_FAILURES = {
  gemini: {
    api: AI_MESSAGES.geminiApi,
    timeout: AI_MESSAGES.timeout,
    badResponse: 'Error al procesar la respuesta de Gemini',
    noText: 'La respuesta de Gemini no contiene texto generado',
  },
  openai: {
    api: 'Error en el servidor de IA (compatible con OpenAI)',
    timeout: 'El servidor de IA no respondió a tiempo. Por favor, intenta de nuevo.',
    badResponse: 'Error al procesar la respuesta del servidor de IA',
    noText: 'La respuesta del servidor de IA no contiene texto generado',
  },
} as const;

/** A provider's «wait» told to the member: the failure, then how long to wait. */
export const retryAfterMessage = (message: string, seconds: number): string =>
  `${message.replace(/\.$/, '')}. Vuelve a intentarlo en ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}.`;

/** The whole generated text: the answer when the client does not ask for a stream. */
export const GenerationResponse = z.strictObject({
  text: z.string(),
  /** A generation of several variants (RedGram): each one's whole text; `text` is the first. */
  variants: z.array(z.string()).optional(),
});
export type GenerationResponse = z.infer<typeof GenerationResponse>;

/**
 * A streamed generation answers `text/event-stream` when the request accepts it. Events: `chunk` (a piece of
 * text to append), then `done`, or `error` with the Spanish message when the generation failed after it began.
 */
export const GENERATION_STREAM_TYPE = 'text/event-stream';
export const StreamChunkEvent = z.strictObject({
  text: z.string(),
  /** Which variant the piece belongs to (from 0), when the generation writes several. */
  variant: z.number().int().min(0).max(9).optional(),
});
export const StreamErrorEvent = z.strictObject({ error: z.string() });

/** How a stored secret is shown: whether it is set and its last 4 characters, never the value. */
export const SecretStatus = z.strictObject({
  set: z.boolean(),
  last4: z.string().nullable(),
});
export type SecretStatus = z.infer<typeof SecretStatus>;

/** A key field of a settings form: blank keeps the stored key. */
export const KeyInputField = z.string().trim().max(GEMINI_KEY_MAX, AI_MESSAGES.keyTooLong);

/** An AI tool's admin settings at `path`: GET shows them (the key as a SecretStatus), PUT saves and echoes them. */
export const aiConfigEndpoints = <TConfig extends z.ZodType, TBody extends z.ZodType>(
  tag: ApiTag,
  path: string,
  config: TConfig,
  body: TBody,
) => {
  const endpoint = endpointsOf(tag);
  return {
    get: endpoint({
      summary: 'Muestra la configuración de la herramienta',
      method: 'GET',
      path,
      response: config,
    }),
    save: endpoint({
      summary: 'Guarda la configuración de la herramienta',
      method: 'PUT',
      path,
      body,
      response: z.strictObject({ message: z.string(), config }),
    }),
  };
};
