/** What the RedGram module offers the app. */
import type { RateLimits } from '../../lib/rate-limits';
import type { SecretBox } from '../../lib/secret-box';
import { carryOverToolSettings, createAiRepo, type AiToolContext } from '../ai';
import type { HistoryRecorder } from '../history';
import { defineModule } from '../registration';
import { redgramPersonalData } from './personal-data';
import { createRedgramRepo } from './repo';
import { redgramRoutes } from './routes';
import { createRedgramService } from './service';

export { createRedgramRepo };
/** Estadísticas' close of each day counts the generations and who made them. */
export { generationsBetween, generatorsBetween } from './reads';

interface RedgramContext extends AiToolContext {
  limits: RateLimits;
  history: HistoryRecorder;
  secrets: SecretBox;
  /** How many days the community keeps AI texts («Conservación de datos»), read at each use. */
  aiTextDays: () => Promise<number>;
}

/** RedGram: its routes on the shared AI client, and the generations it keeps. Gives whether it is ready. */
export const redgramModule = defineModule({
  name: 'redgram',
  personalData: redgramPersonalData,
  /** Its secrets sealed, then its old provider settings (from before connections) carried over to one. */
  open: async ({ db, secrets }) => {
    const repo = createRedgramRepo(db, secrets);
    await repo.resealSecrets();
    await carryOverToolSettings(createAiRepo(db, secrets), [
      { tool: 'redgram', read: () => repo.legacy(), clear: () => repo.clearLegacy() },
    ]);
  },
  register: ({
    app,
    config,
    db,
    clock,
    ai,
    aiTools,
    limits,
    history,
    secrets,
    aiTextDays,
  }: RedgramContext) => {
    const redgram = createRedgramService({
      repo: createRedgramRepo(db, secrets),
      ai,
      aiTools,
      limiter: limits.generation,
      clock,
      historyDays: async () => Math.min(config.redgramHistoryDays, await aiTextDays()),
      history,
    });
    redgramRoutes(app, redgram);
    return { ready: () => redgram.ready() };
  },
});
