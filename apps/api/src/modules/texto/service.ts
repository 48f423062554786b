import {
  AI_MESSAGES,
  TEXTO_MESSAGES,
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
import { aiToolConfig, withUsageRecorded, type AiService } from '../ai';
import type { Actor, HistoryRecorder } from '../history';
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

export interface TextoServiceDeps {
  repo: TextoRepo;
  ai: AiClient;
  /** The connections, this tool's choice of one, and its token count. */
  aiTools: AiService;
  limiter: Budget;
  history: HistoryRecorder;
  /** Counts one use for Estadísticas (Texto keeps no row of its own per use). */
  countUse: (userId: number) => Promise<void>;
}

const CONFIG_FIELDS = ['prompt_ortografia', 'prompt_herramienta2'] as const;

export function createTextoService({ repo, ai, aiTools, limiter, history, countUse }: TextoServiceDeps) {
  const config = aiToolConfig({ tool: 'texto', fields: CONFIG_FIELDS, prompts: repo, aiTools, history });
  return {
    /** Whether a generation could start: the chosen connection has what it needs. */
    ready: (): Promise<boolean> => aiTools.ready('texto'),

    getConfig: (): Promise<TextoConfig> => config.get(),

    saveConfig: (body: TextoConfigBody, actor: Actor): Promise<{ message: string; config: TextoConfig }> =>
      config.save(body, actor),

    /** Starts a generation for the user; resolves once the provider accepted it. */
    async generate(
      userId: number,
      body: TextoGenerateBody,
      signal: AbortSignal,
    ): Promise<AsyncIterable<string>> {
      const settings = await repo.get();
      const generation = await aiTools.startGeneration('texto');
      const member = String(userId);
      await limiter.spend(member);
      const messages = textoMessages(generation.target.provider);
      // A failure the provider caused gives the generation back: retrying costs the member nothing.
      const giveBack = async (error: unknown) => {
        if (isProviderFault(error)) await limiter.refund(member);
      };
      try {
        const pieces = await ai.generateStream(generation.target, {
          prompt: buildTextoPrompt(settings, body.tool, body.text),
          signal,
          tool: 'texto',
          onUsage: generation.onUsage,
        });
        // A use is counted once the provider has accepted it, as RedGram's log row is written.
        await countUse(userId);
        return withToolErrors(withUsageRecorded(pieces, generation.recordUsage), messages, giveBack);
      } catch (error) {
        await giveBack(error);
        throw aiAppError(error, messages);
      }
    },
  };
}

export type TextoService = ReturnType<typeof createTextoService>;
