/** What the text tools module offers the app. */
import type { RateLimits } from '../../lib/rate-limits';
import type { SecretBox } from '../../lib/secret-box';
import { carryOverToolSettings, createAiRepo, type AiToolContext } from '../ai';
import type { HistoryRecorder } from '../history';
import { defineModule } from '../registration';
import { createToolUseCounter } from '../stats';
import { createTextoRepo } from './repo';
import { textoRoutes } from './routes';
import { createTextoService } from './service';

export { createTextoRepo };

/** Texto: its routes on the shared AI client, each use counted for Estadísticas. Gives whether it is ready. */
export const textoModule = defineModule({
  name: 'texto',
  /** Its secrets sealed, then its old provider settings (from before connections) carried over to one. */
  open: async ({ db, secrets }) => {
    const repo = createTextoRepo(db, secrets);
    await repo.resealSecrets();
    await carryOverToolSettings(createAiRepo(db, secrets), [
      { tool: 'texto', read: () => repo.legacy(), clear: () => repo.clearLegacy() },
    ]);
  },
  register: (
    context: AiToolContext & { limits: RateLimits; history: HistoryRecorder; secrets: SecretBox },
  ) => {
    const { app, config, db, clock, ai, aiTools, limits, history, secrets } = context;
    const countToolUse = createToolUseCounter({ database: db, clock, timeZone: config.timeZone });
    const texto = createTextoService({
      repo: createTextoRepo(db, secrets),
      ai,
      aiTools,
      limiter: limits.generation,
      history,
      countUse: (userId) => countToolUse('texto', userId),
    });
    textoRoutes(app, texto);
    return { ready: () => texto.ready() };
  },
});
