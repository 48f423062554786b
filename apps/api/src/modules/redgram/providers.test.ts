import {
  AI_PROVIDER_FAILURES,
  AI_PROVIDER_MESSAGES,
  REDGRAM_DEFAULT_PROMPTS,
  REDGRAM_MESSAGES,
  retryAfterMessage,
  type RedgramProfile,
} from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  createAiTestApp,
  OPENAI_KEY,
  OPENAI_MODEL,
  parseSse,
  PROVIDERS,
  providerFields,
  queueUpstream,
  send,
  STREAM,
  upstreamCalls,
  type AiTestApp,
  type TestProvider,
} from '../../../test/ai-helpers';
import { ECHO_PREFIX } from '../../../test/fakes/gemini';
import { startHttpFake } from '../../../test/fakes/http-fake';
import { FAKE_OPENAI_MODELS, OPENAI_ECHO_PREFIX, type OpenAiBehaviour } from '../../../test/fakes/openai';

const GEMINI_KEY = 'AIzaRedgramProviderKey-4321ZYXW';
const ECHO: Record<TestProvider, string> = { gemini: ECHO_PREFIX, openai: OPENAI_ECHO_PREFIX };
const PROMPTS = {
  prompt_escribir: 'Escribe para {name} en {social_network}: {tema}',
  prompt_reescribir: 'Reescribe para {name}: {texto}',
};
const PROFILE = {
  name: 'Cafetería Luna',
  social_network: 'Instagram',
  sector: 'Hostelería',
  target_audience: 'Jóvenes',
  specific_audience: 'Estudiantes',
  visual_optimization: 'Emojis',
};

const saveConfig = (t: AiTestApp, body: Record<string, unknown>) =>
  send(t.app, 'PUT', '/api/redgram/config', t.admin, { gemini_api_key: '', ...PROMPTS, ...body });

async function ready(provider: TestProvider): Promise<{ t: AiTestApp; profile: RedgramProfile }> {
  const t = await createAiTestApp();
  const saved = await saveConfig(t, {
    ...(provider === 'gemini' ? { gemini_api_key: GEMINI_KEY } : {}),
    ...providerFields(t, provider),
  });
  expect(saved.statusCode).toBe(200);
  const created = await send(t.app, 'POST', '/api/redgram/profiles', t.vip, PROFILE);
  return { t, profile: created.json() as RedgramProfile };
}

const generate = (t: AiTestApp, body: unknown, headers: Record<string, string> = {}) =>
  send(t.app, 'POST', '/api/redgram/generate', t.vip, body, headers);

const logs = async (t: AiTestApp) =>
  (await send(t.app, 'GET', '/api/redgram/logs', t.admin)).json() as Record<string, unknown>[];

describe.each(PROVIDERS)('RedGram on %s: members see no difference', (provider) => {
  it('streams the post with the network rule as the system instruction, logs it and keeps it', async () => {
    const { t, profile } = await ready(provider);
    const res = await generate(t, { profile_id: profile.id, mode: 'escribir', text: 'otoño' }, STREAM);
    const prompt = 'Escribe para Cafetería Luna en Instagram: otoño';
    const events = parseSse(res.body);
    expect(events.at(-1)).toEqual({ event: 'done', data: {} });
    const text = events
      .filter((event) => event.event === 'chunk')
      .map((event) => event.data.text)
      .join('');
    expect(text).toBe(`${ECHO[provider]}${prompt}`);
    const [call] = upstreamCalls(t, provider);
    expect(call?.prompt).toBe(prompt);
    expect(call?.system).toContain('Instagram');
    const [entry] = await logs(t);
    expect(entry).toMatchObject({ input_text: 'otoño', api_response: text, error_message: null });
    const history = await send(t.app, 'GET', '/api/redgram/history', t.vip);
    expect(history.json().items[0]).toMatchObject({ input_text: 'otoño', variants: [text] });
  });

  it('writes three variants in one generation', async () => {
    const { t, profile } = await ready(provider);
    const res = await generate(t, { profile_id: profile.id, mode: 'escribir', text: 'tema', variants: 3 });
    expect(res.statusCode).toBe(200);
    const { variants } = res.json() as { variants: string[] };
    expect(variants).toHaveLength(3);
    for (const variant of variants)
      expect(variant).toContain('Escribe para Cafetería Luna en Instagram: tema');
  });

  it("shows members the generic message and keeps the provider's words for the admins' log", async () => {
    const { t, profile } = await ready(provider);
    queueUpstream(t, provider, { kind: 'refusal', status: 400, message: 'Context length exceeded' });
    const failed = await generate(t, { profile_id: profile.id, mode: 'reescribir', text: 'hola' });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({ error: AI_PROVIDER_FAILURES[provider].api });
    const [entry] = await logs(t);
    expect(entry?.error_message).toBe(`${AI_PROVIDER_FAILURES[provider].api}: Context length exceeded`);
    if (provider === 'openai')
      expect(`${failed.body}${String(entry?.error_message)}`).not.toContain('Gemini');
    const all = await send(t.app, 'GET', '/api/redgram/logs', t.admin);
    expect(all.body).not.toContain(OPENAI_KEY);
    expect(all.body).not.toContain(GEMINI_KEY);
  });

  it("keeps a reasoning model's <think> block from the member, the history and the log", async () => {
    const { t, profile } = await ready(provider);
    queueUpstream(t, provider, {
      kind: 'text',
      chunks: ['<thi', 'nk>Debo pensar en Instagram', '...</th', 'ink>\n\nPost ', 'final'],
    });
    const res = await generate(t, { profile_id: profile.id, mode: 'escribir', text: 'tema' }, STREAM);
    const events = parseSse(res.body);
    const text = events.filter((event) => event.event === 'chunk').map((event) => event.data.text);
    expect(text.join('')).toBe('Post final');
    expect(res.body).not.toContain('pensar');
    const history = await send(t.app, 'GET', '/api/redgram/history', t.vip);
    expect(history.json().items[0]).toMatchObject({ variants: ['Post final'] });
    expect((await logs(t))[0]).toMatchObject({ api_response: 'Post final' });
  });

  it("tells the member the provider's wait, and its faults leave the limit untouched", async () => {
    const { t, profile } = await ready(provider);
    const body = { profile_id: profile.id, mode: 'escribir', text: 'tema' };
    queueUpstream(t, provider, { kind: 'refusal', status: 429, message: 'Slow down', retryAfter: 7 });
    const waited = await generate(t, body);
    expect(waited.json()).toEqual({ error: retryAfterMessage(AI_PROVIDER_FAILURES[provider].api, 7) });
    expect(waited.json().error).toContain('Vuelve a intentarlo en 7 segundos');
    for (let i = 0; i < 24; i++) {
      queueUpstream(t, provider, { kind: 'refusal', status: 500, message: 'caído' });
      expect((await generate(t, body)).statusCode).toBe(502);
    }
    expect((await generate(t, body)).statusCode).toBe(200);
  });
});

describe('RedGram provider settings', () => {
  it('start on Gemini with no server; the server key is shown only as set / not set', async () => {
    const t = await createAiTestApp();
    expect((await send(t.app, 'GET', '/api/redgram/config', t.admin)).json()).toMatchObject({
      provider: 'gemini',
      openai_base_url: '',
      openai_model: '',
      openai_api_key: { set: false, last4: null },
    });
    const saved = await saveConfig(t, providerFields(t, 'openai'));
    expect(saved.statusCode).toBe(200);
    const read = await send(t.app, 'GET', '/api/redgram/config', t.admin);
    expect(read.json()).toMatchObject({
      provider: 'openai',
      openai_base_url: t.openai.url,
      openai_model: OPENAI_MODEL,
      openai_api_key: { set: true, last4: '7d6c' },
    });
    for (const res of [saved, read]) expect(res.body).not.toContain(OPENAI_KEY);
  });

  it('do not need a Gemini key for the OpenAI-compatible server, but need its address and model', async () => {
    const t = await createAiTestApp();
    const noUrl = await saveConfig(t, { provider: 'openai', openai_model: 'x' });
    expect(noUrl.json()).toEqual({ error: AI_PROVIDER_MESSAGES.baseUrlRequired, field: 'openai_base_url' });
    const noModel = await saveConfig(t, { provider: 'openai', openai_base_url: t.openai.url });
    expect(noModel.json()).toEqual({ error: AI_PROVIDER_MESSAGES.modelRequired, field: 'openai_model' });
    // A local server may need no key at all: no Authorization header is sent then.
    const keyless = await saveConfig(t, {
      provider: 'openai',
      openai_base_url: t.openai.url,
      openai_model: 'm',
    });
    expect(keyless.statusCode).toBe(200);
  });

  it('allow https anywhere and http only on this machine or a private network', async () => {
    const t = await createAiTestApp();
    for (const url of [
      'http://127.0.0.1:11434/v1',
      'http://ollama:11434/v1',
      'http://192.168.1.20:8080/v1',
      'https://api.mistral.ai/v1',
    ]) {
      expect((await saveConfig(t, { ...providerFields(t, 'openai'), openai_base_url: url })).statusCode).toBe(
        200,
      );
    }
    for (const url of [
      'http://api.example.com/v1',
      'ftp://127.0.0.1/v1',
      'https://user:pw@api.example.com/v1',
    ]) {
      const res = await saveConfig(t, { ...providerFields(t, 'openai'), openai_base_url: url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: AI_PROVIDER_MESSAGES.invalidBaseUrl, field: 'openai_base_url' });
    }
  });

  it('ask for the key again before sending it to a new address', async () => {
    const t = await createAiTestApp();
    await saveConfig(t, providerFields(t, 'openai'));
    const moved = await saveConfig(t, {
      provider: 'openai',
      openai_base_url: 'https://otro.example/v1',
      openai_api_key: '',
    });
    expect(moved.json()).toEqual({
      error: AI_PROVIDER_MESSAGES.keyRequiredForNewBaseUrl,
      field: 'openai_api_key',
    });
  });

  it('ship with the default prompts filled, so a first save needs only the provider', async () => {
    const t = await createAiTestApp();
    const config = (await send(t.app, 'GET', '/api/redgram/config', t.admin)).json();
    expect(config).toMatchObject(REDGRAM_DEFAULT_PROMPTS);
    const res = await send(t.app, 'PUT', '/api/redgram/config', t.admin, {
      gemini_api_key: '',
      prompt_escribir: config.prompt_escribir,
      prompt_reescribir: config.prompt_reescribir,
      ...providerFields(t, 'openai'),
    });
    expect(res.statusCode).toBe(200);
    // Without a Gemini key the missing field is named.
    const missing = await send(t.app, 'PUT', '/api/redgram/config', t.admin, {
      gemini_api_key: '',
      ...REDGRAM_DEFAULT_PROMPTS,
      provider: 'gemini',
    });
    expect(missing.json()).toEqual({ error: REDGRAM_MESSAGES.fillAllFields, field: 'gemini_api_key' });
  });

  it('forget a stored server key on request, and then send no Authorization header', async () => {
    const t = await createAiTestApp();
    await saveConfig(t, providerFields(t, 'openai'));
    const removed = await saveConfig(t, {
      ...providerFields(t, 'openai'),
      openai_api_key: '',
      remove_openai_api_key: true,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().config.openai_api_key).toEqual({ set: false, last4: null });
    const page = await send(t.app, 'GET', '/api/admin/history', t.admin);
    const [latest] = page.json().items as { changes: unknown[] }[];
    expect(latest?.changes).toContainEqual({ field: 'clave_servidor', before: null, after: 'eliminada' });
    const profile = await send(t.app, 'POST', '/api/redgram/profiles', t.vip, PROFILE);
    const generated = await send(t.app, 'POST', '/api/redgram/generate', t.vip, {
      profile_id: (profile.json() as RedgramProfile).id,
      mode: 'escribir',
      text: 'tema',
    });
    expect(generated.statusCode).toBe(200);
    expect(t.openai.chats.at(-1)?.apiKey).toBeUndefined();
    // A key-less local model at a new address needs no dummy key once the old one is forgotten.
    await saveConfig(t, providerFields(t, 'openai'));
    const moved = await saveConfig(t, {
      provider: 'openai',
      openai_base_url: 'http://ollama:11434/v1',
      openai_api_key: '',
      remove_openai_api_key: true,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().config).toMatchObject({
      openai_base_url: 'http://ollama:11434/v1',
      openai_api_key: { set: false },
    });
  });

  it('keep the provider when a client saves only the prompts', async () => {
    const t = await createAiTestApp();
    await saveConfig(t, providerFields(t, 'openai'));
    expect((await saveConfig(t, { gemini_api_key: GEMINI_KEY })).statusCode).toBe(200);
    expect((await send(t.app, 'GET', '/api/redgram/config', t.admin)).json().provider).toBe('openai');
  });

  it('go to Historial: the provider by name, address, model, and whether the key changed', async () => {
    const t = await createAiTestApp();
    await saveConfig(t, { gemini_api_key: GEMINI_KEY });
    await saveConfig(t, providerFields(t, 'openai'));
    const page = await send(t.app, 'GET', '/api/admin/history', t.admin);
    expect(page.body).not.toContain(OPENAI_KEY);
    const [latest] = page.json().items as { changes: unknown[] }[];
    expect(latest?.changes).toEqual([
      { field: 'provider', before: 'Google Gemini', after: 'Compatible con OpenAI' },
      { field: 'openai_base_url', before: null, after: t.openai.url },
      { field: 'openai_model', before: null, after: OPENAI_MODEL },
      { field: 'clave', before: null, after: 'sin cambios' },
      { field: 'clave_servidor', before: null, after: 'cambiada' },
    ]);
  });

  it('are admin only, the test and the model list included', async () => {
    const t = await createAiTestApp();
    const body = { openai_base_url: t.openai.url, openai_api_key: OPENAI_KEY };
    expect((await send(t.app, 'POST', '/api/redgram/config/models', t.vip, body)).statusCode).toBe(403);
    const test = { ...providerFields(t, 'openai'), gemini_api_key: '' };
    expect((await send(t.app, 'POST', '/api/redgram/config/test', t.vip, test)).statusCode).toBe(403);
    expect(t.openai.http.requests).toEqual([]);
  });
});

describe('"Probar conexión" and the model list', () => {
  const test = (t: AiTestApp, body: Record<string, unknown>) =>
    send(t.app, 'POST', '/api/redgram/config/test', t.admin, {
      ...providerFields(t, 'openai'),
      gemini_api_key: '',
      ...body,
    });

  it('makes one short call and says in Spanish that it worked, for either provider', async () => {
    const t = await createAiTestApp();
    const ok = await test(t, {});
    expect(ok.json()).toEqual({
      ok: true,
      message: `Conexión correcta con Compatible con OpenAI: el modelo ${OPENAI_MODEL} respondió.`,
    });
    expect(t.openai.chats).toHaveLength(1);
    expect(t.openai.chats[0]?.body.max_tokens).toBe(16);
    const gemini = await test(t, { provider: 'gemini', gemini_api_key: GEMINI_KEY });
    expect(gemini.json().ok).toBe(true);
    expect(gemini.json().message).toContain('Google Gemini');
    // A test changes nothing.
    expect((await send(t.app, 'GET', '/api/redgram/config', t.admin)).json().provider).toBe('gemini');
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
    t.openai.queue(behaviour);
    expect((await test(t, {})).json()).toEqual({ ok: false, message: message(t.openai.url) });
  });

  it('names an address where nothing listens, for the test and the model list', async () => {
    const t = await createAiTestApp();
    const closed = await startHttpFake((_, res) => res.end('{}'));
    await closed.close();
    const url = `${closed.baseUrl}/v1`;
    const next = 'revisa la dirección y que el servidor esté en marcha';
    const res = await test(t, { openai_base_url: url, openai_api_key: 'typed-key-1234' });
    expect(res.json()).toEqual({
      ok: false,
      message: `No se pudo conectar con ${url}, o cortó la respuesta: ${next}`,
    });
    const models = await send(t.app, 'POST', '/api/redgram/config/models', t.admin, {
      openai_base_url: url,
      openai_api_key: 'typed-key-1234',
    });
    expect([models.statusCode, models.json().error]).toEqual([
      502,
      `No se pudo obtener la lista de modelos. No se pudo conectar con ${url}, o cortó la respuesta: ${next}`,
    ]);
  });

  it('explains a refused key', async () => {
    const t = await createAiTestApp();
    const res = await test(t, { openai_api_key: 'invalid-key-0000' });
    expect(res.json()).toMatchObject({ ok: false });
    expect(res.json().message).toBe(
      `${t.openai.url} rechazó la API key: revisa la clave y que sea de ese servidor`,
    );
  });

  it('uses the stored key only at the address it was stored for', async () => {
    const t = await createAiTestApp();
    await saveConfig(t, providerFields(t, 'openai'));
    await test(t, { openai_api_key: '' });
    expect(t.openai.chats.at(-1)?.apiKey).toBe(OPENAI_KEY);
    const elsewhere = await startHttpFake((_, res) => res.end('{}'));
    try {
      await test(t, { openai_base_url: `${elsewhere.baseUrl}/v1`, openai_api_key: '' });
      expect(elsewhere.requests[0]?.headers.authorization).toBeUndefined();
    } finally {
      await elsewhere.close();
    }
  });

  it('lists the server models, and none when it offers no list', async () => {
    const t = await createAiTestApp();
    const body = { openai_base_url: t.openai.url, openai_api_key: OPENAI_KEY };
    const listed = await send(t.app, 'POST', '/api/redgram/config/models', t.admin, body);
    expect(listed.json()).toEqual({ models: FAKE_OPENAI_MODELS });
    t.openai.setModels(null);
    expect((await send(t.app, 'POST', '/api/redgram/config/models', t.admin, body)).json()).toEqual({
      models: [],
    });
    const refused = await send(t.app, 'POST', '/api/redgram/config/models', t.admin, {
      ...body,
      openai_api_key: 'invalid-0000',
    });
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
      const url = `${elsewhere.baseUrl}/v1`;
      const res = await test(t, { openai_base_url: url, openai_api_key: 'typed-key-1234' });
      expect(res.json()).toEqual({
        ok: false,
        message: `${url} respondió con un error (HTTP 500): revisa el servidor y vuelve a probar`,
      });
      const models = await send(t.app, 'POST', '/api/redgram/config/models', t.admin, {
        openai_base_url: url,
        openai_api_key: 'typed-key-1234',
      });
      expect(models.statusCode).toBe(502);
      for (const answer of [res, models]) expect(answer.body).not.toContain('AKIAINTERNAL');
    } finally {
      await elsewhere.close();
    }
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
  const refusal = { error: AI_PROVIDER_MESSAGES.forbiddenAddress, field: 'openai_base_url' };

  it.each(FORBIDDEN)('refuses to save %s', async (url) => {
    const t = await createAiTestApp();
    const res = await saveConfig(t, { ...providerFields(t, 'openai'), openai_base_url: url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal);
    expect((await send(t.app, 'GET', '/api/redgram/config', t.admin)).json().openai_base_url).toBe('');
  });

  it.each(FORBIDDEN)('refuses to test %s or list its models, before any call', async (url) => {
    const t = await createAiTestApp();
    const tested = await send(t.app, 'POST', '/api/redgram/config/test', t.admin, {
      ...providerFields(t, 'openai'),
      openai_base_url: url,
      gemini_api_key: '',
    });
    expect(tested.statusCode).toBe(400);
    expect(tested.json()).toEqual(refusal);
    const models = await send(t.app, 'POST', '/api/redgram/config/models', t.admin, {
      openai_base_url: url,
      openai_api_key: OPENAI_KEY,
    });
    expect(models.statusCode).toBe(400);
    expect(models.json()).toEqual(refusal);
  });

  it('saves a local model whose name does not resolve yet, and never calls it', async () => {
    const t = await createAiTestApp();
    const url = 'http://modelo-pendiente:11434/v1';
    expect((await saveConfig(t, { ...providerFields(t, 'openai'), openai_base_url: url })).statusCode).toBe(
      200,
    );
    const res = await send(t.app, 'POST', '/api/redgram/config/test', t.admin, {
      ...providerFields(t, 'openai'),
      openai_base_url: url,
      openai_api_key: '',
      gemini_api_key: '',
    });
    expect(res.json()).toEqual({
      ok: false,
      message: `No se pudo conectar con ${url}, o cortó la respuesta: revisa la dirección y que el servidor esté en marcha`,
    });
  });
});
