import type { ServerResponse } from 'node:http';
import { sendJson, startHttpFake, type HttpFake } from './http-fake';
import type { FakeService } from './index';

/**
 * A local OpenAI-compatible server (what OpenAI, Mistral, OpenRouter, Ollama, llama.cpp and vLLM speak), at
 * `{url}/v1`: `POST /v1/chat/completions` as JSON, or with `stream: true` as server-sent events (`data: {chunk}`
 * lines, then `data: [DONE]`), `GET /v1/models`, and OpenAI's error bodies.
 *
 * By default it answers `echoPrefix` followed by the last user message, streamed a few words at a time. A key
 * starting with "invalid" gets OpenAI's 401. Tests can queue the failures a real server gives.
 */
export interface RecordedChat {
  model: string;
  stream: boolean;
  /** The bearer token as sent, or undefined without an Authorization header. */
  apiKey: string | undefined;
  body: {
    messages?: { role: string; content: string }[];
    max_tokens?: number;
    n?: number;
    temperature?: number;
    stream_options?: { include_usage?: boolean };
  };
  /** The last user message. */
  prompt: string | undefined;
  /** The system message, when one was sent. */
  system: string | undefined;
  /** True when the client went away before the answer ended. */
  aborted: boolean;
}

export type OpenAiBehaviour =
  | { kind: 'text'; chunks: string[] }
  /** An HTTP error with OpenAI's body; `retryAfter` adds the header a 429 carries. */
  | { kind: 'error'; status: number; message: string; type?: string; retryAfter?: string }
  /** These pieces, then the connection is cut without a finish reason or [DONE]. */
  | { kind: 'cut'; chunks: string[] }
  /** These pieces, then an error object in the stream (as OpenAI sends a failure after streaming began). */
  | { kind: 'stream-error'; chunks: string[]; message: string }
  /** Accepts the request and never answers. */
  | { kind: 'hang' }
  /** Streams these pieces, then stays silent. */
  | { kind: 'stall'; chunks: string[] }
  /** A finished answer without any text. */
  | { kind: 'no-text' }
  /** Sends the client elsewhere (a client must not follow it: it would carry the key there). */
  | { kind: 'redirect'; status: 301 | 302 | 303 | 307 | 308; location: string };

export interface FakeOpenAi {
  /** The base URL a tool is configured with (…/v1). */
  url: string;
  chats: RecordedChat[];
  /** Every request as received (models lists included). */
  http: HttpFake;
  queue(...behaviours: OpenAiBehaviour[]): void;
  /** The model list `/v1/models` answers; null answers 404 (a server without a list). */
  setModels(models: string[] | null): void;
  close(): Promise<void>;
}

export interface FakeOpenAiOptions {
  chunkDelayMs?: number;
  echoPrefix?: string;
}

export const OPENAI_ECHO_PREFIX = 'Respuesta del servidor: ';
export const FAKE_OPENAI_MODELS = ['llama3.2:1b', 'modelo-de-prueba'];

const errorBody = (message: string, type = 'invalid_request_error', code: string | null = null) => ({
  error: { message, type, param: null, code },
});

const splitIntoPieces = (text: string): string[] => {
  const words = text.split(/(?<=\s)/);
  const pieces: string[] = [];
  for (let i = 0; i < words.length; i += 3) pieces.push(words.slice(i, i + 3).join(''));
  return pieces;
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startFakeOpenAi(options: FakeOpenAiOptions = {}): Promise<FakeOpenAi> {
  const delay = options.chunkDelayMs ?? 0;
  const echoPrefix = options.echoPrefix ?? OPENAI_ECHO_PREFIX;
  const chats: RecordedChat[] = [];
  const queued: OpenAiBehaviour[] = [];
  let models: string[] | null = FAKE_OPENAI_MODELS;
  let counter = 0;

  const chunk = (model: string, delta: Record<string, string>, finish: string | null) => ({
    id: `chatcmpl-fake-${counter}`,
    object: 'chat.completion.chunk',
    created: 1_764_000_000,
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  });

  const streamPieces = async (res: ServerResponse, model: string, pieces: string[]) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write(`data: ${JSON.stringify(chunk(model, { role: 'assistant', content: '' }, null))}\n\n`);
    for (const piece of pieces) {
      if (res.destroyed) return;
      res.write(`data: ${JSON.stringify(chunk(model, { content: piece }, null))}\n\n`);
      if (delay > 0) await wait(delay);
    }
  };

  /** The usage an OpenAI server reports: 8 prompt tokens, and one completion token per piece written. */
  const finishStream = (res: ServerResponse, model: string, record?: RecordedChat, pieces = 0) => {
    if (res.destroyed) return;
    res.write(`data: ${JSON.stringify(chunk(model, {}, 'stop'))}\n\n`);
    if (record?.body.stream_options?.include_usage) {
      const usage = { prompt_tokens: 8, completion_tokens: pieces, total_tokens: 8 + pieces };
      res.write(`data: ${JSON.stringify({ ...chunk(model, {}, null), choices: [], usage })}\n\n`);
    }
    res.end('data: [DONE]\n\n');
  };

  const http = await startHttpFake(async (request, res) => {
    const url = new URL(request.url, 'http://fake');
    const auth = request.headers.authorization;
    const apiKey = typeof auth === 'string' ? auth.replace(/^Bearer\s+/i, '') : undefined;
    if (apiKey?.startsWith('invalid')) {
      const shown = `${apiKey.slice(0, 4)}****${apiKey.slice(-4)}`;
      sendJson(
        res,
        401,
        errorBody(`Incorrect API key provided: ${shown}.`, 'invalid_request_error', 'invalid_api_key'),
      );
      return;
    }
    if (request.method === 'GET' && url.pathname === '/v1/models') {
      if (models === null) return sendJson(res, 404, errorBody('Not found', 'not_found'));
      return sendJson(res, 200, {
        object: 'list',
        data: models.map((id) => ({ id, object: 'model', created: 1_764_000_000, owned_by: 'fake' })),
      });
    }
    if (request.method !== 'POST' || url.pathname !== '/v1/chat/completions') {
      return sendJson(res, 404, errorBody(`Unknown request URL: ${request.method} ${url.pathname}`));
    }
    let body: RecordedChat['body'] & { model?: string; stream?: boolean };
    try {
      body = JSON.parse(request.body) as typeof body;
    } catch {
      return sendJson(res, 400, errorBody('We could not parse the JSON body of your request.'));
    }
    const model = body.model ?? '';
    const users = (body.messages ?? []).filter((message) => message.role === 'user');
    const record: RecordedChat = {
      model,
      stream: body.stream === true,
      apiKey,
      body,
      prompt: users.at(-1)?.content,
      system: body.messages?.find((message) => message.role === 'system')?.content,
      aborted: false,
    };
    chats.push(record);
    counter += 1;
    res.on('close', () => {
      if (!res.writableFinished) record.aborted = true;
    });
    if (model === '') return sendJson(res, 400, errorBody('you must provide a model parameter'));

    const behaviour: OpenAiBehaviour = queued.shift() ?? {
      kind: 'text',
      chunks: splitIntoPieces(`${echoPrefix}${record.prompt ?? ''}`),
    };
    switch (behaviour.kind) {
      case 'error':
        res.writeHead(behaviour.status, {
          'content-type': 'application/json',
          ...(behaviour.retryAfter ? { 'retry-after': behaviour.retryAfter } : {}),
        });
        res.end(JSON.stringify(errorBody(behaviour.message, behaviour.type ?? 'server_error')));
        return;
      case 'redirect':
        res.writeHead(behaviour.status, { location: behaviour.location });
        res.end();
        return;
      case 'hang':
        return;
      case 'no-text':
        if (!record.stream) {
          return sendJson(res, 200, {
            id: 'chatcmpl-fake',
            object: 'chat.completion',
            created: 1_764_000_000,
            model,
            choices: [{ index: 0, message: { role: 'assistant', content: '' }, finish_reason: 'stop' }],
          });
        }
        await streamPieces(res, model, []);
        finishStream(res, model);
        return;
      case 'text':
      case 'cut':
      case 'stall':
      case 'stream-error':
        if (!record.stream) {
          return sendJson(res, 200, {
            id: 'chatcmpl-fake',
            object: 'chat.completion',
            created: 1_764_000_000,
            model,
            choices: [
              {
                index: 0,
                message: { role: 'assistant', content: behaviour.chunks.join('') },
                finish_reason: 'stop',
              },
            ],
            usage: { prompt_tokens: 8, completion_tokens: 4, total_tokens: 12 },
          });
        }
        await streamPieces(res, model, behaviour.chunks);
        if (behaviour.kind === 'text') finishStream(res, model, record, behaviour.chunks.length);
        else if (behaviour.kind === 'cut') res.destroy();
        else if (behaviour.kind === 'stream-error' && !res.destroyed) {
          res.end(`data: ${JSON.stringify(errorBody(behaviour.message, 'server_error'))}\n\n`);
        }
        return;
    }
  });

  return {
    url: `${http.baseUrl}/v1`,
    chats,
    http,
    queue: (...behaviours) => queued.push(...behaviours),
    setModels: (list) => {
      models = list;
    },
    close: () => http.close(),
  };
}

/**
 * The end-to-end server's OpenAI-compatible server, streaming 150 ms apart. It echoes with the fake Gemini's
 * words, so the other AI specs read the same text whichever provider a spec running beside them chose.
 */
export const openAiFake: FakeService = {
  name: 'openai',
  async start() {
    const fake = await startFakeOpenAi({ chunkDelayMs: 150, echoPrefix: 'Respuesta de Gemini: ' });
    return { env: { FAKE_OPENAI_URL: fake.url }, close: fake.close };
  },
};
