import { createAiClient, type AiClient } from '../../integrations/ai';
import type { ResolveHost } from '../../integrations/ai-address';
import { createGeminiClient } from '../../integrations/gemini';
import { createOpenAiCompatibleClient } from '../../integrations/openai-compatible';
import type { SecretBox } from '../../lib/secret-box';
import type { HistoryRecorder } from '../history';
import { defineModule, type BaseContext } from '../registration';
import { createAiRepo } from './repo';
import { aiRoutes } from './routes';
import { createAiService, type AiService } from './service';

interface AiContext extends BaseContext {
  history: HistoryRecorder;
  secrets: SecretBox;
  /** Every address a host name stands for; the AI address rule judges them. */
  resolveHost: ResolveHost;
}

/**
 * The AI connections in /config: one generation interface (Gemini or an OpenAI-compatible server) that the AI
 * tools share, with each tool's choice of connection and its tokens counted.
 */
export const aiModule = defineModule({
  name: 'ai',
  open: ({ db, secrets }) => createAiRepo(db, secrets).resealSecrets(),
  register: ({ app, config, db, clock, history, secrets, resolveHost }: AiContext) => {
    const ai: AiClient = createAiClient({
      gemini: createGeminiClient({ ...config.gemini, timeoutMs: config.outgoingTimeoutMs }),
      openai: createOpenAiCompatibleClient({
        timeoutMs: config.outgoingTimeoutMs,
        maxTokens: config.ai.maxOutputTokens,
      }),
      geminiModel: config.gemini.model,
      maxAnswerChars: config.ai.maxAnswerChars,
      resolveHost,
      log: app.log,
    });
    const aiTools: AiService = createAiService({
      repo: createAiRepo(db, secrets),
      ai,
      envConnections: config.aiConnections,
      clock,
      timeZone: config.timeZone,
      history,
      geminiModel: config.gemini.model,
    });
    aiRoutes(app, aiTools);
    return { ai, aiTools };
  },
});

/** What an AI tool is built on: the shared client and the connections' service. */
export interface AiToolContext extends BaseContext {
  ai: AiClient;
  aiTools: AiService;
}
