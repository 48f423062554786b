import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeService } from './index';

/**
 * A local Gemini API (generativelanguage.googleapis.com) speaking its REST wire format:
 * `POST /v1beta/models/{model}:generateContent` (JSON) and `:streamGenerateContent?alt=sse` (server-sent
 * events, one GenerateContentResponse per `data:` line), with Google-style error bodies.
 *
 * By default it answers "Respuesta de Gemini: " followed by the prompt it received, in a few streamed pieces.
 * Keys starting with "invalid" get Google's 400 API_KEY_INVALID. Tests can queue other behaviours.
 * A request for several candidates (`generationConfig.candidateCount`) gets that many echoes, "Variante N. "
 * before each, their pieces interleaved in the stream as Gemini sends them (each chunk names its candidate).
 */
export interface RecordedRequest {
  model: string;
  stream: boolean;
  /** The key as sent (header x-goog-api-key, or the legacy ?key= parameter). */
  apiKey: string | undefined;
  body: {
    contents?: { role?: string; parts?: { text?: string }[] }[];
    generationConfig?: { candidateCount?: number };
  };
  /** The text of the first part: the prompt. */
  prompt: string | undefined;
  /** True when the client went away before the answer ended. */
  aborted: boolean;
}

export type FakeBehaviour =
  | { kind: 'text'; chunks: string[] }
  /** `retryDelay` ("20s") adds the RetryInfo detail Google's 429 carries. */
  | { kind: 'error'; code: number; message: string; status: string; retryDelay?: string }
  /** An error event in the middle of a stream, after these pieces. */
  | { kind: 'stream-error'; chunks: string[]; code: number; message: string; status: string }
  /** A candidate without text (e.g. blocked by safety). */
  | { kind: 'no-text' }
  /** Accepts the request and never answers. */
  | { kind: 'hang' }
  /** Streams these pieces, then stays silent. */
  | { kind: 'stall'; chunks: string[] }
  /** The streaming method does not exist here (404); generateContent works. */
  | { kind: 'no-streaming'; chunks: string[] }
  /** Several candidates: the pieces of each, interleaved in the stream. */
  | { kind: 'candidates'; chunks: string[][] }
  /** Sends the client elsewhere (a client must not follow it: it would carry the key there). */
  | { kind: 'redirect'; status: 301 | 302 | 303 | 307 | 308; location: string };

export interface FakeGemini {
  url: string;
  requests: RecordedRequest[];
  /** Behaviours for the next requests, in order; afterwards the default echo. */
  queue(...behaviours: FakeBehaviour[]): void;
  close(): Promise<void>;
}

export interface FakeGeminiOptions {
  /** Pause between streamed pieces, so a progressive answer is observable. */
  chunkDelayMs?: number;
}

const PATH = /^\/v1beta\/models\/([^/:]+):(generateContent|streamGenerateContent)$/;

const candidate = (text: string | null, finish: boolean) => ({
  candidates: [
    {
      content: { parts: text === null ? [] : [{ text }], role: 'model' },
      ...(finish ? { finishReason: text === null ? 'SAFETY' : 'STOP' } : {}),
      index: 0,
    },
  ],
  usageMetadata: { promptTokenCount: 8, candidatesTokenCount: 4, totalTokenCount: 12 },
  modelVersion: 'fake-gemini',
  responseId: 'fake-response',
});

/** One streamed chunk carrying a piece of candidate `index` (Gemini sends each candidate's pieces with its index). */
const candidateChunk = (index: number, text: string, finish: boolean) => ({
  candidates: [
    {
      content: { parts: [{ text }], role: 'model' },
      ...(finish ? { finishReason: 'STOP' } : {}),
      index,
    },
  ],
  modelVersion: 'fake-gemini',
  responseId: 'fake-response',
});

/** Round-robin over the candidates' pieces, as they would arrive. */
const interleave = (chunks: string[][]) => {
  const events: ReturnType<typeof candidateChunk>[] = [];
  const longest = Math.max(0, ...chunks.map((pieces) => pieces.length));
  for (let step = 0; step < longest; step++) {
    for (const [index, pieces] of chunks.entries()) {
      const piece = pieces[step];
      if (piece !== undefined) events.push(candidateChunk(index, piece, step === pieces.length - 1));
    }
  }
  return events;
};

const errorBody = (code: number, message: string, status: string) => ({ error: { code, message, status } });

/** Splits a text into pieces of three words. */
const splitIntoPieces = (text: string): string[] => {
  const words = text.split(/(?<=\s)/);
  const size = 3;
  const pieces: string[] = [];
  for (let i = 0; i < words.length; i += size) pieces.push(words.slice(i, i + size).join(''));
  return pieces;
};

export const ECHO_PREFIX = 'Respuesta de Gemini: ';

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

export async function startFakeGemini(options: FakeGeminiOptions = {}): Promise<FakeGemini> {
  const delay = options.chunkDelayMs ?? 0;
  const requests: RecordedRequest[] = [];
  const queued: FakeBehaviour[] = [];
  const open = new Set<ServerResponse>();

  const sendJson = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
    res.end(JSON.stringify(body));
  };

  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  const streamPieces = async (res: ServerResponse, chunks: string[], end: boolean) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    for (const [index, chunk] of chunks.entries()) {
      if (res.destroyed) return;
      res.write(`data: ${JSON.stringify(candidate(chunk, index === chunks.length - 1))}\r\n\r\n`);
      if (delay > 0) await wait(delay);
    }
    if (end) res.end();
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const match = PATH.exec(url.pathname);
      if (req.method !== 'POST' || !match) {
        sendJson(res, 404, errorBody(404, 'Not Found', 'NOT_FOUND'));
        return;
      }
      const stream = match[2] === 'streamGenerateContent';
      const raw = await readBody(req);
      let body: RecordedRequest['body'];
      try {
        body = JSON.parse(raw) as RecordedRequest['body'];
      } catch {
        sendJson(res, 400, errorBody(400, 'Invalid JSON payload received.', 'INVALID_ARGUMENT'));
        return;
      }
      const apiKey =
        (req.headers['x-goog-api-key'] as string | undefined) ?? url.searchParams.get('key') ?? undefined;
      const record: RecordedRequest = {
        model: decodeURIComponent(match[1]!),
        stream,
        apiKey,
        body,
        prompt: body.contents?.[0]?.parts?.[0]?.text,
        aborted: false,
      };
      requests.push(record);
      open.add(res);
      res.on('close', () => {
        open.delete(res);
        if (!res.writableFinished) record.aborted = true;
      });

      if (!apiKey) {
        sendJson(
          res,
          403,
          errorBody(
            403,
            "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
            'PERMISSION_DENIED',
          ),
        );
        return;
      }
      if (apiKey.startsWith('invalid')) {
        sendJson(
          res,
          400,
          errorBody(400, 'API key not valid. Please pass a valid API key.', 'INVALID_ARGUMENT'),
        );
        return;
      }
      if (stream && url.searchParams.get('alt') !== 'sse') {
        sendJson(res, 400, errorBody(400, 'This fake only streams with alt=sse.', 'INVALID_ARGUMENT'));
        return;
      }

      const count = body.generationConfig?.candidateCount ?? 1;
      const behaviour: FakeBehaviour =
        queued.shift() ??
        (count > 1
          ? {
              kind: 'candidates',
              chunks: Array.from({ length: count }, (_, index) =>
                splitIntoPieces(`Variante ${index + 1}. ${ECHO_PREFIX}${record.prompt ?? ''}`),
              ),
            }
          : { kind: 'text', chunks: splitIntoPieces(`${ECHO_PREFIX}${record.prompt ?? ''}`) });
      switch (behaviour.kind) {
        case 'candidates': {
          if (!stream) {
            sendJson(res, 200, {
              candidates: behaviour.chunks.map((pieces, index) => ({
                content: { parts: [{ text: pieces.join('') }], role: 'model' },
                finishReason: 'STOP',
                index,
              })),
              modelVersion: 'fake-gemini',
            });
            return;
          }
          res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
          for (const event of interleave(behaviour.chunks)) {
            if (res.destroyed) return;
            res.write(`data: ${JSON.stringify(event)}\r\n\r\n`);
            if (delay > 0) await wait(delay);
          }
          res.end();
          return;
        }
        case 'error':
          sendJson(res, behaviour.code, {
            error: {
              ...errorBody(behaviour.code, behaviour.message, behaviour.status).error,
              ...(behaviour.retryDelay
                ? {
                    details: [
                      {
                        '@type': 'type.googleapis.com/google.rpc.RetryInfo',
                        retryDelay: behaviour.retryDelay,
                      },
                    ],
                  }
                : {}),
            },
          });
          return;
        case 'hang':
          return;
        case 'redirect':
          res.writeHead(behaviour.status, { location: behaviour.location });
          res.end();
          return;
        case 'no-text':
          if (stream) await streamPieces(res, [], false);
          if (stream) res.end(`data: ${JSON.stringify(candidate(null, true))}\r\n\r\n`);
          else sendJson(res, 200, candidate(null, true));
          return;
        case 'no-streaming':
          if (stream) {
            sendJson(res, 404, errorBody(404, 'Method not found.', 'NOT_FOUND'));
            // This request was refused; the behaviour stays for the non-streaming retry.
            queued.unshift(behaviour);
          } else sendJson(res, 200, candidate(behaviour.chunks.join(''), true));
          return;
        case 'text':
        case 'stall':
        case 'stream-error':
          if (!stream) {
            if (behaviour.kind === 'stream-error') {
              sendJson(res, behaviour.code, errorBody(behaviour.code, behaviour.message, behaviour.status));
            } else if (behaviour.kind === 'text')
              sendJson(res, 200, candidate(behaviour.chunks.join(''), true));
            return;
          }
          await streamPieces(res, behaviour.chunks, behaviour.kind === 'text');
          if (behaviour.kind === 'stream-error' && !res.destroyed) {
            res.end(
              `data: ${JSON.stringify(errorBody(behaviour.code, behaviour.message, behaviour.status))}\r\n\r\n`,
            );
          }
          return;
      }
    })().catch(() => res.destroy());
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    queue: (...behaviours) => queued.push(...behaviours),
    close: async () => {
      for (const res of open) res.destroy();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}

/** The end-to-end server's Gemini: the echo, streamed in pieces with a pause between them so the filling is visible. */
export const geminiFake: FakeService = {
  name: 'gemini',
  async start() {
    const fake = await startFakeGemini({ chunkDelayMs: 150 });
    return { env: { GEMINI_BASE_URL: fake.url }, close: fake.close };
  },
};
