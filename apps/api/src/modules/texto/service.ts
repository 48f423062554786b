import {
  AI_MESSAGES,
  TEXTO_MESSAGES,
  TOOL_TITLES,
  type AiConnectionTestBody,
  type AiConnectionTestResult,
  type AiModelsBody,
  type TextoConfig,
  type TextoConfigBody,
  type TextoGenerateBody,
  type TextoTool,
} from '@app/contracts';
import type { Budget } from '../../lib/rate-limits';
import type { AiClient } from '../../integrations/ai';
import {
  aiAppError,
  isProviderFault,
  providerFailures,
  withToolErrors,
  type ToolMessages,
} from '../../integrations/ai-errors';
import {
  configSaveEntry,
  keyForAddress,
  mergeProviderSettings,
  providerStatus,
  type ProviderSettings,
} from '../../lib/ai-config';
import {
  aiTargetOf,
  assertAllowedAddress,
  listFormModels,
  testFormConnection,
} from '../../integrations/ai-targets';
import { badRequest } from '../../lib/errors';
import { secretStatus } from '../../lib/generation';
import { diff, type Actor, type HistoryRecorder } from '../history';
import type { TextoRepo, TextoSettings } from './repo';

/** The text tools' messages for each provider failure (spec, section 8), naming the provider they run on. */
const textoMessages: ToolMessages = (provider) => ({
  api: providerFailures(provider).api,
  'no-text': TEXTO_MESSAGES.noAnswer,
  'bad-response': TEXTO_MESSAGES.processFailed,
  network: TEXTO_MESSAGES.processFailed,
  timeout: providerFailures(provider).timeout,
  aborted: AI_MESSAGES.cancelled,
});

/** The tool's prompt, a space, then the user's text (spec, section 7). */
const buildTextoPrompt = (settings: TextoSettings, tool: TextoTool, text: string): string =>
  `${tool === 'ortografia' ? settings.prompt_ortografia : settings.prompt_herramienta2} ${text}`;

const toConfig = ({ gemini_api_key, ...rest }: TextoSettings): TextoConfig => ({
  ...rest,
  ...providerStatus(rest),
  gemini_api_key: secretStatus(gemini_api_key),
});

export interface TextoServiceDeps {
  repo: TextoRepo;
  ai: AiClient;
  limiter: Budget;
  history: HistoryRecorder;
  /** Counts one use for Estadísticas (Texto keeps no row of its own per use). */
  countUse: (userId: number) => Promise<void>;
}

const CONFIG_FIELDS = ['api_url', 'prompt_ortografia', 'prompt_herramienta2'] as const;

export function createTextoService({ repo, ai, limiter, history, countUse }: TextoServiceDeps) {
  return {
    /** Whether a generation could start: the chosen provider has what it needs. */
    async ready(): Promise<boolean> {
      try {
        aiTargetOf(await repo.get(), TEXTO_MESSAGES.missingKey);
        return true;
      } catch {
        return false;
      }
    },

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
        const provider: ProviderSettings = mergeProviderSettings(body, current);
        await assertAllowedAddress(ai, body.api_url, 'api_url');
        await assertAllowedAddress(ai, provider.openai_base_url, 'openai_base_url');
        const settings: TextoSettings = {
          api_url: body.api_url,
          prompt_ortografia: body.prompt_ortografia,
          prompt_herramienta2: body.prompt_herramienta2,
          gemini_api_key: body.gemini_api_key || current.gemini_api_key,
          ...provider,
        };
        await repo.save(settings);
        const changes = diff(current, settings, CONFIG_FIELDS);
        await history.recordAction(
          actor,
          configSaveEntry(TOOL_TITLES.texto, changes, body, current, { before: current, after: settings }),
        );
        return { message: AI_MESSAGES.configSaved, config: toConfig(settings) };
      }),

    /** "Probar conexión" with the form's values; a blank key is the stored one, at its own address only. */
    async testConnection(body: AiConnectionTestBody): Promise<AiConnectionTestResult> {
      const stored = await repo.get();
      const apiUrl = body.api_url ?? stored.api_url;
      const apiKey = keyForAddress(body.gemini_api_key, apiUrl, {
        address: stored.api_url,
        key: stored.gemini_api_key,
      });
      return testFormConnection(ai, body, stored, { apiKey, baseUrl: apiUrl });
    },

    /** The OpenAI-compatible server's models, for the model field (an empty list when it offers none). */
    listModels: async (body: AiModelsBody): Promise<{ models: string[] }> =>
      listFormModels(ai, body, await repo.get()),

    /** Starts a generation for the user; resolves once the provider accepted it. */
    async generate(
      userId: number,
      body: TextoGenerateBody,
      signal: AbortSignal,
    ): Promise<AsyncIterable<string>> {
      const settings = await repo.get();
      const target = aiTargetOf(settings, TEXTO_MESSAGES.missingKey, settings.api_url);
      const member = String(userId);
      await limiter.spend(member);
      const messages = textoMessages(target.provider);
      // A failure the provider caused gives the generation back: retrying costs the member nothing.
      const giveBack = async (error: unknown) => {
        if (isProviderFault(error)) await limiter.refund(member);
      };
      try {
        const pieces = await ai.generateStream(target, {
          prompt: buildTextoPrompt(settings, body.tool, body.text),
          signal,
          tool: 'texto',
        });
        // A use is counted once the provider has accepted it, as RedGram's log row is written.
        await countUse(userId);
        return withToolErrors(pieces, messages, giveBack);
      } catch (error) {
        await giveBack(error);
        throw aiAppError(error, messages);
      }
    },
  };
}

export type TextoService = ReturnType<typeof createTextoService>;
