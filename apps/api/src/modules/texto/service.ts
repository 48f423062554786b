import {
  AI_MESSAGES,
  geminiApiMessage,
  TEXTO_MESSAGES,
  TOOL_TITLES,
  type TextoConfig,
  type TextoConfigBody,
  type TextoGenerateBody,
  type TextoTool,
} from '@app/contracts';
import type { Budget } from '../../lib/rate-limits';
import type { GeminiClient } from '../../integrations/gemini';
import { geminiAppError, withToolErrors, type GeminiMessages } from '../../integrations/gemini-errors';
import { configSaveEntry } from '../../lib/ai-config';
import { AppError, badRequest } from '../../lib/errors';
import { secretStatus } from '../../lib/generation';
import { diff, type Actor, type HistoryRecorder } from '../history';
import type { TextoRepo, TextoSettings } from './repo';

/** The text tools' messages for each Gemini failure (spec, section 8). */
const TEXTO_GEMINI_MESSAGES: GeminiMessages = {
  api: geminiApiMessage,
  'no-text': TEXTO_MESSAGES.noAnswer,
  'bad-response': TEXTO_MESSAGES.processFailed,
  network: TEXTO_MESSAGES.processFailed,
  timeout: AI_MESSAGES.timeout,
  aborted: AI_MESSAGES.cancelled,
};

/** The tool's prompt, a space, then the user's text (spec, section 7). */
const buildTextoPrompt = (settings: TextoSettings, tool: TextoTool, text: string): string =>
  `${tool === 'ortografia' ? settings.prompt_ortografia : settings.prompt_herramienta2} ${text}`;

const toConfig = ({ gemini_api_key, ...rest }: TextoSettings): TextoConfig => ({
  ...rest,
  gemini_api_key: secretStatus(gemini_api_key),
});

export interface TextoServiceDeps {
  repo: TextoRepo;
  gemini: GeminiClient;
  limiter: Budget;
  history: HistoryRecorder;
}

const CONFIG_FIELDS = ['api_url', 'prompt_ortografia', 'prompt_herramienta2'] as const;

export function createTextoService({ repo, gemini, limiter, history }: TextoServiceDeps) {
  return {
    getConfig: async (): Promise<TextoConfig> => toConfig(await repo.get()),

    /**
     * Saves the settings; a blank key keeps the stored one. A new api_url needs the key typed again: the stored
     * key is never sent to an address it was not entered for.
     */
    saveConfig: (body: TextoConfigBody, actor: Actor): Promise<{ message: string; config: TextoConfig }> =>
      repo.transaction(async () => {
        const current = await repo.get();
        if (body.api_url !== current.api_url && body.gemini_api_key === '' && current.gemini_api_key) {
          throw badRequest(TEXTO_MESSAGES.keyRequiredForNewUrl, 'gemini_api_key');
        }
        const settings: TextoSettings = {
          api_url: body.api_url,
          prompt_ortografia: body.prompt_ortografia,
          prompt_herramienta2: body.prompt_herramienta2,
          gemini_api_key: body.gemini_api_key || current.gemini_api_key,
        };
        await repo.save(settings);
        const changes = diff(current, settings, CONFIG_FIELDS);
        await history.recordAction(actor, configSaveEntry(TOOL_TITLES.texto, changes, body, current));
        return { message: AI_MESSAGES.configSaved, config: toConfig(settings) };
      }),

    /** Starts a generation for the user; resolves once Gemini accepted it. */
    async generate(
      userId: number,
      body: TextoGenerateBody,
      signal: AbortSignal,
    ): Promise<AsyncIterable<string>> {
      const settings = await repo.get();
      if (!settings.gemini_api_key) throw new AppError(409, TEXTO_MESSAGES.missingKey);
      await limiter.spend(String(userId));
      try {
        const pieces = await gemini.generateStream({
          apiKey: settings.gemini_api_key,
          prompt: buildTextoPrompt(settings, body.tool, body.text),
          ...(settings.api_url ? { baseUrl: settings.api_url } : {}),
          signal,
        });
        return withToolErrors(pieces, TEXTO_GEMINI_MESSAGES);
      } catch (error) {
        throw geminiAppError(error, TEXTO_GEMINI_MESSAGES);
      }
    },
  };
}

export type TextoService = ReturnType<typeof createTextoService>;
