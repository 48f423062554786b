import { AI_MESSAGES, AI_PROVIDER_FAILURES, AI_PROVIDER_MESSAGES, retryAfterMessage } from '@app/contracts';
import { request, type IncomingMessage } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import {
  createAiTestApp,
  OPENAI_KEY,
  parseSse,
  PROVIDERS,
  connectionBody,
  connectTool,
  GEMINI_TEST_KEY,
  queueUpstream,
  send,
  STREAM,
  upstreamCalls,
  type AiTestApp,
  type TestProvider,
} from '../../../test/ai-helpers';
import { ECHO_PREFIX } from '../../../test/fakes/gemini';
import { OPENAI_ECHO_PREFIX } from '../../../test/fakes/openai';

const GEMINI_KEY = GEMINI_TEST_KEY;
const ECHO: Record<TestProvider, string> = { gemini: ECHO_PREFIX, openai: OPENAI_ECHO_PREFIX };

async function configured(
  provider: TestProvider,
  overrides: Parameters<typeof createAiTestApp>[0] = {},
): Promise<AiTestApp> {
  const t = await createAiTestApp(overrides);
  await connectTool(t, 'texto', provider);
  return t;
}

const generate = (t: AiTestApp, text: string, headers: Record<string, string> = {}, cookie = t.vip) =>
  send(t.app, 'POST', '/api/texto/generate', cookie, { tool: 'ortografia', text }, headers);

describe.each(PROVIDERS)('text tools on %s: members see no difference', (provider) => {
  it('answers the whole text as JSON, and only the configured provider is called', async () => {
    const t = await configured(provider);
    const res = await generate(t, 'ola ke ase');
    expect(res.statusCode).toBe(200);
    const prompt = 'corrige ortograficamente el siguiente texto: ola ke ase';
    expect(res.json()).toEqual({ text: `${ECHO[provider]}${prompt}` });
    expect(upstreamCalls(t, provider).map((call) => call.prompt)).toEqual([prompt]);
    const other = provider === 'gemini' ? 'openai' : 'gemini';
    expect(upstreamCalls(t, other)).toEqual([]);
  });

  it('streams server-sent events piece by piece', async () => {
    const t = await configured(provider);
    queueUpstream(t, provider, { kind: 'text', chunks: ['Hola, ', '¿qué tal ', 'estás?'] });
    const res = await generate(t, 'ola', STREAM);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(parseSse(res.body)).toEqual([
      { event: 'chunk', data: { text: 'Hola, ' } },
      { event: 'chunk', data: { text: '¿qué tal ' } },
      { event: 'chunk', data: { text: 'estás?' } },
      { event: 'done', data: {} },
    ]);
  });

  it("answers a refusal with the same Spanish message, never the provider's words", async () => {
    const t = await configured(provider);
    queueUpstream(t, provider, { kind: 'refusal', status: 429, message: 'Quota exceeded for this account' });
    const res = await generate(t, 'hola');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: AI_PROVIDER_FAILURES[provider].api });
    expect(res.body).not.toContain('Quota');
  });

  it('sends a failure after streaming began as an error event', async () => {
    const t = await configured(provider);
    queueUpstream(t, provider, { kind: 'stream-error', chunks: ['Primera parte '], message: 'boom' });
    const res = await generate(t, 'hola', STREAM);
    expect(parseSse(res.body)).toEqual([
      { event: 'chunk', data: { text: 'Primera parte ' } },
      { event: 'error', data: { error: AI_PROVIDER_FAILURES[provider].api } },
    ]);
  });

  it('answers an empty answer with the spec message', async () => {
    const t = await configured(provider);
    queueUpstream(t, provider, { kind: 'no-text' });
    const res = await generate(t, 'hola');
    expect(res.json().error).toBe('No se pudo obtener una respuesta');
  });

  it('gives up with a Spanish message when the provider stays silent', async () => {
    const t = await configured(provider, { outgoingTimeoutMs: 300 });
    queueUpstream(t, provider, { kind: 'hang' });
    const res = await generate(t, 'hola');
    expect(res.statusCode).toBe(504);
    expect(res.json().error).toBe(AI_PROVIDER_FAILURES[provider].timeout);
  });

  it('never names Gemini to members of a tool on an OpenAI-compatible server', async () => {
    const t = await configured(provider, { outgoingTimeoutMs: 300 });
    queueUpstream(
      t,
      provider,
      { kind: 'refusal', status: 500, message: 'boom' },
      { kind: 'stream-error', chunks: ['Parte '], message: 'boom' },
      { kind: 'hang' },
    );
    const answers = [await generate(t, 'a'), await generate(t, 'b', STREAM), await generate(t, 'c')];
    const said = answers.map((res) => res.body).join('\n');
    if (provider === 'openai') expect(said).not.toContain('Gemini');
    else expect(said).toContain('Gemini');
  });

  it('tells the member how long the provider asked to wait (retry-after)', async () => {
    const t = await configured(provider);
    queueUpstream(t, provider, { kind: 'refusal', status: 429, message: 'Too many', retryAfter: 20 });
    const res = await generate(t, 'hola');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: retryAfterMessage(AI_PROVIDER_FAILURES[provider].api, 20) });
    expect(res.json().error).toMatch(/Vuelve a intentarlo en 20 segundos\.$/);
  });

  it("does not count the provider's failures against the member's limit", async () => {
    const t = await configured(provider);
    for (let i = 0; i < 22; i++) {
      queueUpstream(t, provider, { kind: 'refusal', status: 502, message: 'Bad gateway' });
      expect((await generate(t, `texto ${i}`)).statusCode).toBe(502);
    }
    queueUpstream(t, provider, { kind: 'stream-error', chunks: ['Parte '], message: 'boom' });
    await generate(t, 'cortado', STREAM);
    expect((await generate(t, 'ahora sí')).statusCode).toBe(200);
  });

  it('logs each failed, cut or timed-out call once at warn, with no key', async () => {
    const t = await configured(provider, { outgoingTimeoutMs: 300 });
    const warn = vi.spyOn(t.app.log, 'warn');
    queueUpstream(
      t,
      provider,
      { kind: 'refusal', status: 500, message: 'boom' },
      { kind: 'stream-error', chunks: ['Parte '], message: 'boom' },
      { kind: 'hang' },
    );
    await generate(t, 'a');
    await generate(t, 'b', STREAM);
    await generate(t, 'c');
    const lines = warn.mock.calls.filter(([, message]) => message === 'AI generation failed');
    expect(lines.map(([fields]) => fields)).toEqual([
      expect.objectContaining({ tool: 'texto', provider, status: 500, failure: 'api' }),
      expect.objectContaining({ tool: 'texto', provider }),
      expect.objectContaining({ tool: 'texto', provider, failure: 'timeout', status: null }),
    ]);
    for (const [fields] of lines) {
      expect(fields).toMatchObject({ connection: expect.any(String), durationMs: expect.any(Number) });
    }
    expect(warn.mock.calls).toHaveLength(3);
    const logged = JSON.stringify(warn.mock.calls);
    for (const key of [GEMINI_KEY, OPENAI_KEY]) expect(logged).not.toContain(key);
  });

  it('shares the per-member limit of 20 generations a minute', async () => {
    const t = await configured(provider);
    for (let i = 0; i < 20; i++) expect((await generate(t, `texto ${i}`)).statusCode).toBe(200);
    const limited = await generate(t, 'uno más');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe(AI_MESSAGES.rateLimited);
    expect(upstreamCalls(t, provider)).toHaveLength(20);
  });

  it("stops the provider's call when the browser goes away", async () => {
    const t = await configured(provider);
    queueUpstream(t, provider, { kind: 'stall', chunks: ['Empieza '] });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const req = request(`${address}/api/texto/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: t.vip, ...STREAM, 'x-requested-with': 'fetch' },
    });
    req.end(JSON.stringify({ tool: 'ortografia', text: 'hola' }));
    const res = await new Promise<IncomingMessage>((resolve) => req.on('response', resolve));
    const first = await new Promise<string>((resolve) =>
      res.once('data', (d: Buffer) => resolve(d.toString())),
    );
    expect(first).toContain('Empieza');
    expect(upstreamCalls(t, provider)[0]?.aborted).toBe(false);
    req.destroy();
    await expect.poll(() => upstreamCalls(t, provider)[0]?.aborted).toBe(true);
  });
});

describe("a Gemini connection's address follows the AI server address rule", () => {
  it.each(['https://2852039166', 'https://0xa9fea9fe', 'https://metadata.google.internal'])(
    'refuses to save %s',
    async (url) => {
      const t = await createAiTestApp();
      const saved = await send(t.app, 'POST', '/api/ai/connections', t.admin, {
        ...connectionBody(t, 'gemini'),
        base_url: url,
      });
      expect(saved.statusCode).toBe(400);
      expect(saved.json()).toEqual({ error: AI_PROVIDER_MESSAGES.forbiddenAddress, field: 'base_url' });
    },
  );
});
