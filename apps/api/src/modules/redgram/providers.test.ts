import {
  AI_PROVIDER_FAILURES,
  REDGRAM_DEFAULT_PROMPTS,
  REDGRAM_MESSAGES,
  retryAfterMessage,
  type RedgramProfile,
} from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  createAiTestApp,
  OPENAI_KEY,
  parseSse,
  PROVIDERS,
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

async function ready(provider: TestProvider): Promise<{ t: AiTestApp; profile: RedgramProfile }> {
  const t = await createAiTestApp();
  await connectTool(t, 'redgram', provider, PROMPTS);
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

describe('RedGram settings', () => {
  it('ship with the default prompts filled, so a first save needs only the connection', async () => {
    const t = await createAiTestApp();
    const config = (await send(t.app, 'GET', '/api/redgram/config', t.admin)).json();
    expect(config).toMatchObject({ ...REDGRAM_DEFAULT_PROMPTS, connection_id: null });
    const id = await connectTool(t, 'redgram', 'openai');
    expect((await send(t.app, 'GET', '/api/redgram/config', t.admin)).json()).toMatchObject({
      ...REDGRAM_DEFAULT_PROMPTS,
      connection_id: id,
    });
    const missing = await send(t.app, 'PUT', '/api/redgram/config', t.admin, {
      ...config,
      prompt_escribir: '',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: REDGRAM_MESSAGES.fillAllFields, field: 'prompt_escribir' });
  });

  it('go to Historial: the connection by name, the model and the prompts that changed', async () => {
    const t = await createAiTestApp();
    await connectTool(t, 'redgram', 'openai', { model: 'llama3.2:1b', ...PROMPTS });
    const page = await send(t.app, 'GET', '/api/admin/history', t.admin);
    const [latest] = page.json().items as { entity_label: string; changes: unknown[] }[];
    expect(latest?.entity_label).toBe('RedGram');
    expect(latest?.changes).toEqual(
      expect.arrayContaining([
        { field: 'connection_id', before: null, after: 'Servidor de prueba' },
        { field: 'model', before: null, after: 'llama3.2:1b' },
      ]),
    );
    expect(JSON.stringify(page.json())).not.toContain(OPENAI_KEY);
  });
});
