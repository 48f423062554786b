import {
  AI_PROVIDER_MESSAGES,
  type AiConnectionTestBody,
  type AiConnectionTestResult,
  type AiModelsBody,
} from '@app/contracts';
import { keyForAddress, type ProviderSettings } from '../lib/ai-config';
import { AppError, badRequest } from '../lib/errors';
import type { AiClient, AiTarget } from './ai';

/**
 * Where an AI tool's generations go, or the Spanish reason they cannot start: the OpenAI-compatible server needs
 * its address and model, Gemini needs the tool's key (`missingKey` is the tool's own message for it).
 */
export function aiTargetOf(
  settings: ProviderSettings & { gemini_api_key: string | null },
  missingKey: string,
  geminiBaseUrl?: string,
): AiTarget {
  if (settings.provider === 'openai') {
    if (!settings.openai_base_url || !settings.openai_model) {
      throw new AppError(409, AI_PROVIDER_MESSAGES.missingServer);
    }
    return {
      provider: 'openai',
      baseUrl: settings.openai_base_url,
      model: settings.openai_model,
      apiKey: settings.openai_api_key ?? '',
    };
  }
  if (!settings.gemini_api_key) throw new AppError(409, missingKey);
  return {
    provider: 'gemini',
    apiKey: settings.gemini_api_key,
    ...(geminiBaseUrl ? { baseUrl: geminiBaseUrl } : {}),
  };
}

/**
 * The address rule for a form's address, the same when saving and before any test or model list: a refused
 * address is bad input on its field. A name that resolves to nothing yet may be saved (never called).
 */
export async function assertAllowedAddress(ai: AiClient, url: string, field: string): Promise<void> {
  if (url === '') return;
  if ((await ai.judgeAddress(url)) === 'forbidden') {
    throw badRequest(AI_PROVIDER_MESSAGES.forbiddenAddress, field);
  }
}

/** The OpenAI-compatible key a form may use: the typed one, or the stored one at its own address only. */
const formOpenAiKey = (body: AiModelsBody, stored: ProviderSettings): string =>
  keyForAddress(body.openai_api_key, body.openai_base_url, {
    address: stored.openai_base_url,
    key: body.remove_openai_api_key ? null : stored.openai_api_key,
  });

/**
 * "Probar conexión" with an AI tool's form: the OpenAI-compatible server it names, or Gemini with the key the tool
 * allows (typed or stored) at `gemini.baseUrl`. A missing address, model or key is answered without a request.
 */
export async function testFormConnection(
  ai: AiClient,
  body: AiConnectionTestBody,
  stored: ProviderSettings,
  gemini: { apiKey: string | null; baseUrl?: string | undefined },
): Promise<AiConnectionTestResult> {
  if (body.provider === 'openai') {
    if (!body.openai_base_url) return { ok: false, message: AI_PROVIDER_MESSAGES.baseUrlRequired };
    if (!body.openai_model) return { ok: false, message: AI_PROVIDER_MESSAGES.modelRequired };
    await assertAllowedAddress(ai, body.openai_base_url, 'openai_base_url');
    return ai.testConnection({
      provider: 'openai',
      baseUrl: body.openai_base_url,
      model: body.openai_model,
      apiKey: formOpenAiKey(body, stored),
    });
  }
  if (!gemini.apiKey) return { ok: false, message: AI_PROVIDER_MESSAGES.missingGeminiKey };
  await assertAllowedAddress(ai, gemini.baseUrl ?? '', 'api_url');
  return ai.testConnection({
    provider: 'gemini',
    apiKey: gemini.apiKey,
    ...(gemini.baseUrl ? { baseUrl: gemini.baseUrl } : {}),
  });
}

/** The OpenAI-compatible server's models, for the model field (an empty list when it offers none). */
export async function listFormModels(ai: AiClient, body: AiModelsBody, stored: ProviderSettings) {
  await assertAllowedAddress(ai, body.openai_base_url, 'openai_base_url');
  return ai.listModels({ baseUrl: body.openai_base_url, apiKey: formOpenAiKey(body, stored) });
}
