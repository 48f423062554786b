import type { APIError, OpenAI } from 'openai';
import type { VariantPiece } from '../lib/generation';
import { redactSecret } from '../lib/redact';
import { AiError, parseRetryAfter, watchSilence } from './ai-error';
import { OutgoingError, requestJson } from './http';

/** An OpenAI-compatible server (OpenAI, Mistral, OpenRouter, Ollama, llama.cpp, vLLM...) and what to ask it. */
export interface OpenAiTarget {
  /** Up to and including the API version, e.g. http://ollama:11434/v1 */
  baseUrl: string;
  /** Blank for a server that needs none (a local model): no Authorization header is sent then. */
  apiKey: string;
  model: string;
  /** A connection's extra headers and query parameters, sent with every request. */
  headers?: Record<string, string> | undefined;
  query?: Record<string, string> | undefined;
  temperature?: number | undefined;
}

export interface OpenAiClientOptions {
  /** Longest silence allowed: before the first answer, and between two streamed pieces. */
  timeoutMs: number;
  /** The most tokens one answer may have (`max_tokens`). */
  maxTokens: number;
}

export interface OpenAiRequest {
  prompt: string;
  systemInstruction?: string | undefined;
  signal?: AbortSignal | undefined;
  /** Fewer tokens than the default (the connection test). */
  maxTokens?: number | undefined;
  /** The tokens the server reported (`stream_options.include_usage`), once the answer ended. */
  onUsage?: ((usage: { promptTokens: number; completionTokens: number }) => void) | undefined;
}

/** The URL with a connection's query parameters added (a list of models asked with them too). */
const withQuery = (url: string, query: Record<string, string> | undefined): string => {
  if (!query || Object.keys(query).length === 0) return url;
  const parsed = new URL(url);
  for (const [name, value] of Object.entries(query)) parsed.searchParams.set(name, value);
  return parsed.toString();
};

const DETAIL_MAX = 500;
const MODELS_MAX_BYTES = 512 * 1024;
/** The SDK needs a key to build its client; it never leaves this process (the fetch below drops it). */
const NO_KEY = 'sin-clave';

const redact = (text: string | undefined, key: string): string | undefined => {
  if (text === undefined || text.trim() === '') return undefined;
  const clean = key ? redactSecret(text, key) : text;
  return clean.length > DETAIL_MAX ? `${clean.slice(0, DETAIL_MAX)}…` : clean;
};

/**
 * The SDK's requests, with redirects refused (a redirect would carry the key's header to whatever host it
 * names), and no Authorization header when no key was configured.
 */
const guardedFetch =
  (hasKey: boolean): typeof fetch =>
  async (input, init) => {
    const headers = new Headers(init?.headers);
    if (!hasKey) headers.delete('authorization');
    const response = await fetch(input, { ...init, headers, redirect: 'manual' });
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel().catch(() => undefined);
      throw new AiError('api', `redirección HTTP ${response.status} rechazada`, response.status);
    }
    return response;
  };

/** The server's own words from an SDK error, and how long it asked to wait on a 429. */
interface SdkFailure {
  error: unknown;
  message: string;
  headers: Headers | undefined;
}
function apiErrorDetail(error: SdkFailure, key: string): string | undefined {
  const body = error.error;
  const said = typeof body === 'object' && body !== null && 'message' in body ? body.message : undefined;
  const message = typeof said === 'string' ? said : error.message;
  const retryAfter = error.headers?.get('retry-after');
  const wait = retryAfter ? ` (retry-after: ${retryAfter})` : '';
  return redact(`${message}${wait}`, key);
}

/** The cause an SDK error wraps: our own refusal of a redirect comes back as the SDK's connection error. */
const rootCause = (error: unknown): unknown => {
  let current = error;
  for (let depth = 0; depth < 3 && current instanceof Error && !(current instanceof AiError); depth++) {
    if (current.cause === undefined) break;
    current = current.cause;
  }
  return current instanceof AiError ? current : error;
};

/**
 * The client for OpenAI's chat-completions API at any base URL (official `openai` SDK). One request per answer:
 * several variants are several requests at once, as many compatible servers ignore `n`.
 */
export function createOpenAiCompatibleClient(options: OpenAiClientOptions) {
  async function start(target: OpenAiTarget, request: OpenAiRequest): Promise<AsyncIterable<string>> {
    // The SDK is loaded by the first request, not at every start of the server.
    const sdk = await import('openai');
    const watch = watchSilence(options.timeoutMs, request.signal);

    const toAiError = (error: unknown): AiError => {
      const cause = rootCause(error);
      if (cause instanceof AiError) return cause;
      const stopped = watch.failure();
      if (stopped) return stopped;
      if (error instanceof sdk.APIConnectionTimeoutError) return new AiError('timeout');
      if (error instanceof sdk.APIConnectionError || error instanceof TypeError) {
        return new AiError('network');
      }
      // An HTTP refusal, or an error event in the middle of a stream (no status then).
      if (error instanceof sdk.APIError) {
        const failure = error as APIError<number | undefined, Headers | undefined, object | undefined>;
        return new AiError(
          'api',
          apiErrorDetail(failure, target.apiKey),
          failure.status,
          parseRetryAfter(failure.headers?.get('retry-after')),
        );
      }
      return new AiError('bad-response');
    };

    const client = new sdk.OpenAI({
      apiKey: target.apiKey || NO_KEY,
      baseURL: target.baseUrl.replace(/\/+$/, ''),
      maxRetries: 0,
      timeout: options.timeoutMs,
      // A connection may carry its credential in its own Authorization header instead of a key.
      fetch: guardedFetch(
        target.apiKey !== '' ||
          Object.keys(target.headers ?? {}).some((name) => name.toLowerCase() === 'authorization'),
      ),
      ...(target.headers ? { defaultHeaders: target.headers } : {}),
      ...(target.query ? { defaultQuery: target.query } : {}),
    });
    const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [
      ...(request.systemInstruction ? [{ role: 'system' as const, content: request.systemInstruction }] : []),
      { role: 'user', content: request.prompt },
    ];

    watch.arm();
    let chunks: AsyncIterable<OpenAI.Chat.ChatCompletionChunk>;
    try {
      chunks = await client.chat.completions.create(
        {
          model: target.model,
          messages,
          stream: true,
          stream_options: { include_usage: true },
          max_tokens: Math.min(request.maxTokens ?? options.maxTokens, options.maxTokens),
          ...(target.temperature !== undefined ? { temperature: target.temperature } : {}),
        },
        { signal: watch.signal },
      );
    } catch (error) {
      watch.stop();
      throw toAiError(error);
    }

    return (async function* () {
      let wrote = false;
      let finished = false;
      try {
        for await (const chunk of chunks) {
          watch.arm();
          // With include_usage, the last chunk before [DONE] has no choices and the whole answer's usage.
          if (chunk.usage && request.onUsage) {
            request.onUsage({
              promptTokens: chunk.usage.prompt_tokens ?? 0,
              completionTokens: chunk.usage.completion_tokens ?? 0,
            });
          }
          const choice = chunk.choices?.[0];
          if (choice?.finish_reason) finished = true;
          const text = choice?.delta?.content;
          if (typeof text === 'string' && text !== '') {
            wrote = true;
            yield text;
          }
        }
        // A stream that ends without saying why was cut: its text may be a fragment.
        if (!finished) throw new AiError('network');
        if (!wrote) throw new AiError('no-text');
      } catch (error) {
        throw toAiError(error);
      } finally {
        watch.stop();
      }
    })();
  }

  /** Starts `count` answers to the same request at once; resolves once the server accepted all of them. */
  async function generateVariants(
    target: OpenAiTarget,
    request: OpenAiRequest,
    count: number,
  ): Promise<AsyncIterable<VariantPiece>> {
    const controller = new AbortController();
    const onCallerAbort = () => controller.abort();
    request.signal?.addEventListener('abort', onCallerAbort, { once: true });
    const shared = { ...request, signal: controller.signal };
    const started = await Promise.allSettled(Array.from({ length: count }, () => start(target, shared)));
    const refused = started.find((outcome) => outcome.status === 'rejected');
    if (refused) {
      controller.abort();
      request.signal?.removeEventListener('abort', onCallerAbort);
      throw refused.reason;
    }
    const streams = started.map(
      (outcome) => (outcome as PromiseFulfilledResult<AsyncIterable<string>>).value,
    );
    return mergeVariants(streams, () => {
      controller.abort();
      request.signal?.removeEventListener('abort', onCallerAbort);
    });
  }

  /** The server's model names (`GET {base}/models`), or null when it offers no list. */
  async function listModels(
    target: Pick<OpenAiTarget, 'baseUrl' | 'apiKey' | 'headers' | 'query'>,
  ): Promise<string[] | null> {
    let answer;
    try {
      answer = await requestJson(withQuery(`${target.baseUrl.replace(/\/+$/, '')}/models`, target.query), {
        headers: {
          ...target.headers,
          ...(target.apiKey ? { authorization: `Bearer ${target.apiKey}` } : {}),
        },
        timeoutMs: options.timeoutMs,
        maxBytes: MODELS_MAX_BYTES,
      });
    } catch (error) {
      if (error instanceof OutgoingError && error.kind === 'timeout') throw new AiError('timeout');
      if (error instanceof OutgoingError && error.kind === 'network') throw new AiError('network');
      throw new AiError('bad-response');
    }
    if ([404, 405, 501].includes(answer.status)) return null;
    if (answer.status >= 300) {
      const body = answer.body as { error?: { message?: unknown } | string } | undefined;
      const raw = typeof body?.error === 'string' ? body.error : body?.error?.message;
      const detail = typeof raw === 'string' ? redact(raw, target.apiKey) : undefined;
      throw new AiError('api', detail ?? `HTTP ${answer.status}`, answer.status);
    }
    const data = (answer.body as { data?: unknown } | undefined)?.data;
    if (!Array.isArray(data)) throw new AiError('bad-response');
    const names = data
      .map((model: unknown) => (model as { id?: unknown } | null)?.id)
      .filter((id): id is string => typeof id === 'string' && id !== '');
    return [...new Set(names)].sort((a, b) => a.localeCompare(b));
  }

  return {
    generateStream: (target: OpenAiTarget, request: OpenAiRequest) => start(target, request),
    generateVariants,
    listModels,
  };
}

/** The pieces of several answers as they arrive, each naming its answer; `stop` runs when the reader is done. */
async function* mergeVariants(
  streams: AsyncIterable<string>[],
  stop: () => void,
): AsyncGenerator<VariantPiece> {
  const iterators = streams.map((stream) => stream[Symbol.asyncIterator]());
  const next = (iterator: AsyncIterator<string>, variant: number) =>
    iterator.next().then((result) => ({ iterator, variant, result }));
  const pending = new Map(iterators.map((iterator, variant) => [variant, next(iterator, variant)]));
  try {
    while (pending.size > 0) {
      const { iterator, variant, result } = await Promise.race(pending.values());
      if (result.done) {
        pending.delete(variant);
        continue;
      }
      pending.set(variant, next(iterator, variant));
      yield { variant, text: result.value };
    }
  } finally {
    stop();
    // The aborted streams end with an error each; nobody is waiting for them any more.
    for (const waiting of pending.values()) waiting.catch(() => undefined);
  }
}

export type OpenAiCompatibleClient = ReturnType<typeof createOpenAiCompatibleClient>;
