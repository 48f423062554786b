import {
  AI_MESSAGES,
  AI_NOT_READY_MESSAGE,
  GENERATION_TEXT_MAX,
  TEXTO_DEFAULT_PROMPTS,
  TEXTO_MESSAGES,
} from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  connectionBody,
  connectTool,
  createAiTestApp,
  GEMINI_TEST_KEY,
  parseSse,
  send,
  STREAM,
  type AiTestApp,
} from '../../../test/ai-helpers';
import { ECHO_PREFIX, startFakeGemini } from '../../../test/fakes/gemini';
import { startHttpFake } from '../../../test/fakes/http-fake';

const KEY = GEMINI_TEST_KEY;

const config = (overrides: Record<string, unknown> = {}) => ({
  prompt_ortografia: TEXTO_DEFAULT_PROMPTS.ortografia,
  prompt_herramienta2: TEXTO_DEFAULT_PROMPTS.herramienta2,
  connection_id: null,
  model: '',
  temperature: null,
  monthly_token_cap: null,
  ...overrides,
});

/** A test app whose text tools use a Gemini connection (the fake Gemini, with KEY). */
async function configured(overrides: Parameters<typeof createAiTestApp>[0] = {}): Promise<AiTestApp> {
  const t = await createAiTestApp(overrides);
  await connectTool(t, 'texto', 'gemini');
  return t;
}

const generate = (t: AiTestApp, body: unknown, cookie = t.vip, headers: Record<string, string> = {}) =>
  send(t.app, 'POST', '/api/texto/generate', cookie, body, headers);

describe('text tools configuration', () => {
  it('is admin only: members get 403, signed-out callers 401', async () => {
    const t = await createAiTestApp();
    expect((await send(t.app, 'GET', '/api/texto/config', t.vip)).statusCode).toBe(403);
    expect((await send(t.app, 'PUT', '/api/texto/config', t.vip, config())).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/texto/config' })).statusCode).toBe(401);
  });

  it('starts with the spec default prompts and no connection', async () => {
    const t = await createAiTestApp();
    const res = await send(t.app, 'GET', '/api/texto/config', t.admin);
    expect(res.json()).toEqual({
      prompt_ortografia: 'corrige ortograficamente el siguiente texto:',
      prompt_herramienta2: 'convierte el siguiente texto a emojis:',
      connection_id: null,
      model: '',
      temperature: null,
      monthly_token_cap: null,
    });
  });

  it('saves the prompts and the connection, model and temperature together, and answers them', async () => {
    const t = await configured();
    const id = (await send(t.app, 'GET', '/api/texto/config', t.admin)).json<{ connection_id: string }>()
      .connection_id;
    const saved = await send(
      t.app,
      'PUT',
      '/api/texto/config',
      t.admin,
      config({ prompt_ortografia: 'arregla:', connection_id: id, model: 'gemini-otro', temperature: 0.7 }),
    );
    expect(saved.json()).toMatchObject({
      message: AI_MESSAGES.configSaved,
      config: { prompt_ortografia: 'arregla:', connection_id: id, model: 'gemini-otro', temperature: 0.7 },
    });
    await generate(t, { tool: 'ortografia', text: 'hola' });
    const sent = t.gemini.requests.at(-1)!;
    expect(sent).toMatchObject({ model: 'gemini-otro', apiKey: KEY, prompt: 'arregla: hola' });
    expect((sent.body as { generationConfig?: { temperature?: number } }).generationConfig?.temperature).toBe(
      0.7,
    );
  });
});

describe('text tools generation', () => {
  it('needs the texto permission', async () => {
    const t = await configured();
    const res = await generate(t, { tool: 'ortografia', text: 'hola' }, t.cafeinas);
    expect(res.statusCode).toBe(403);
    expect(t.gemini.requests).toHaveLength(0);
  });

  it('tells the member the tool is not configured while it has no connection', async () => {
    const t = await createAiTestApp();
    const res = await generate(t, { tool: 'ortografia', text: 'hola' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(AI_NOT_READY_MESSAGE);
    expect(t.gemini.requests).toHaveLength(0);
  });

  it('sends the prompt, a space and the text with the key in a header, and answers the text', async () => {
    const t = await configured();
    const res = await generate(t, { tool: 'ortografia', text: 'ola ke ase' });
    expect(res.statusCode).toBe(200);
    const prompt = 'corrige ortograficamente el siguiente texto: ola ke ase';
    expect(res.json()).toEqual({ text: `${ECHO_PREFIX}${prompt}` });
    expect(res.body).not.toContain(KEY);
    const sent = t.gemini.requests[0]!;
    expect(sent).toMatchObject({ model: 'gemini-test', stream: true, apiKey: KEY, prompt });
    expect(sent.body.contents?.[0]?.role).toBe('user');

    await generate(t, { tool: 'herramienta2', text: 'me encanta el café' });
    expect(t.gemini.requests[1]?.prompt).toBe('convierte el siguiente texto a emojis: me encanta el café');
  });

  it('streams server-sent events piece by piece, uncompressed', async () => {
    const t = await configured();
    t.gemini.queue({ kind: 'text', chunks: ['Hola, ', '¿qué tal ', 'estás?'] });
    const res = await generate(t, { tool: 'ortografia', text: 'ola' }, t.vip, {
      ...STREAM,
      'accept-encoding': 'gzip, br',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(parseSse(res.body)).toEqual([
      { event: 'chunk', data: { text: 'Hola, ' } },
      { event: 'chunk', data: { text: '¿qué tal ' } },
      { event: 'chunk', data: { text: 'estás?' } },
      { event: 'done', data: {} },
    ]);
    expect(res.body).not.toContain(KEY);
  });

  it("calls Gemini at its connection's address", async () => {
    const t = await configured();
    const other = await startFakeGemini();
    try {
      const created = await send(t.app, 'POST', '/api/ai/connections', t.admin, {
        ...connectionBody(t, 'gemini', 'Gemini en otra dirección'),
        base_url: other.url,
      });
      const id = created.json<{ connection: { id: string } }>().connection.id;
      await send(t.app, 'PUT', '/api/texto/config', t.admin, config({ connection_id: id }));
      const res = await generate(t, { tool: 'ortografia', text: 'hola' });
      expect(res.statusCode).toBe(200);
      expect(other.requests).toHaveLength(1);
      expect(other.requests[0]?.apiKey).toBe(KEY);
      expect(t.gemini.requests).toHaveLength(0);
    } finally {
      await other.close();
    }
  });

  it("maps Gemini failures to the spec messages, never showing members Gemini's own words", async () => {
    const t = await configured();
    t.gemini.queue(
      { kind: 'error', code: 429, message: `Quota exceeded for key ${KEY}`, status: 'RESOURCE_EXHAUSTED' },
      { kind: 'no-text' },
    );
    const quota = await generate(t, { tool: 'ortografia', text: 'hola' });
    expect(quota.statusCode).toBe(502);
    expect(quota.json()).toEqual({ error: 'Error en la API de Gemini' });
    expect(quota.body).not.toMatch(/Quota|\*\*\*/);

    const empty = await generate(t, { tool: 'ortografia', text: 'hola' });
    expect(empty.json().error).toBe('No se pudo obtener una respuesta');

    const { connection_id: id } = (await send(t.app, 'GET', '/api/texto/config', t.admin)).json<{
      connection_id: string;
    }>();
    await send(t.app, 'PUT', `/api/ai/connections/${id}`, t.admin, {
      ...connectionBody(t, 'gemini'),
      api_key: 'invalid-key-0000',
    });
    const invalid = await generate(t, { tool: 'ortografia', text: 'hola' });
    expect(invalid.json().error).toBe('Error en la API de Gemini');
  });

  it('never follows a redirect from Gemini, so the key stays with the configured origin', async () => {
    const t = await configured();
    const elsewhere = await startHttpFake((_, res) => res.end('{}'));
    try {
      for (const status of [302, 307] as const) {
        t.gemini.queue({ kind: 'redirect', status, location: `${elsewhere.baseUrl}/collect` });
        const res = await generate(t, { tool: 'ortografia', text: 'hola' });
        expect(elsewhere.requests.map((r) => r.headers['x-goog-api-key'])).toEqual([]);
        expect(res.statusCode).toBe(502);
        expect(res.json()).toEqual({ error: 'Error en la API de Gemini' });
      }
    } finally {
      await elsewhere.close();
    }
  });

  it('sends a failure after streaming began as an error event', async () => {
    const t = await configured();
    t.gemini.queue({
      kind: 'stream-error',
      chunks: ['Primera parte '],
      code: 500,
      message: 'Internal error encountered.',
      status: 'INTERNAL',
    });
    const res = await generate(t, { tool: 'ortografia', text: 'hola' }, t.vip, STREAM);
    expect(parseSse(res.body)).toEqual([
      { event: 'chunk', data: { text: 'Primera parte ' } },
      { event: 'error', data: { error: 'Error en la API de Gemini' } },
    ]);
  });

  it('falls back to a whole answer when the endpoint does not stream', async () => {
    const t = await configured();
    t.gemini.queue({ kind: 'no-streaming', chunks: ['Texto ', 'completo'] });
    const res = await generate(t, { tool: 'ortografia', text: 'hola' }, t.vip, STREAM);
    expect(parseSse(res.body)).toEqual([
      { event: 'chunk', data: { text: 'Texto completo' } },
      { event: 'done', data: {} },
    ]);
    expect(t.gemini.requests.map((r) => r.stream)).toEqual([true, false]);
  });

  it('gives up with a Spanish message when Gemini stays silent', async () => {
    const t = await configured({ outgoingTimeoutMs: 300 });
    t.gemini.queue({ kind: 'hang' });
    const res = await generate(t, { tool: 'ortografia', text: 'hola' });
    expect(res.statusCode).toBe(504);
    expect(res.json().error).toBe(AI_MESSAGES.timeout);
  });

  it('refuses blank and too long texts', async () => {
    const t = await configured();
    const blank = await generate(t, { tool: 'ortografia', text: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe(TEXTO_MESSAGES.emptyText);
    const long = await generate(t, { tool: 'ortografia', text: 'a'.repeat(GENERATION_TEXT_MAX + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toBe('El texto no puede superar los 10.000 caracteres');
    expect(t.gemini.requests).toHaveLength(0);
  });

  it('limits generations per user to 20 a minute', async () => {
    const t = await configured();
    for (let i = 0; i < 20; i++) {
      expect((await generate(t, { tool: 'ortografia', text: `texto ${i}` })).statusCode).toBe(200);
    }
    const limited = await generate(t, { tool: 'ortografia', text: 'uno más' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe(AI_MESSAGES.rateLimited);
    expect(limited.headers['retry-after']).toBeDefined();
    // Another member still has their own allowance.
    expect((await generate(t, { tool: 'ortografia', text: 'hola' }, t.admin)).statusCode).toBe(200);
  });
});
