import { AI_PROVIDER_LABELS, AI_PROVIDER_MESSAGES, type AiConnectionTestResult } from '@app/contracts';
import { AppError } from '../lib/errors';
import type { VariantPiece } from '../lib/generation';
import { judgeAiAddress, type ResolveHost } from './ai-address';
import { AiError } from './ai-error';
import { withoutThinking } from './ai-thinking';
import type { GeminiClient, GenerateRequest } from './gemini';
import type { OpenAiCompatibleClient } from './openai-compatible';

/** What a connection adds to every call: extra headers and query parameters (Azure's api-version, OpenRouter's). */
export interface AiExtras {
  headers?: Record<string, string> | undefined;
  query?: Record<string, string> | undefined;
  /** The provider's sampling temperature; undefined leaves the provider's default. */
  temperature?: number | undefined;
}

/** Where one generation goes: Gemini (its key, an address, a model), or an OpenAI-compatible server. */
export type AiTarget =
  | ({
      provider: 'gemini';
      apiKey: string;
      baseUrl?: string | undefined;
      model?: string | undefined;
    } & AiExtras)
  | ({ provider: 'openai'; apiKey: string; baseUrl: string; model: string } & AiExtras);

/** The tokens a provider reported for one call. */
export interface AiUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface AiRequest {
  prompt: string;
  /** Rules for the model besides the prompt (Gemini's system instruction, OpenAI's system message). */
  systemInstruction?: string | undefined;
  signal?: AbortSignal | undefined;
  /** The tool asking, for the log line of a failed call. */
  tool?: string | undefined;
  /** Told the tokens each provider call used, once its answer ended (a call of several variants: each one). */
  onUsage?: ((usage: AiUsage) => void) | undefined;
}

/** Where failed calls are told (the server's pino logger). */
export interface AiLog {
  warn(fields: object, message: string): void;
  info(fields: object, message: string): void;
}

export interface AiClientDeps {
  gemini: GeminiClient;
  openai: OpenAiCompatibleClient;
  /** Gemini's model name, shown by the connection test. */
  geminiModel: string;
  /** The longest answer kept, in characters: the rest is not read. */
  maxAnswerChars: number;
  /** Every address a host name stands for: the address rule judges each one. */
  resolveHost: ResolveHost;
  log: AiLog;
}

/** The short call of "Probar conexión". */
const TEST_PROMPT = 'Responde solo con la palabra: ok';
const TEST_MAX_TOKENS = 16;

/** An answer stopped at `max` characters; the provider's call ends when the reader stops. */
async function* capped<T extends string | VariantPiece>(
  pieces: AsyncIterable<T>,
  max: number,
): AsyncGenerator<T> {
  const written = new Map<number, number>();
  for await (const piece of pieces) {
    const variant = typeof piece === 'string' ? 0 : piece.variant;
    const text = typeof piece === 'string' ? piece : piece.text;
    const before = written.get(variant) ?? 0;
    const room = max - before;
    if (room <= 0) {
      if (typeof piece === 'string') return;
      continue;
    }
    written.set(variant, before + Math.min(room, text.length));
    const kept = text.length > room ? text.slice(0, room) : text;
    yield (typeof piece === 'string' ? kept : { variant, text: kept }) as T;
  }
}

/**
 * Spanish words for the administrator about a failed test: which address failed, what went wrong, from the status
 * alone, and what to check next. The body the server answered is never shown (the address could be any service
 * the administrator points at).
 */
function describeTestFailure(error: unknown, address: string): string {
  if (!(error instanceof AiError)) return `La respuesta de ${address} no se pudo leer`;
  switch (error.kind) {
    case 'api':
      if (error.status === 401 || error.status === 403)
        return `${address} rechazó la API key: revisa la clave y que sea de ese servidor`;
      if (error.status === 404)
        return `${address} no encontró el modelo o la dirección: revisa la URL (hasta la versión de la API, como /v1) y el nombre del modelo`;
      if (error.status === 429)
        return `${address} limita las peticiones en este momento: espera unos minutos y vuelve a probar`;
      return `${address} respondió con un error${error.status ? ` (HTTP ${error.status})` : ''}: revisa el servidor y vuelve a probar`;
    case 'timeout':
      return `${address} no respondió a tiempo: revisa que el servidor esté en marcha y vuelve a probar`;
    case 'network':
      return `No se pudo conectar con ${address}, o cortó la respuesta: revisa la dirección y que el servidor esté en marcha`;
    case 'no-text':
      return `${address} respondió, pero sin texto: revisa que el modelo genere texto`;
    case 'aborted':
      return 'Prueba cancelada';
    default:
      return `La respuesta de ${address} no se pudo leer`;
  }
}

/** The address a failure names: the server's URL as the administrator typed it, or Google's API. */
function addressOf(target: { baseUrl?: string | undefined }): string {
  if (target.baseUrl) return target.baseUrl;
  return 'Google Gemini';
}

/**
 * The one generation interface of the AI tools: the same pieces, failures (AiError) and limits whichever
 * provider writes the answer, so members see no difference.
 */
/** The connection a log line names: the server's host, or Google's default endpoint. Never the key. */
function connectionOf(target: AiTarget): string {
  if (!target.baseUrl) return 'google';
  try {
    return new URL(target.baseUrl).host;
  } catch {
    return 'invalid';
  }
}

export function createAiClient({
  gemini,
  openai,
  geminiModel,
  maxAnswerChars,
  resolveHost,
  log,
}: AiClientDeps) {
  /**
   * One log line per failed, cut or timed-out generation (a member's own stop at info), wherever it failed:
   * before the first piece or in the middle of the stream.
   */
  async function observed<T>(
    target: AiTarget,
    request: AiRequest,
    begin: () => Promise<AsyncIterable<T>>,
  ): Promise<AsyncIterable<T>> {
    const started = Date.now();
    const report = (error: unknown) => {
      const failure = error instanceof AiError ? error : undefined;
      const fields = {
        tool: request.tool ?? null,
        provider: target.provider,
        connection: connectionOf(target),
        failure: failure?.kind ?? 'unexpected',
        status: failure?.status ?? null,
        durationMs: Date.now() - started,
      };
      if (failure?.kind === 'aborted') log.info(fields, 'AI generation stopped by the member');
      else log.warn(fields, 'AI generation failed');
    };
    let pieces: AsyncIterable<T>;
    try {
      pieces = await begin();
    } catch (error) {
      report(error);
      throw error;
    }
    return (async function* () {
      try {
        yield* pieces;
      } catch (error) {
        report(error);
        throw error;
      }
    })();
  }

  /** The address rule, judged again before each call: a name may resolve elsewhere than when it was saved. */
  async function guardAddress(target: { baseUrl?: string | undefined }): Promise<void> {
    if (!target.baseUrl) return;
    const verdict = await judgeAiAddress(target.baseUrl, resolveHost);
    if (verdict === 'forbidden') throw new AiError('api', AI_PROVIDER_MESSAGES.forbiddenAddress);
    if (verdict === 'unresolved') throw new AiError('network', 'el nombre del servidor no se resolvió');
  }

  const generateStream = (target: AiTarget, request: AiRequest): Promise<AsyncIterable<string>> =>
    observed(target, request, () => startStream(target, request));

  async function startStream(target: AiTarget, request: AiRequest): Promise<AsyncIterable<string>> {
    await guardAddress(target);
    const pieces =
      target.provider === 'gemini'
        ? await gemini.generateStream(geminiRequest(target, request))
        : await openai.generateStream(target, request);
    return capped(withoutThinking(pieces), maxAnswerChars);
  }

  const generateVariants = (
    target: AiTarget,
    request: AiRequest,
    count: number,
  ): Promise<AsyncIterable<VariantPiece>> =>
    observed(target, request, () => startVariants(target, request, count));

  async function startVariants(
    target: AiTarget,
    request: AiRequest,
    count: number,
  ): Promise<AsyncIterable<VariantPiece>> {
    await guardAddress(target);
    const pieces =
      target.provider === 'gemini'
        ? await gemini.generateVariants(geminiRequest(target, request), count)
        : count === 1
          ? toVariant(await openai.generateStream(target, request))
          : await openai.generateVariants(target, request, count);
    return capped(withoutThinking(pieces), maxAnswerChars);
  }

  /** "Probar conexión": one short generation, and what happened in Spanish. */
  async function testConnection(target: AiTarget): Promise<AiConnectionTestResult> {
    try {
      await guardAddress(target);
      const pieces =
        target.provider === 'gemini'
          ? await gemini.generateStream(geminiRequest(target, { prompt: TEST_PROMPT }))
          : await openai.generateStream(target, { prompt: TEST_PROMPT, maxTokens: TEST_MAX_TOKENS });
      // Read to the end (a cut answer is a failure), but not shown: only that the model answered.
      for await (const piece of pieces) void piece;
      const model = target.provider === 'gemini' ? (target.model ?? geminiModel) : target.model;
      return {
        ok: true,
        message: `Conexión correcta con ${AI_PROVIDER_LABELS[target.provider]}: el modelo ${model} respondió.`,
      };
    } catch (error) {
      return { ok: false, message: describeTestFailure(error, addressOf(target)) };
    }
  }

  /** The server's models for the admin's model field: an empty list when it offers none. */
  async function listModels(
    target: { baseUrl: string; apiKey: string } & AiExtras,
  ): Promise<{ models: string[] }> {
    try {
      await guardAddress(target);
      return { models: (await openai.listModels(target)) ?? [] };
    } catch (error) {
      throw new AppError(
        502,
        `${AI_PROVIDER_MESSAGES.modelsFailed}. ${describeTestFailure(error, addressOf(target))}`,
      );
    }
  }

  return {
    generateStream,
    generateVariants,
    testConnection,
    listModels,
    judgeAddress: (url: string) => judgeAiAddress(url, resolveHost),
  };
}

/** A Gemini call of `target`: its key, address, model and extras, with the request's prompt and rules. */
function geminiRequest(
  target: Extract<AiTarget, { provider: 'gemini' }>,
  request: AiRequest,
): GenerateRequest {
  return {
    apiKey: target.apiKey,
    prompt: request.prompt,
    ...(target.baseUrl ? { baseUrl: target.baseUrl } : {}),
    ...(target.model ? { model: target.model } : {}),
    ...(target.headers ? { headers: target.headers } : {}),
    ...(target.query ? { query: target.query } : {}),
    ...(target.temperature !== undefined ? { temperature: target.temperature } : {}),
    ...(request.systemInstruction ? { systemInstruction: request.systemInstruction } : {}),
    ...(request.signal ? { signal: request.signal } : {}),
    ...(request.onUsage ? { onUsage: request.onUsage } : {}),
  };
}

async function* toVariant(pieces: AsyncIterable<string>): AsyncGenerator<VariantPiece> {
  for await (const text of pieces) yield { variant: 0, text };
}

export type AiClient = ReturnType<typeof createAiClient>;
