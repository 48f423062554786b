import { AI_PROVIDER_LABELS, AI_PROVIDER_MESSAGES, type AiConnectionTestResult } from '@app/contracts';
import { AppError } from '../lib/errors';
import type { VariantPiece } from '../lib/generation';
import { AiError } from './ai-error';
import type { GeminiClient } from './gemini';
import type { OpenAiCompatibleClient } from './openai-compatible';

/** Where one generation goes: Gemini (its key, and the text tools' own address), or an OpenAI-compatible server. */
export type AiTarget =
  | { provider: 'gemini'; apiKey: string; baseUrl?: string | undefined }
  | { provider: 'openai'; apiKey: string; baseUrl: string; model: string };

export interface AiRequest {
  prompt: string;
  /** Rules for the model besides the prompt (Gemini's system instruction, OpenAI's system message). */
  systemInstruction?: string | undefined;
  signal?: AbortSignal | undefined;
}

export interface AiClientDeps {
  gemini: GeminiClient;
  openai: OpenAiCompatibleClient;
  /** Gemini's model name, shown by the connection test. */
  geminiModel: string;
  /** The longest answer kept, in characters: the rest is not read. */
  maxAnswerChars: number;
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

/** Spanish words for the administrator about a failed test (the provider's own words after them). */
function describeTestFailure(error: unknown): string {
  if (!(error instanceof AiError)) return 'La respuesta del servidor no se pudo leer';
  const detail = error.detail ? `: ${error.detail}` : '';
  switch (error.kind) {
    case 'api':
      if (error.status === 401 || error.status === 403) return `El servidor rechazó la API key${detail}`;
      if (error.status === 404) return `El servidor no encontró el modelo o la dirección${detail}`;
      if (error.status === 429) return `El servidor limita las peticiones en este momento${detail}`;
      return `El servidor respondió con un error${error.status ? ` (HTTP ${error.status})` : ''}${detail}`;
    case 'timeout':
      return 'El servidor no respondió a tiempo';
    case 'network':
      return 'No se pudo conectar con el servidor, o cortó la respuesta';
    case 'no-text':
      return 'El servidor respondió, pero sin texto';
    case 'aborted':
      return 'Prueba cancelada';
    default:
      return 'La respuesta del servidor no se pudo leer';
  }
}

/**
 * The one generation interface of the AI tools: the same pieces, failures (AiError) and limits whichever
 * provider writes the answer, so members see no difference.
 */
export function createAiClient({ gemini, openai, geminiModel, maxAnswerChars }: AiClientDeps) {
  async function generateStream(target: AiTarget, request: AiRequest): Promise<AsyncIterable<string>> {
    const pieces =
      target.provider === 'gemini'
        ? await gemini.generateStream({
            apiKey: target.apiKey,
            prompt: request.prompt,
            ...(target.baseUrl ? { baseUrl: target.baseUrl } : {}),
            ...(request.systemInstruction ? { systemInstruction: request.systemInstruction } : {}),
            ...(request.signal ? { signal: request.signal } : {}),
          })
        : await openai.generateStream(target, request);
    return capped(pieces, maxAnswerChars);
  }

  async function generateVariants(
    target: AiTarget,
    request: AiRequest,
    count: number,
  ): Promise<AsyncIterable<VariantPiece>> {
    const pieces =
      target.provider === 'gemini'
        ? await gemini.generateVariants(
            {
              apiKey: target.apiKey,
              prompt: request.prompt,
              ...(target.baseUrl ? { baseUrl: target.baseUrl } : {}),
              ...(request.systemInstruction ? { systemInstruction: request.systemInstruction } : {}),
              ...(request.signal ? { signal: request.signal } : {}),
            },
            count,
          )
        : count === 1
          ? toVariant(await openai.generateStream(target, request))
          : await openai.generateVariants(target, request, count);
    return capped(pieces, maxAnswerChars);
  }

  /** "Probar conexión": one short generation, and what happened in Spanish. */
  async function testConnection(target: AiTarget): Promise<AiConnectionTestResult> {
    try {
      const pieces =
        target.provider === 'gemini'
          ? await gemini.generateStream({
              apiKey: target.apiKey,
              prompt: TEST_PROMPT,
              ...(target.baseUrl ? { baseUrl: target.baseUrl } : {}),
            })
          : await openai.generateStream(target, { prompt: TEST_PROMPT, maxTokens: TEST_MAX_TOKENS });
      let answer = '';
      for await (const piece of pieces) answer += piece;
      const model = target.provider === 'gemini' ? geminiModel : target.model;
      const said = answer.trim().slice(0, 80);
      return {
        ok: true,
        message: `Conexión correcta con ${AI_PROVIDER_LABELS[target.provider]}: el modelo ${model} respondió «${said}».`,
      };
    } catch (error) {
      return { ok: false, message: describeTestFailure(error) };
    }
  }

  /** The server's models for the admin's model field: an empty list when it offers none. */
  async function listModels(target: { baseUrl: string; apiKey: string }): Promise<{ models: string[] }> {
    try {
      return { models: (await openai.listModels(target)) ?? [] };
    } catch (error) {
      throw new AppError(502, `${AI_PROVIDER_MESSAGES.modelsFailed}. ${describeTestFailure(error)}`);
    }
  }

  return { generateStream, generateVariants, testConnection, listModels };
}

async function* toVariant(pieces: AsyncIterable<string>): AsyncGenerator<VariantPiece> {
  for await (const text of pieces) yield { variant: 0, text };
}

export type AiClient = ReturnType<typeof createAiClient>;
