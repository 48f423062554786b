import {
  TOOL_TITLES,
  AI_MESSAGES,
  geminiApiMessage,
  networkLimit,
  REDGRAM_MESSAGES,
  type Page,
  type RedgramConfig,
  type RedgramConfigBody,
  type RedgramGenerateBody,
  type RedgramHistoryEntry,
  type RedgramHistoryQuery,
  type RedgramLogEntry,
  type RedgramMode,
  type RedgramProfile,
  type RedgramProfileBody,
} from '@app/contracts';
import type { Budget } from '../../lib/rate-limits';
import type { Clock } from '../../lib/clock';
import type { GeminiClient } from '../../integrations/gemini';
import { geminiAppError, type GeminiMessages } from '../../integrations/gemini-errors';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { secretStatus, type GenerationPiece, type VariantPiece } from '../../lib/generation';
import { diff, type Actor, type HistoryRecorder } from '../history/record';
import type { RedgramRepo, RedgramSettings } from './repo';

/** RedGram's messages for each Gemini failure (spec, section 8). */
export const REDGRAM_GEMINI_MESSAGES: GeminiMessages = {
  api: geminiApiMessage,
  'no-text': REDGRAM_MESSAGES.noGeneratedText,
  'bad-response': REDGRAM_MESSAGES.badGeminiResponse,
  network: REDGRAM_MESSAGES.generateFailed,
  timeout: AI_MESSAGES.timeout,
  aborted: AI_MESSAGES.cancelled,
};

const PLACEHOLDER =
  /\{(name|social_network|sector|target_audience|specific_audience|visual_optimization|tema|texto)\}/g;

/**
 * Fills the mode's template with the profile and the text: {tema} in write mode, {texto} in rewrite mode, the
 * other empty. One pass, so a value that contains a placeholder is not filled again. A template without the
 * mode's placeholder gets the text after a blank line, so the user's words always reach Gemini.
 */
export function buildRedgramPrompt(
  template: string,
  profile: RedgramProfile,
  mode: RedgramMode,
  text: string,
): string {
  if (template.trim() === '') throw badRequest(REDGRAM_MESSAGES.noPromptForMode);
  const values: Record<string, string> = {
    name: profile.name,
    social_network: profile.social_network,
    sector: profile.sector,
    target_audience: profile.target_audience,
    specific_audience: profile.specific_audience,
    visual_optimization: profile.visual_optimization,
    tema: mode === 'escribir' ? text : '',
    texto: mode === 'reescribir' ? text : '',
  };
  const filled = template.replace(PLACEHOLDER, (_, key: string) => values[key] ?? '');
  return template.includes(mode === 'escribir' ? '{tema}' : '{texto}') ? filled : `${filled}\n\n${text}`;
}

/**
 * What Gemini is told besides the member's template: the network's limit (so the text fits) and, for several
 * variants, that each must stand on its own. Sent as the system instruction, so the template stays as written.
 */
export function redgramInstruction(profile: RedgramProfile, variants: number): string | undefined {
  const rules: string[] = [];
  const known = networkLimit(profile.social_network);
  if (known) {
    rules.push(
      `El texto es para ${known.network}: no debe superar los ${known.limit} caracteres, contando los emojis, los espacios y los hashtags.`,
    );
  }
  if (variants > 1) {
    rules.push('Cada respuesta es una versión distinta y completa del texto, lista para publicar.');
  }
  return rules.length > 0 ? rules.join('\n') : undefined;
}

const DAY_MS = 86_400_000;

/** Between the variants of one generation in the admins' log (one `api_response` per generation). */
const VARIANT_SEPARATOR = '\n\n---\n\n';

const toConfig = ({ gemini_api_key, ...rest }: RedgramSettings): RedgramConfig => ({
  ...rest,
  gemini_api_key: secretStatus(gemini_api_key),
});

export interface RedgramServiceDeps {
  repo: RedgramRepo;
  gemini: GeminiClient;
  limiter: Budget;
  clock: Clock;
  /** How many days a generation stays in its member's history. */
  historyDays: number;
  history: HistoryRecorder;
}

const CONFIG_FIELDS = ['prompt_escribir', 'prompt_reescribir'] as const;

export function createRedgramService({
  repo,
  gemini,
  limiter,
  clock,
  historyDays,
  history,
}: RedgramServiceDeps) {
  /** The oldest instant the history keeps. */
  const retentionStart = () => new Date(clock.now().getTime() - historyDays * DAY_MS).toISOString();

  return {
    getConfig: async (): Promise<RedgramConfig> => toConfig(await repo.getSettings()),

    /** All three fields are required; a blank key keeps the stored one (required when none is stored). */
    saveConfig: (
      body: RedgramConfigBody,
      actor: Actor,
    ): Promise<{ message: string; config: RedgramConfig }> =>
      repo.transaction(async () => {
        const current = await repo.getSettings();
        const key = body.gemini_api_key || current.gemini_api_key;
        if (!key) throw badRequest(REDGRAM_MESSAGES.fillAllFields, 'gemini_api_key');
        const settings: RedgramSettings = {
          prompt_escribir: body.prompt_escribir,
          prompt_reescribir: body.prompt_reescribir,
          gemini_api_key: key,
        };
        await repo.saveSettings(settings);
        const keyChanged = body.gemini_api_key !== '' && body.gemini_api_key !== current.gemini_api_key;
        // The key itself never enters the history: only whether it was changed.
        await history.recordAction(actor, {
          kind: 'config.save',
          entity_type: 'tool',
          label: TOOL_TITLES.redgram,
          changes: [
            ...diff(current, settings, CONFIG_FIELDS),
            { field: 'clave', before: null, after: keyChanged ? 'cambiada' : 'sin cambios' },
          ],
        });
        return { message: REDGRAM_MESSAGES.configSaved, config: toConfig(settings) };
      }),

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
      const { page, pageSize } = query;
      const { items, total } = await repo.historyPage({
        userId,
        since: retentionStart(),
        search: query.q === '' ? undefined : query.q,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return { items, total, page, pageSize, retention_days: historyDays };
    },

    async deleteHistoryEntry(userId: number, id: number): Promise<void> {
      if (!(await repo.deleteHistoryEntry(userId, id))) {
        throw notFound(REDGRAM_MESSAGES.historyEntryNotFound);
      }
    },

    /**
     * Checks in the spec's order (profile, key, prompt, text), then starts the generation; resolves once
     * Gemini accepted it. Every call that reached Gemini is logged once it ends, whatever the outcome.
     */
    async generate(
      userId: number,
      body: RedgramGenerateBody,
      signal: AbortSignal,
    ): Promise<AsyncIterable<GenerationPiece>> {
      const profile = await repo.findProfile(userId, body.profile_id);
      if (!profile) throw badRequest(REDGRAM_MESSAGES.selectProfile, 'profile_id');
      const settings = await repo.getSettings();
      if (!settings.gemini_api_key) throw new AppError(409, REDGRAM_MESSAGES.missingKey);
      const template = body.mode === 'escribir' ? settings.prompt_escribir : settings.prompt_reescribir;
      if (template.trim() === '') throw new AppError(409, REDGRAM_MESSAGES.missingPrompt[body.mode]);
      const text = body.text.trim();
      if (text === '') throw badRequest(REDGRAM_MESSAGES.missingText[body.mode], 'text');
      const prompt = buildRedgramPrompt(template, profile, body.mode, text);
      const count = body.variants ?? 1;
      const systemInstruction = redgramInstruction(profile, count);
      // One generation for the per-user limit, however many variants it writes.
      await limiter.spend(String(userId));

      const log = (api_response: string | null, error_message: string | null) =>
        repo.insertLog({
          user_id: userId,
          profile_id: profile.id,
          mode: body.mode,
          input_text: text,
          prompt,
          api_response,
          error_message,
        });

      const remember = async (variants: string[]) => {
        await repo.purgeHistory(retentionStart());
        await repo.insertHistory({
          user_id: userId,
          profile_id: profile.id,
          profile_name: profile.name,
          social_network: profile.social_network,
          mode: body.mode,
          input_text: text,
          variants,
        });
      };

      let pieces: AsyncIterable<VariantPiece>;
      try {
        pieces = await gemini.generateVariants(
          {
            apiKey: settings.gemini_api_key,
            prompt,
            signal,
            ...(systemInstruction ? { systemInstruction } : {}),
          },
          count,
        );
      } catch (error) {
        const appError = geminiAppError(error, REDGRAM_GEMINI_MESSAGES);
        // The admins' log keeps Gemini's own words; the member sees the generic message.
        await log(null, appError.detail ?? appError.message);
        throw appError;
      }
      return (async function* () {
        const written: string[] = Array.from({ length: count }, () => '');
        let error: string | null = AI_MESSAGES.cancelled;
        try {
          for await (const piece of pieces) {
            written[piece.variant] += piece.text;
            // One variant answers as plain text pieces, as before; several name their variant.
            yield count === 1 ? piece.text : piece;
          }
          error = null;
          // Only complete generations go to the member's history.
          await remember(written);
        } catch (failure) {
          const appError = geminiAppError(failure, REDGRAM_GEMINI_MESSAGES);
          error = appError.detail ?? appError.message;
          throw appError;
        } finally {
          // Also when the client stopped reading: the partial text is kept with "Generación detenida".
          const generated = written.filter((variant) => variant !== '').join(VARIANT_SEPARATOR);
          await log(generated === '' ? null : generated, error);
        }
      })();
    },
  };
}

export type RedgramService = ReturnType<typeof createRedgramService>;
