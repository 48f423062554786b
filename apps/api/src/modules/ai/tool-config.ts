import { AI_MESSAGES, TOOL_TITLES, type AiToolName } from '@app/contracts';
import { diff, type Actor, type HistoryRecorder, type Shown } from '../history';
import type { AiService, ToolConnectionSettings } from './service';

/** Where an AI tool keeps its own prompts (its table, one row). */
export interface PromptStore<P> {
  get(): Promise<P>;
  save(prompts: P): Promise<void>;
  transaction<T>(work: () => Promise<T>): Promise<T>;
}

/**
 * One configuration shape for every AI tool: its prompts (`fields`, kept by the tool) beside the connection,
 * model, temperature and monthly cap (kept here), read and saved together, with one history entry.
 */
export function aiToolConfig<F extends string>({
  tool,
  fields,
  prompts,
  aiTools,
  history,
  savedMessage = AI_MESSAGES.configSaved,
}: {
  tool: AiToolName;
  fields: readonly F[];
  prompts: PromptStore<Record<F, string>>;
  aiTools: AiService;
  history: HistoryRecorder;
  savedMessage?: string;
}) {
  const get = async (): Promise<Record<F, string> & ToolConnectionSettings> => ({
    ...(await prompts.get()),
    ...(await aiTools.toolSettings(tool)),
  });
  return {
    get,
    save: (
      body: Record<F, string> & ToolConnectionSettings,
      actor: Actor,
    ): Promise<{ message: string; config: Record<F, string> & ToolConnectionSettings }> =>
      prompts.transaction(async () => {
        const before = await prompts.get();
        const after = Object.fromEntries(fields.map((field) => [field, body[field]])) as unknown as Record<
          F,
          string
        >;
        await prompts.save(after);
        const connectionChanges = await aiTools.saveToolSettings(tool, {
          connection_id: body.connection_id,
          model: body.model,
          temperature: body.temperature,
          monthly_token_cap: body.monthly_token_cap,
        });
        await history.recordAction(actor, {
          kind: 'config.save',
          entity_type: 'tool',
          label: TOOL_TITLES[tool],
          changes: [
            ...diff(before as Record<F, Shown>, after as Record<F, Shown>, fields),
            ...connectionChanges,
          ],
        });
        return { message: savedMessage, config: await get() };
      }),
  };
}

/** The answer's pieces, then its usage stored once the provider's stream ended (also when cut or stopped). */
export async function* withUsageRecorded<T>(
  pieces: AsyncIterable<T>,
  recordUsage: () => Promise<void>,
): AsyncGenerator<T> {
  try {
    yield* pieces;
  } finally {
    await recordUsage();
  }
}
