import { afterEach, describe, expect, it } from 'vitest';
import { startHttpFake, type HttpFake } from '../../test/fakes/http-fake';
import { FAKE_OPENAI_MODELS, startFakeOpenAi, type FakeOpenAi } from '../../test/fakes/openai';
import { AiError } from './ai-error';
import { createAiClient } from './ai';
import { createGeminiClient } from './gemini';
import { createOpenAiCompatibleClient } from './openai-compatible';

const KEY = 'sk-prueba-0123456789abcdef';
const open: (FakeOpenAi | HttpFake)[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((fake) => fake.close()));
});

async function fake(): Promise<FakeOpenAi> {
  const server = await startFakeOpenAi();
  open.push(server);
  return server;
}

const client = (timeoutMs = 10_000, maxTokens = 512) =>
  createOpenAiCompatibleClient({ timeoutMs, maxTokens });
const target = (server: FakeOpenAi, apiKey = KEY) => ({
  baseUrl: server.url,
  apiKey,
  model: 'modelo-de-prueba',
});

async function collect(pieces: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const piece of pieces) text += piece;
  return text;
}

/** The failure a call ends with, started or midway. */
async function failureOf(work: () => Promise<AsyncIterable<string>>): Promise<AiError> {
  try {
    await collect(await work());
  } catch (error) {
    if (error instanceof AiError) return error;
    throw error;
  }
  throw new Error('the call did not fail');
}

describe('OpenAI-compatible client', () => {
  it('streams the chat completion with the key as a bearer token, a system message and max_tokens', async () => {
    const server = await fake();
    server.queue({ kind: 'text', chunks: ['Hola ', 'mundo'] });
    const pieces: string[] = [];
    const stream = await client().generateStream(target(server), {
      prompt: 'di hola',
      systemInstruction: 'breve',
    });
    for await (const piece of stream) pieces.push(piece);
    expect(pieces).toEqual(['Hola ', 'mundo']);
    const [chat] = server.chats;
    expect(chat).toMatchObject({ model: 'modelo-de-prueba', stream: true, apiKey: KEY, prompt: 'di hola' });
    expect(chat?.system).toBe('breve');
    expect(chat?.body.max_tokens).toBe(512);
  });

  it('sends no Authorization header when no key is configured (a local model)', async () => {
    const server = await fake();
    await collect(await client().generateStream(target(server, ''), { prompt: 'hola' }));
    expect(server.chats[0]?.apiKey).toBeUndefined();
    expect(server.http.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('reports a 401 with the server words, the key removed', async () => {
    const server = await fake();
    const error = await failureOf(() =>
      client().generateStream(target(server, 'invalid-key-123456'), { prompt: 'x' }),
    );
    expect(error).toMatchObject({ kind: 'api', status: 401 });
    expect(error.detail).toContain('Incorrect API key provided');
  });

  it('does not retry a 429 and keeps its retry-after for the administrators', async () => {
    const server = await fake();
    server.queue({
      kind: 'error',
      status: 429,
      message: 'Rate limit reached',
      type: 'rate_limit_error',
      retryAfter: '7',
    });
    const error = await failureOf(() => client().generateStream(target(server), { prompt: 'x' }));
    expect(error).toMatchObject({ kind: 'api', status: 429 });
    expect(error.detail).toBe('Rate limit reached (retry-after: 7)');
    expect(server.chats).toHaveLength(1);
  });

  it('does not retry a 500', async () => {
    const server = await fake();
    server.queue({ kind: 'error', status: 500, message: 'The server had an error' });
    const error = await failureOf(() => client().generateStream(target(server), { prompt: 'x' }));
    expect(error).toMatchObject({ kind: 'api', status: 500, detail: 'The server had an error' });
    expect(server.chats).toHaveLength(1);
  });

  it('fails a stream cut in the middle instead of passing a fragment as the answer', async () => {
    const server = await fake();
    server.queue({ kind: 'cut', chunks: ['Primera ', 'parte '] });
    const seen: string[] = [];
    const stream = await client().generateStream(target(server), { prompt: 'x' });
    const error = await (async () => {
      try {
        for await (const piece of stream) seen.push(piece);
      } catch (failure) {
        return failure;
      }
      return undefined;
    })();
    expect(seen).toEqual(['Primera ', 'parte ']);
    expect(error).toBeInstanceOf(AiError);
    expect((error as AiError).kind).toBe('network');
  });

  it('never follows a redirect, so the key stays with the configured server', async () => {
    const server = await fake();
    const elsewhere = await startHttpFake((_, res) => res.end('{}'));
    open.push(elsewhere);
    for (const status of [302, 307, 308] as const) {
      server.queue({ kind: 'redirect', status, location: `${elsewhere.baseUrl}/v1/chat/completions` });
      const error = await failureOf(() => client().generateStream(target(server), { prompt: 'x' }));
      expect(error).toMatchObject({ kind: 'api', status });
    }
    expect(elsewhere.requests).toEqual([]);
  });

  it('gives up on a silent server after the timeout', async () => {
    const server = await fake();
    server.queue({ kind: 'hang' });
    const error = await failureOf(() => client(300).generateStream(target(server), { prompt: 'x' }));
    expect(error.kind).toBe('timeout');
  });

  it('writes several variants as concurrent requests, each piece naming its variant', async () => {
    const server = await fake();
    server.queue({ kind: 'text', chunks: ['A1 ', 'A2'] }, { kind: 'text', chunks: ['B1 ', 'B2'] });
    const variants = ['', ''];
    const stream = await client().generateVariants(target(server), { prompt: 'x' }, 2);
    for await (const piece of stream) variants[piece.variant] += piece.text;
    expect(variants.sort()).toEqual(['A1 A2', 'B1 B2']);
    expect(server.chats).toHaveLength(2);
  });

  it('lists the models the server offers, and none when it offers no list', async () => {
    const server = await fake();
    expect(await client().listModels(target(server))).toEqual(FAKE_OPENAI_MODELS);
    expect(server.http.requests[0]).toMatchObject({ method: 'GET', url: '/v1/models' });
    expect(server.http.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    server.setModels(null);
    expect(await client().listModels(target(server))).toBeNull();
    await expect(client().listModels(target(server, 'invalid-0000'))).rejects.toMatchObject({
      kind: 'api',
      status: 401,
    });
  });
});

describe('the generation interface', () => {
  it('stops reading an answer at the length limit and ends the call', async () => {
    const server = await fake();
    server.queue({ kind: 'stall', chunks: ['0123456789', '0123456789', '0123456789'] });
    const ai = createAiClient({
      gemini: createGeminiClient({ model: 'gemini-test', baseUrl: undefined, timeoutMs: 10_000 }),
      openai: client(),
      geminiModel: 'gemini-test',
      maxAnswerChars: 15,
      resolveHost: () => Promise.resolve(['127.0.0.1']),
      log: { warn: () => undefined, info: () => undefined },
    });
    const text = await collect(
      await ai.generateStream({ provider: 'openai', ...target(server) }, { prompt: 'x' }),
    );
    expect(text).toBe('012345678901234');
    await expect.poll(() => server.chats[0]?.aborted).toBe(true);
  });
});
