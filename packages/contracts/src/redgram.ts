import { z } from 'zod';
import { AiToolConnectionBody, AiToolConnectionConfig } from './ai-connections';
import { aiReadyEndpoint } from './ai-provider';
import {
  aiConfigEndpoints,
  AI_MESSAGES,
  GENERATION_TEXT_MAX,
  GenerationResponse,
  PROMPT_MAX,
} from './ai-generation';
import { endpointsOf, OkResponse, ID_MAX } from './http';
import { pageOf, keyedPageQueryFields } from './pagination';

const endpoint = endpointsOf('redgram');

export * from './redgram-text';

export const REDGRAM_MODES = ['escribir', 'reescribir'] as const;
export const RedgramMode = z.enum(REDGRAM_MODES);
export type RedgramMode = z.infer<typeof RedgramMode>;

export const PROFILE_FIELD_MAX = 500;

/** Spec texts of RedGram (sections 5 and 8). */
/**
 * The prompts a new installation starts with, so a first «Guardar» after «Probar conexión» succeeds. The spec
 * names RedGram's placeholders but gives no default text: these are ours, written with every placeholder.
 */
export const REDGRAM_DEFAULT_PROMPTS = {
  prompt_escribir:
    'Escribe una publicación para {social_network} de {name}, del sector {sector}, dirigida a {target_audience} ({specific_audience}). Tema: {tema}. Optimización visual: {visual_optimization}. Responde solo con el texto de la publicación.',
  prompt_reescribir:
    'Reescribe el siguiente texto como una publicación para {social_network} de {name}, del sector {sector}, dirigida a {target_audience} ({specific_audience}). Optimización visual: {visual_optimization}. Responde solo con el texto de la publicación. Texto: {texto}',
} as const;

export const REDGRAM_MESSAGES = {
  fillAllFields: 'Por favor completa todos los campos',
  selectProfile: 'Selecciona un perfil',
  selectProfileToEdit: 'Selecciona un perfil para editar',
  missingKey: 'Configura la API key de Gemini',
  missingPrompt: {
    escribir: 'Configura el prompt para escribir',
    reescribir: 'Configura el prompt para reescribir',
  },
  missingText: {
    escribir: 'Ingresa el tema sobre el que quieres escribir',
    reescribir: 'Ingresa el texto a reescribir',
  },
  noPromptForMode: 'No hay prompt configurado para este modo',
  loadConfigFailed: 'Error al cargar la configuración',
  loadProfilesFailed: 'Error al cargar los perfiles',
  saveProfileFailed: 'Error al guardar el perfil',
  updateProfileFailed: 'Error al actualizar el perfil',
  saveFailed: 'Error al guardar',
  generateFailed: 'Error al generar el texto',
  copyFailed: 'Error al copiar',
  unknown: 'Error desconocido',
  generated: 'Texto generado correctamente',
  copied: 'Texto copiado',
  configSaved: 'Configuración guardada',
  profileCreated: 'Perfil creado correctamente',
  profileUpdated: 'Perfil actualizado',
  profileDeleted: 'Perfil eliminado',
  deleteProfileFailed: 'Error al eliminar el perfil',
  profileNotFound: 'El perfil no existe',
  loadLogsFailed: 'Error al cargar el historial',
  historyEntryNotFound: 'La generación no existe en tu historial',
  historyDeleted: 'Generación eliminada del historial',
  deleteHistoryFailed: 'Error al eliminar la generación',
  historyReused: 'Datos cargados en el generador',
  historyProfileGone: 'El perfil de esta generación ya no existe: elige otro',
  hashtagsCopied: 'Hashtags copiados',
} as const;

const ProfileField = z
  .string({ error: REDGRAM_MESSAGES.fillAllFields })
  .trim()
  .min(1, REDGRAM_MESSAGES.fillAllFields)
  .max(PROFILE_FIELD_MAX, `Cada campo admite como máximo ${PROFILE_FIELD_MAX} caracteres`);

/** The six fields of an audience profile, snake_case as the spec's API names them. */
export const RedgramProfileBody = z.strictObject({
  name: ProfileField,
  social_network: ProfileField,
  sector: ProfileField,
  target_audience: ProfileField,
  specific_audience: ProfileField,
  visual_optimization: ProfileField,
});
export type RedgramProfileBody = z.infer<typeof RedgramProfileBody>;

export const RedgramProfile = z.strictObject({
  id: z.number().int().positive().max(ID_MAX),
  name: z.string(),
  social_network: z.string(),
  sector: z.string(),
  target_audience: z.string(),
  specific_audience: z.string(),
  visual_optimization: z.string(),
});
export type RedgramProfile = z.infer<typeof RedgramProfile>;

export const RedgramConfig = z.strictObject({
  prompt_escribir: z.string(),
  prompt_reescribir: z.string(),
  ...AiToolConnectionConfig,
});
export type RedgramConfig = z.infer<typeof RedgramConfig>;

const RequiredPrompt = z
  .string({ error: REDGRAM_MESSAGES.fillAllFields })
  .trim()
  .min(1, REDGRAM_MESSAGES.fillAllFields)
  .max(PROMPT_MAX, AI_MESSAGES.promptTooLong);

export const RedgramConfigBody = z.strictObject({
  prompt_escribir: RequiredPrompt,
  prompt_reescribir: RequiredPrompt,
  ...AiToolConnectionBody,
});
export type RedgramConfigBody = z.infer<typeof RedgramConfigBody>;

export const REDGRAM_VARIANTS_MAX = 3;
const REDGRAM_VARIANTS_MESSAGE = `Elige entre 1 y ${REDGRAM_VARIANTS_MAX} variantes`;

export const RedgramGenerateBody = z.strictObject({
  profile_id: z
    .number({ error: REDGRAM_MESSAGES.selectProfile })
    .int(REDGRAM_MESSAGES.selectProfile)
    .positive(REDGRAM_MESSAGES.selectProfile)
    .max(ID_MAX, REDGRAM_MESSAGES.selectProfile),
  mode: RedgramMode,
  /** Blank is refused by the server with the mode's message, after the profile and configuration checks. */
  text: z.string().max(GENERATION_TEXT_MAX, AI_MESSAGES.textTooLong),
  /** How many versions to write, all in one Gemini request (one generation for the per-user limit). */
  variants: z
    .number({ error: REDGRAM_VARIANTS_MESSAGE })
    .int(REDGRAM_VARIANTS_MESSAGE)
    .min(1, REDGRAM_VARIANTS_MESSAGE)
    .max(REDGRAM_VARIANTS_MAX, REDGRAM_VARIANTS_MESSAGE)
    .default(1),
});
export type RedgramGenerateBody = z.infer<typeof RedgramGenerateBody>;

export const RedgramLogEntry = z.strictObject({
  id: z.number().int().positive().max(ID_MAX),
  created_at: z.string(),
  username: z.string().nullable(),
  profile_id: z.number().int().nullable(),
  profile_name: z.string().nullable(),
  mode: RedgramMode,
  input_text: z.string(),
  prompt: z.string(),
  api_response: z.string().nullable(),
  error_message: z.string().nullable(),
});
export type RedgramLogEntry = z.infer<typeof RedgramLogEntry>;

export const REDGRAM_LOG_LIMIT = 50;

/** One generation in the member's own history ("Mi historial"): what was asked and every variant written. */
export const RedgramHistoryEntry = z.strictObject({
  id: z.number().int().positive().max(ID_MAX),
  created_at: z.string(),
  /** Null once the profile has been deleted; its name and network stay as they were. */
  profile_id: z.number().int().nullable(),
  profile_name: z.string(),
  social_network: z.string(),
  mode: RedgramMode,
  input_text: z.string(),
  variants: z.array(z.string()),
});
export type RedgramHistoryEntry = z.infer<typeof RedgramHistoryEntry>;

export const REDGRAM_HISTORY_PAGE_SIZE = 10;
export const REDGRAM_SEARCH_MAX = 200;

export const RedgramHistoryQuery = z.strictObject({
  ...keyedPageQueryFields(REDGRAM_HISTORY_PAGE_SIZE, 50),
  /** Words in the profile's name, the topic or source text, or a variant (ignoring case). */
  q: z.string().trim().max(REDGRAM_SEARCH_MAX).optional(),
});
export type RedgramHistoryQuery = z.infer<typeof RedgramHistoryQuery>;

const ProfileParams = z.strictObject({ id: z.coerce.number().int().positive().max(ID_MAX) });

const redgramConfig = aiConfigEndpoints('redgram', '/api/redgram/config', RedgramConfig, RedgramConfigBody);
export const getRedgramConfig = redgramConfig.get;
export const getRedgramReady = aiReadyEndpoint('redgram', '/api/redgram');
export const saveRedgramConfig = redgramConfig.save;

export const listRedgramProfiles = endpoint({
  summary: 'Lista los perfiles de audiencia',
  method: 'GET',
  path: '/api/redgram/profiles',
  response: z.array(RedgramProfile),
});

export const createRedgramProfile = endpoint({
  summary: 'Crea un perfil de audiencia',
  method: 'POST',
  path: '/api/redgram/profiles',
  body: RedgramProfileBody,
  response: RedgramProfile,
});

export const updateRedgramProfile = endpoint({
  summary: 'Edita un perfil de audiencia',
  method: 'PUT',
  path: '/api/redgram/profiles/:id',
  params: ProfileParams,
  body: RedgramProfileBody,
  response: RedgramProfile,
});

export const deleteRedgramProfile = endpoint({
  summary: 'Elimina un perfil de audiencia',
  method: 'DELETE',
  path: '/api/redgram/profiles/:id',
  params: ProfileParams,
  response: OkResponse,
});

/**
 * Streams (`Accept: text/event-stream`, each `chunk` naming its `variant`) or answers the whole text: `text` is
 * the first variant, `variants` all of them.
 */
export const generateRedgram = endpoint({
  summary: 'Genera textos para redes sociales',
  method: 'POST',
  path: '/api/redgram/generate',
  body: RedgramGenerateBody,
  response: GenerationResponse,
});

/** The signed-in member's own generations, newest first, within the retention period. */
export const listRedgramHistory = endpoint({
  summary: 'Lista el historial propio de generaciones',
  method: 'GET',
  path: '/api/redgram/history',
  query: RedgramHistoryQuery,
  response: pageOf(RedgramHistoryEntry).extend({
    /** How many days an entry is kept (REDGRAM_HISTORY_DAYS), so the screen can say so. */
    retention_days: z.number().int().positive(),
  }),
});

export const deleteRedgramHistoryEntry = endpoint({
  summary: 'Elimina una generación del historial propio',
  method: 'DELETE',
  path: '/api/redgram/history/:id',
  params: z.strictObject({ id: z.coerce.number().int().positive().max(ID_MAX) }),
  response: OkResponse,
});

/** Admin only: the latest generations, newest first, with their errors. */
export const listRedgramLogs = endpoint({
  summary: 'Lista las últimas generaciones con sus errores',
  method: 'GET',
  path: '/api/redgram/logs',
  response: z.array(RedgramLogEntry),
});
