import type { VariantPiece } from '../lib/generation';
import { redactSecret } from '../lib/redact';
import { AiError, parseRetryAfter, watchSilence } from './ai-error';

export interface GeminiClientOptions {
  model: string;
  /** Default endpoint (GEMINI_BASE_URL); undefined is Google's. */
  baseUrl: string | undefined;
  /** Longest silence allowed from Gemini: before its first answer, and between two streamed pieces. */
  timeoutMs: number;
}

export interface GenerateRequest {
  apiKey: string;
  prompt: string;
  /** Overrides the default endpoint (the text tools' stored api_url). */
  baseUrl?: string;
  /** Rules for the model besides the prompt (Gemini's `systemInstruction`). */
  systemInstruction?: string;
  signal?: AbortSignal;
  /** Overrides the default model (GEMINI_MODEL). */
  model?: string;
  /** A connection's extra headers and query parameters, sent with every request. */
  headers?: Record<string, string>;
  query?: Record<string, string>;
  temperature?: number;
  /** The tokens Gemini reported (`usageMetadata`), once the answer ended. */
  onUsage?: (usage: { promptTokens: number; completionTokens: number }) => void;
}

interface ResponseChunk {
  readonly text?: string | undefined;
  usageMetadata?:
    { promptTokenCount?: number | undefined; candidatesTokenCount?: number | undefined } | undefined;
  candidates?:
    | { index?: number | undefined; content?: { parts?: { text?: string; thought?: boolean }[] } }[]
    | undefined;
}

/** The text of each candidate in a streamed chunk (thoughts left out), by candidate index. */
function candidatePieces(chunk: ResponseChunk): VariantPiece[] {
  return (chunk.candidates ?? []).map((candidate, position) => ({
    variant: candidate.index ?? position,
    text: (candidate.content?.parts ?? [])
      .filter((part) => !part.thought && typeof part.text === 'string')
      .map((part) => part.text)
      .join(''),
  }));
}

/** Statuses that mean "this endpoint does not stream": the same call is made again without streaming. */
const STREAM_UNSUPPORTED = new Set([404, 405, 501]);
const DETAIL_MAX = 500;

/** A stored base URL may be a full legacy endpoint (…/v1beta/models/x:generateContent): keep its origin part. */
const normalizeBaseUrl = (url: string): string =>
  url.replace(/\/v1(beta\d*)?(\/.*)?$/i, '').replace(/\/+$/, '');

/** Gemini's own message from an SDK error (its message holds the JSON error body, sometimes after a prefix). */
function upstreamDetail(message: string): string | undefined {
  const start = message.indexOf('{');
  if (start >= 0) {
    try {
      const body = JSON.parse(message.slice(start)) as { error?: { message?: unknown } };
      const detail = body.error?.message;
      if (typeof detail === 'string' && detail.trim() !== '') return detail.trim();
    } catch {
      // Not JSON: fall through to the raw text.
    }
  }
  const raw = message.trim();
  return raw === '' ? undefined : raw;
}

/** The wait Gemini asks for on a 429: RetryInfo's `retryDelay` ("20s") in the error body the SDK's message holds. */
function retryDelay(message: string): number | undefined {
  const start = message.indexOf('{');
  if (start < 0) return undefined;
  try {
    const body = JSON.parse(message.slice(start)) as { error?: { details?: { retryDelay?: unknown }[] } };
    const delay = body.error?.details?.find((detail) => typeof detail.retryDelay === 'string')?.retryDelay;
    return typeof delay === 'string' ? parseRetryAfter(delay) : undefined;
  } catch {
    return undefined;
  }
}

const redact = (text: string | undefined, key: string): string | undefined => {
  if (text === undefined) return undefined;
  const clean = redactSecret(text, key);
  return clean.length > DETAIL_MAX ? `${clean.slice(0, DETAIL_MAX)}…` : clean;
};

/**
 * The SDK's requests, with redirects refused as every integration refuses them (integrations/http.ts): a
 * redirect would carry the key's header to whatever origin it names.
 */
const fetchWithoutRedirects =
  (query: Record<string, string> | undefined): typeof fetch =>
  async (input, init) => {
    let target = input;
    if (query && Object.keys(query).length > 0) {
      const url = new URL(input instanceof Request ? input.url : String(input));
      for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
      target = input instanceof Request ? new Request(url, input) : url;
    }
    const response = await fetch(target, { ...init, redirect: 'manual' });
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel().catch(() => undefined);
      throw new AiError('api', `redirección HTTP ${response.status} rechazada`, response.status);
    }
    return response;
  };

/**
 * The one Gemini client of the app (official @google/genai SDK). It streams a generation as text pieces; an
 * endpoint that does not stream gets the same request without streaming, answered as a single piece.
 */
export function createGeminiClient(options: GeminiClientOptions) {
  /**
   * Starts a generation. Resolves once Gemini accepted the request (so an upstream refusal is still an
   * ordinary error the caller can answer with a status); the pieces then arrive through the iterable.
   * Every failure is a AiError.
   */
  async function generateStream(request: GenerateRequest): Promise<AsyncIterable<string>> {
    const pieces = await start(request, 1);
    return (async function* () {
      for await (const piece of pieces) yield piece.text;
    })();
  }

  /**
   * Like `generateStream`, but Gemini writes `count` independent answers to the same prompt in one request
   * (`candidateCount`); each piece names its answer. Fails with 'no-text' when any answer came back empty.
   */
  const generateVariants = (request: GenerateRequest, count: number): Promise<AsyncIterable<VariantPiece>> =>
    start(request, count);

  async function start(request: GenerateRequest, count: number): Promise<AsyncIterable<VariantPiece>> {
    // The SDK is loaded by the first request, not at every start of the server.
    const { ApiError: GenAiApiError, GoogleGenAI } = await import('@google/genai');
    const watch = watchSilence(options.timeoutMs, request.signal);

    const toAiError = (error: unknown): AiError => {
      if (error instanceof AiError) return error;
      const stopped = watch.failure();
      if (stopped) return stopped;
      if (error instanceof GenAiApiError) {
        return new AiError(
          'api',
          redact(upstreamDetail(error.message), request.apiKey),
          error.status,
          retryDelay(error.message),
        );
      }
      if (error instanceof TypeError) return new AiError('network');
      return new AiError('bad-response');
    };

    const baseUrl = request.baseUrl ? normalizeBaseUrl(request.baseUrl) : options.baseUrl;
    const ai = new GoogleGenAI({
      apiKey: request.apiKey,
      httpOptions: {
        fetch: fetchWithoutRedirects(request.query),
        ...(baseUrl ? { baseUrl } : {}),
        ...(request.headers ? { headers: request.headers } : {}),
      },
    });
    const params = {
      model: request.model ?? options.model,
      contents: request.prompt,
      config: {
        abortSignal: watch.signal,
        ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
        ...(count > 1 ? { candidateCount: count } : {}),
        ...(request.systemInstruction ? { systemInstruction: request.systemInstruction } : {}),
      },
    };

    watch.arm();
    let pieces: AsyncIterable<ResponseChunk> | Iterable<ResponseChunk>;
    try {
      pieces = await ai.models.generateContentStream(params);
    } catch (error) {
      if (!(error instanceof GenAiApiError && STREAM_UNSUPPORTED.has(error.status))) {
        watch.stop();
        throw toAiError(error);
      }
      try {
        const whole = await ai.models.generateContent(params);
        pieces = [whole];
      } catch (fallbackError) {
        watch.stop();
        throw toAiError(fallbackError);
      }
    }

    return (async function* () {
      const written = new Set<number>();
      let usage: ResponseChunk['usageMetadata'];
      try {
        for await (const piece of pieces) {
          watch.arm();
          // Each chunk carries the counts so far; the last one holds the whole answer's.
          if (piece.usageMetadata) usage = piece.usageMetadata;
          let found: VariantPiece[];
          try {
            found = count > 1 ? candidatePieces(piece) : [{ variant: 0, text: piece.text ?? '' }];
          } catch {
            throw new AiError('bad-response');
          }
          for (const { variant, text } of found) {
            if (!text || variant < 0 || variant >= count) continue;
            written.add(variant);
            yield { variant, text };
          }
        }
        if (written.size < count) throw new AiError('no-text');
      } catch (error) {
        reportUsage(usage);
        throw toAiError(error);
      } finally {
        watch.stop();
      }
      reportUsage(usage);
    })();

    function reportUsage(found: ResponseChunk['usageMetadata']) {
      if (!found || !request.onUsage) return;
      request.onUsage({
        promptTokens: found.promptTokenCount ?? 0,
        completionTokens: found.candidatesTokenCount ?? 0,
      });
    }
  }

  return { generateStream, generateVariants };
}

export type GeminiClient = ReturnType<typeof createGeminiClient>;
