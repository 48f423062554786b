import {
  AI_MESSAGES,
  REDGRAM_MESSAGES,
  type Page,
  type RedgramConfig,
  type RedgramConfigBody,
  type RedgramGenerateBody,
  type RedgramHistoryEntry,
  type RedgramHistoryQuery,
  type RedgramLogEntry,
  type RedgramProfile,
  type RedgramProfileBody,
} from '@app/contracts';
import type { Budget } from '../../lib/rate-limits';
import type { Clock } from '../../lib/clock';
import type { AiClient } from '../../integrations/ai';
import {
  aiAppError,
  isProviderFault,
  providerFailures,
  providerWords,
  type AiMessages,
  type ToolMessages,
} from '../../integrations/ai-errors';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { GenerationPiece, VariantPiece } from '../../lib/generation';
import { aiToolConfig, withUsageRecorded, type AiService } from '../ai';
import type { Actor, HistoryRecorder } from '../history';
import { buildRedgramPrompt, redgramInstruction } from './prompt';
import type { RedgramRepo } from './repo';

/** RedGram's messages for each provider failure (spec, section 8), naming the provider it runs on. */
const redgramMessages: ToolMessages = (provider) => ({
  api: providerFailures(provider).api,
  'no-text': providerFailures(provider).noText,
  'bad-response': providerFailures(provider).badResponse,
  network: REDGRAM_MESSAGES.generateFailed,
  timeout: providerFailures(provider).timeout,
  aborted: AI_MESSAGES.cancelled,
});

const DAY_MS = 86_400_000;

/** Between the variants of one generation in the admins' log (one `api_response` per generation). */
const VARIANT_SEPARATOR = '\n\n---\n\n';

export interface RedgramServiceDeps {
  repo: RedgramRepo;
  ai: AiClient;
  /** The connections, this tool's choice of one, and its token count. */
  aiTools: AiService;
  limiter: Budget;
  clock: Clock;
  /**
   * How many days a generation stays in its member's history: the server's own limit, or fewer when the
   * community keeps AI texts for less («Conservación de datos»), read at each use.
   */
  historyDays: () => Promise<number>;
  history: HistoryRecorder;
}

const CONFIG_FIELDS = ['prompt_escribir', 'prompt_reescribir'] as const;

/** What one generation needs, checked in the spec's order: profile, connection, the mode's prompt, text. */
async function generationRequest(
  repo: RedgramRepo,
  aiTools: AiService,
  userId: number,
  body: RedgramGenerateBody,
) {
  const profile = await repo.findProfile(userId, body.profile_id);
  if (!profile) throw badRequest(REDGRAM_MESSAGES.selectProfile, 'profile_id');
  const settings = await repo.getSettings();
  const generation = await aiTools.startGeneration('redgram');
  const template = body.mode === 'escribir' ? settings.prompt_escribir : settings.prompt_reescribir;
  if (template.trim() === '') throw new AppError(409, REDGRAM_MESSAGES.missingPrompt[body.mode]);
  const text = body.text.trim();
  if (text === '') throw badRequest(REDGRAM_MESSAGES.missingText[body.mode], 'text');
  const count = body.variants ?? 1;
  return {
    profile,
    text,
    count,
    generation,
    prompt: buildRedgramPrompt(template, profile, body.mode, text),
    systemInstruction: redgramInstruction(profile, count),
  };
}

/** Where a generation's outcome goes: the admins' log always, the member's history when it is complete. */
interface GenerationRecord {
  log(apiResponse: string | null, error: string | null): Promise<unknown>;
  remember(variants: string[]): Promise<void>;
  /** A failure the provider caused gives the generation back to the member's limit. */
  giveBack(error: unknown): Promise<void>;
  messages: AiMessages;
}

/**
 * Passes the provider's pieces on to the member and records the outcome once the stream ends, also when the client
 * stopped reading: the partial text is logged with "Generación detenida".
 */
async function* relayVariants(
  pieces: AsyncIterable<VariantPiece>,
  count: number,
  record: GenerationRecord,
): AsyncGenerator<GenerationPiece> {
  const written: string[] = Array.from({ length: count }, () => '');
  let error: string | null = AI_MESSAGES.cancelled;
  try {
    for await (const piece of pieces) {
      written[piece.variant] += piece.text;
      // One variant answers as plain text pieces; several name their variant.
      yield count === 1 ? piece.text : piece;
    }
    error = null;
    // Only complete generations go to the member's history.
    await record.remember(written);
  } catch (failure) {
    error = providerWords(failure, record.messages);
    await record.giveBack(failure);
    throw aiAppError(failure, record.messages);
  } finally {
    const generated = written.filter((variant) => variant !== '').join(VARIANT_SEPARATOR);
    await record.log(generated === '' ? null : generated, error);
  }
}

export function createRedgramService({
  repo,
  ai,
  aiTools,
  limiter,
  clock,
  historyDays,
  history,
}: RedgramServiceDeps) {
  /** The oldest instant the history keeps. */
  const retentionStart = (days: number) => new Date(clock.now().getTime() - days * DAY_MS).toISOString();
  const config = aiToolConfig({
    tool: 'redgram',
    fields: CONFIG_FIELDS,
    prompts: {
      get: () => repo.getSettings(),
      save: (prompts) => repo.saveSettings(prompts),
      transaction: (work) => repo.transaction(work),
    },
    aiTools,
    history,
    savedMessage: REDGRAM_MESSAGES.configSaved,
  });

  return {
    /** Whether a generation could start: the chosen connection has what it needs. */
    ready: (): Promise<boolean> => aiTools.ready('redgram'),

    getConfig: (): Promise<RedgramConfig> => config.get(),

    saveConfig: (
      body: RedgramConfigBody,
      actor: Actor,
    ): Promise<{ message: string; config: RedgramConfig }> => config.save(body, actor),

    listProfiles: (userId: number): Promise<RedgramProfile[]> => repo.listProfiles(userId),

    createProfile: (userId: number, body: RedgramProfileBody): Promise<RedgramProfile> =>
      repo.createProfile(userId, body),

    async updateProfile(userId: number, id: number, body: RedgramProfileBody): Promise<RedgramProfile> {
      const updated = await repo.updateProfile(userId, id, body);
      if (!updated) throw notFound(REDGRAM_MESSAGES.profileNotFound);
      return updated;
    },

    async deleteProfile(userId: number, id: number): Promise<void> {
      if (!(await repo.deleteProfile(userId, id))) throw notFound(REDGRAM_MESSAGES.profileNotFound);
    },

    latestLogs: (): Promise<RedgramLogEntry[]> => repo.latestLogs(),

    /** The member's own generations within the retention period, newest first. */
    async history(
      userId: number,
      query: RedgramHistoryQuery,
    ): Promise<Page<RedgramHistoryEntry> & { retention_days: number }> {
      const days = await historyDays();
      const found = await repo.historyPage({
        userId,
        since: retentionStart(days),
        search: query.q === '' ? undefined : query.q,
        page: query,
      });
      return { ...found, pageSize: query.pageSize, retention_days: days };
    },

    async deleteHistoryEntry(userId: number, id: number): Promise<void> {
      if (!(await repo.deleteHistoryEntry(userId, id))) {
        throw notFound(REDGRAM_MESSAGES.historyEntryNotFound);
      }
    },

    /**
     * Starts a checked generation; resolves once the provider accepted it. Every call that reached the provider
     * is logged.
     */
    async generate(
      userId: number,
      body: RedgramGenerateBody,
      signal: AbortSignal,
    ): Promise<AsyncIterable<GenerationPiece>> {
      const { profile, text, count, generation, prompt, systemInstruction } = await generationRequest(
        repo,
        aiTools,
        userId,
        body,
      );
      const { target } = generation;
      // One generation for the per-user limit, however many variants it writes.
      const member = String(userId);
      await limiter.spend(member);
      const messages = redgramMessages(target.provider);
      const record: GenerationRecord = {
        messages,
        giveBack: async (error) => {
          if (isProviderFault(error)) await limiter.refund(member);
        },
        log: (api_response, error_message) =>
          repo.insertLog({
            user_id: userId,
            profile_id: profile.id,
            mode: body.mode,
            input_text: text,
            prompt,
            api_response,
            error_message,
          }),
        remember: async (variants) => {
          await repo.purgeHistory(retentionStart(await historyDays()));
          await repo.insertHistory({
            user_id: userId,
            profile_id: profile.id,
            profile_name: profile.name,
            social_network: profile.social_network,
            mode: body.mode,
            input_text: text,
            variants,
          });
        },
      };
      let pieces: AsyncIterable<VariantPiece>;
      try {
        pieces = await ai.generateVariants(
          target,
          { prompt, signal, systemInstruction, tool: 'redgram', onUsage: generation.onUsage },
          count,
        );
      } catch (error) {
        await generation.recordUsage();
        // The admins' log keeps the provider's own words; the member sees the generic message.
        await record.log(null, providerWords(error, messages));
        await record.giveBack(error);
        throw aiAppError(error, messages);
      }
      return relayVariants(withUsageRecorded(pieces, generation.recordUsage), count, record);
    },
  };
}

export type RedgramService = ReturnType<typeof createRedgramService>;
