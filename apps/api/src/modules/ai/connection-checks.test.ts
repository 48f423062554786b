import { AI_PROVIDER_MESSAGES } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  connectionBody,
  connectTool,
  createAiTestApp,
  OPENAI_KEY,
  OPENAI_MODEL,
  send,
  type AiTestApp,
} from '../../../test/ai-helpers';
import { startHttpFake } from '../../../test/fakes/http-fake';
import { FAKE_OPENAI_MODELS, type OpenAiBehaviour } from '../../../test/fakes/openai';

/** Saves a connection (the OpenAI-compatible fake unless `body` says otherwise) and answers its id. */
async function saved(t: AiTestApp, body: Record<string, unknown> = {}): Promise<string> {
  const res = await send(t.app, 'POST', '/api/ai/connections', t.admin, {
    ...connectionBody(t, 'openai'),
    ...body,
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ connection: { id: string } }>().connection.id;
}

const test = (t: AiTestApp, id: string, model?: string) =>
  send(t.app, 'POST', `/api/ai/connections/${id}/test`, t.admin, model === undefined ? {} : { model });
const models = (t: AiTestApp, id: string) => send(t.app, 'POST', `/api/ai/connections/${id}/models`, t.admin);

describe('"Probar conexión" and the model list of a connection', () => {
  it('are admin only', async () => {
    const t = await createAiTestApp();
    const id = await saved(t);
    expect((await send(t.app, 'POST', `/api/ai/connections/${id}/test`, t.vip, {})).statusCode).toBe(403);
    expect((await send(t.app, 'POST', `/api/ai/connections/${id}/models`, t.vip)).statusCode).toBe(403);
    expect(t.openai.chats).toHaveLength(0);
  });

  it('makes one short call and says in Spanish that it worked, for either provider', async () => {
    const t = await createAiTestApp();
    const ok = await test(t, await saved(t));
    expect(ok.json()).toEqual({
      ok: true,
      message: `Conexión correcta con Compatible con OpenAI: el modelo ${OPENAI_MODEL} respondió.`,
    });
    expect(t.openai.chats).toHaveLength(1);
    expect(t.openai.chats[0]?.body.max_tokens).toBe(16);
    const gemini = await test(t, await saved(t, connectionBody(t, 'gemini')));
    expect(gemini.json()).toEqual({
      ok: true,
      message: 'Conexión correcta con Google Gemini: el modelo gemini-test respondió.',
    });
  });

  it.each<[OpenAiBehaviour, (address: string) => string]>([
    [
      { kind: 'error', status: 429, message: 'Rate limit reached', retryAfter: '20' },
      (address) => `${address} limita las peticiones en este momento: espera unos minutos y vuelve a probar`,
    ],
    [
      { kind: 'error', status: 500, message: 'The server had an error' },
      (address) => `${address} respondió con un error (HTTP 500): revisa el servidor y vuelve a probar`,
    ],
    [
      { kind: 'cut', chunks: ['o'] },
      (address) =>
        `No se pudo conectar con ${address}, o cortó la respuesta: revisa la dirección y que el servidor esté en marcha`,
    ],
  ])('names the address that failed and what to check (%o)', async (behaviour, message) => {
    const t = await createAiTestApp();
    const id = await saved(t);
    t.openai.queue(behaviour);
    expect((await test(t, id)).json()).toEqual({ ok: false, message: message(t.openai.url) });
  });

  it('names an address where nothing listens, for the test and the model list', async () => {
    const t = await createAiTestApp();
    const closed = await startHttpFake((_, res) => res.end('{}'));
    await closed.close();
    const url = `${closed.baseUrl}/v1`;
    const next = 'revisa la dirección y que el servidor esté en marcha';
    const id = await saved(t, { base_url: url, api_key: 'typed-key-1234' });
    expect((await test(t, id)).json()).toEqual({
      ok: false,
      message: `No se pudo conectar con ${url}, o cortó la respuesta: ${next}`,
    });
    const listed = await models(t, id);
    expect([listed.statusCode, listed.json().error]).toEqual([
      502,
      `No se pudo obtener la lista de modelos. No se pudo conectar con ${url}, o cortó la respuesta: ${next}`,
    ]);
  });

  it('explains a refused key, and asks for a model when the connection has none', async () => {
    const t = await createAiTestApp();
    const id = await saved(t, { api_key: 'invalid-key-0000' });
    expect((await test(t, id)).json()).toEqual({
      ok: false,
      message: `${t.openai.url} rechazó la API key: revisa la clave y que sea de ese servidor`,
    });
    const noModel = await saved(t, { name: 'Sin modelo', default_model: '' });
    expect((await test(t, noModel)).json()).toEqual({
      ok: false,
      message: AI_PROVIDER_MESSAGES.modelRequired,
    });
    expect((await test(t, noModel, OPENAI_MODEL)).json()).toMatchObject({ ok: true });
  });

  it('lists the server models, and none when it offers no list', async () => {
    const t = await createAiTestApp();
    const id = await saved(t);
    expect((await models(t, id)).json()).toEqual({ models: FAKE_OPENAI_MODELS });
    t.openai.setModels(null);
    expect((await models(t, id)).json()).toEqual({ models: [] });
    const refused = await models(t, await saved(t, { name: 'Clave mala', api_key: 'invalid-0000' }));
    expect(refused.statusCode).toBe(502);
    expect(refused.json().error).toBe(
      `No se pudo obtener la lista de modelos. ${t.openai.url} rechazó la API key: revisa la clave y que sea de ese servidor`,
    );
  });

  it('never shows the administrator the body the server answered', async () => {
    const t = await createAiTestApp();
    const inside = 'ami-id instance-id iam/security-credentials/role AKIAINTERNAL';
    const elsewhere = await startHttpFake((_, res) => {
      res.statusCode = 500;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ error: { message: inside } }));
    });
    try {
      const id = await saved(t, { base_url: `${elsewhere.baseUrl}/v1`, api_key: 'typed-key-1234' });
      const res = await test(t, id);
      expect(res.json()).toEqual({
        ok: false,
        message: `${elsewhere.baseUrl}/v1 respondió con un error (HTTP 500): revisa el servidor y vuelve a probar`,
      });
      const listed = await models(t, id);
      expect(listed.statusCode).toBe(502);
      for (const answer of [res, listed]) expect(answer.body).not.toContain('AKIAINTERNAL');
    } finally {
      await elsewhere.close();
    }
  });

  it('forgets a stored key on request, and then sends no Authorization header', async () => {
    const t = await createAiTestApp();
    const id = await connectTool(t, 'texto', 'openai');
    const removed = await send(t.app, 'PUT', `/api/ai/connections/${id}`, t.admin, {
      ...connectionBody(t, 'openai'),
      api_key: '',
      remove_api_key: true,
    });
    expect(removed.json().connection.api_key).toEqual({ set: false, last4: null });
    const page = await send(t.app, 'GET', '/api/admin/history', t.admin);
    const [latest] = page.json().items as { changes: unknown[] }[];
    expect(latest?.changes).toContainEqual({ field: 'clave', before: null, after: 'eliminada' });
    expect(JSON.stringify(page.json())).not.toContain(OPENAI_KEY);
    const generated = await send(t.app, 'POST', '/api/texto/generate', t.vip, {
      tool: 'ortografia',
      text: 'tema',
    });
    expect(generated.statusCode).toBe(200);
    expect(t.openai.chats.at(-1)?.apiKey).toBeUndefined();
    // A key-less local model at a new address needs no dummy key once the old one is forgotten.
    const moved = await send(t.app, 'PUT', `/api/ai/connections/${id}`, t.admin, {
      ...connectionBody(t, 'openai'),
      base_url: 'http://ollama:11434/v1',
      api_key: '',
    });
    expect(moved.statusCode).toBe(200);
  });
});

describe('the AI server address rule, the same when saving, testing and listing models', () => {
  const FORBIDDEN = [
    'http://2852039166/v1',
    'http://0xa9fea9fe/v1',
    'https://169.254.169.254/v1',
    'https://[::ffff:a9fe:a9fe]/v1',
    'https://[fe80::1]/v1',
    'http://metadata.google.internal/v1',
    'https://metadata.example.com/v1',
  ];

  it.each(FORBIDDEN)('refuses to save %s', async (url) => {
    const t = await createAiTestApp();
    const res = await send(t.app, 'POST', '/api/ai/connections', t.admin, {
      ...connectionBody(t, 'openai'),
      base_url: url,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: AI_PROVIDER_MESSAGES.forbiddenAddress, field: 'base_url' });
    expect((await send(t.app, 'GET', '/api/ai/connections', t.admin)).json()).toEqual({ connections: [] });
  });

  it('refuses plain http outside this machine or a private network', async () => {
    const t = await createAiTestApp();
    const res = await send(t.app, 'POST', '/api/ai/connections', t.admin, {
      ...connectionBody(t, 'openai'),
      base_url: 'http://api.example.com/v1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: AI_PROVIDER_MESSAGES.invalidBaseUrl, field: 'base_url' });
  });

  it('saves a local model whose name does not resolve yet, and never calls it', async () => {
    const t = await createAiTestApp();
    const id = await saved(t, { base_url: 'http://modelo-pendiente:11434/v1', api_key: '' });
    expect((await test(t, id)).json()).toEqual({
      ok: false,
      message:
        'No se pudo conectar con http://modelo-pendiente:11434/v1, o cortó la respuesta: revisa la dirección y que el servidor esté en marcha',
    });
  });
});
