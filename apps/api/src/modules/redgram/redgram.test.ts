import { AI_MESSAGES, AI_NOT_READY_MESSAGE, REDGRAM_MESSAGES, type RedgramProfile } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  connectTool,
  createAiTestApp,
  GEMINI_TEST_KEY,
  parseSse,
  send,
  STREAM,
  type AiTestApp,
} from '../../../test/ai-helpers';
import { ECHO_PREFIX } from '../../../test/fakes/gemini';
import { redgramConfig } from './schema';
import { buildRedgramPrompt } from './prompt';

const KEY = GEMINI_TEST_KEY;
const WRITE =
  'Escribe para {name} en {social_network} ({sector}) a {target_audience} / {specific_audience} / {visual_optimization}. Tema: {tema}.{texto}';
const REWRITE = 'Reescribe para {name} en {social_network}: {texto}{tema}';

const PROFILE = {
  name: 'Cafetería Luna',
  social_network: 'Instagram',
  sector: 'Hostelería',
  target_audience: 'Jóvenes',
  specific_audience: 'Estudiantes',
  visual_optimization: 'Emojis y saltos de línea',
};

/** RedGram on a Gemini connection (the fake, with KEY) and these prompts. */
const setConfig = (t: AiTestApp, body: Record<string, string> = {}) =>
  connectTool(t, 'redgram', 'gemini', { prompt_escribir: WRITE, prompt_reescribir: REWRITE, ...body });

async function createProfile(t: AiTestApp, cookie: string, overrides: Partial<typeof PROFILE> = {}) {
  const res = await send(t.app, 'POST', '/api/redgram/profiles', cookie, { ...PROFILE, ...overrides });
  expect(res.statusCode).toBe(200);
  return res.json() as RedgramProfile;
}

const generate = (t: AiTestApp, body: unknown, headers: Record<string, string> = {}) =>
  send(t.app, 'POST', '/api/redgram/generate', t.vip, body, headers);

describe('RedGram configuration', () => {
  it('is admin only', async () => {
    const t = await createAiTestApp();
    const body = {
      prompt_escribir: WRITE,
      prompt_reescribir: REWRITE,
      connection_id: null,
      model: '',
      temperature: null,
      monthly_token_cap: null,
    };
    expect((await send(t.app, 'GET', '/api/redgram/config', t.vip)).statusCode).toBe(403);
    expect((await send(t.app, 'PUT', '/api/redgram/config', t.vip, body)).statusCode).toBe(403);
    expect((await send(t.app, 'GET', '/api/redgram/logs', t.vip)).statusCode).toBe(403);
  });

  it('requires both prompts, and answers the saved settings without any key', async () => {
    const t = await createAiTestApp();
    const id = await setConfig(t);
    const body = {
      prompt_escribir: WRITE,
      prompt_reescribir: ' ',
      connection_id: id,
      model: '',
      temperature: null,
      monthly_token_cap: null,
    };
    const noPrompt = await send(t.app, 'PUT', '/api/redgram/config', t.admin, body);
    expect(noPrompt.statusCode).toBe(400);
    expect(noPrompt.json()).toEqual({
      error: 'Por favor completa todos los campos',
      field: 'prompt_reescribir',
    });
    const saved = await send(t.app, 'PUT', '/api/redgram/config', t.admin, {
      ...body,
      prompt_reescribir: REWRITE,
    });
    expect(saved.json()).toEqual({
      message: 'Configuración guardada',
      config: {
        prompt_escribir: WRITE,
        prompt_reescribir: REWRITE,
        connection_id: id,
        model: '',
        temperature: null,
        monthly_token_cap: null,
      },
    });
    expect(saved.body).not.toContain(KEY);
  });
});

describe('RedGram profiles', () => {
  it('need the redgram permission', async () => {
    const t = await createAiTestApp();
    expect((await send(t.app, 'GET', '/api/redgram/profiles', t.cafeinas)).statusCode).toBe(403);
    expect((await send(t.app, 'POST', '/api/redgram/profiles', t.cafeinas, PROFILE)).statusCode).toBe(403);
  });

  it('are listed by name, edited and deleted by their owner only', async () => {
    const t = await createAiTestApp();
    const zeta = await createProfile(t, t.vip, { name: 'zeta' });
    await createProfile(t, t.vip, { name: 'Alfa' });
    await createProfile(t, t.admin, { name: 'Beta' });
    const list = await send(t.app, 'GET', '/api/redgram/profiles', t.vip);
    expect((list.json() as RedgramProfile[]).map((p) => p.name)).toEqual(['Alfa', 'zeta']);

    const updated = await send(t.app, 'PUT', `/api/redgram/profiles/${zeta.id}`, t.vip, {
      ...PROFILE,
      name: 'Zeta Nueva',
    });
    expect(updated.json()).toEqual({ ...PROFILE, id: zeta.id, name: 'Zeta Nueva' });
    expect((await send(t.app, 'PUT', `/api/redgram/profiles/${zeta.id}`, t.admin, PROFILE)).statusCode).toBe(
      404,
    );
    expect((await send(t.app, 'DELETE', `/api/redgram/profiles/${zeta.id}`, t.admin)).statusCode).toBe(404);
    expect((await send(t.app, 'DELETE', `/api/redgram/profiles/${zeta.id}`, t.vip)).json()).toEqual({
      ok: true,
    });
    const after = await send(t.app, 'GET', '/api/redgram/profiles', t.vip);
    expect((after.json() as RedgramProfile[]).map((p) => p.name)).toEqual(['Alfa']);
  });

  it('require all six fields', async () => {
    const t = await createAiTestApp();
    const res = await send(t.app, 'POST', '/api/redgram/profiles', t.vip, { ...PROFILE, sector: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Por favor completa todos los campos', field: 'sector' });
  });
});

describe('RedGram generation', () => {
  it('checks profile, connection, prompt and text in the spec order', async () => {
    const t = await createAiTestApp();
    const profile = await createProfile(t, t.vip);
    const other = await createProfile(t, t.admin);
    const body = { profile_id: profile.id, mode: 'reescribir', text: '' };
    expect((await generate(t, { ...body, profile_id: other.id })).json().error).toBe('Selecciona un perfil');
    expect((await generate(t, body)).json().error).toBe(AI_NOT_READY_MESSAGE);
    // A key without prompts can only come from an older configuration; simulate it with blank prompts.
    await setConfig(t);
    await t.db.update(redgramConfig).set({ prompt_reescribir: '' });
    expect((await generate(t, body)).json().error).toBe('Configura el prompt para reescribir');
    expect((await generate(t, { ...body, mode: 'escribir' })).json().error).toBe(
      'Ingresa el tema sobre el que quieres escribir',
    );
    expect(t.gemini.requests).toHaveLength(0);
  });

  it('needs the redgram permission', async () => {
    const t = await createAiTestApp();
    await setConfig(t);
    const res = await send(t.app, 'POST', '/api/redgram/generate', t.cafeinas, {
      profile_id: 1,
      mode: 'escribir',
      text: 'x',
    });
    expect(res.statusCode).toBe(403);
  });

  it('sends the template filled on the server and streams the answer', async () => {
    const t = await createAiTestApp();
    await setConfig(t);
    const profile = await createProfile(t, t.vip);
    const res = await generate(
      t,
      { profile_id: profile.id, mode: 'escribir', text: ' café de especialidad ' },
      STREAM,
    );
    const expected =
      'Escribe para Cafetería Luna en Instagram (Hostelería) a Jóvenes / Estudiantes / Emojis y saltos de línea. Tema: café de especialidad.';
    expect(t.gemini.requests[0]).toMatchObject({ apiKey: KEY, prompt: expected });
    const events = parseSse(res.body);
    expect(events.at(-1)).toEqual({ event: 'done', data: {} });
    expect(
      events
        .filter((e) => e.event === 'chunk')
        .map((e) => e.data.text)
        .join(''),
    ).toBe(`${ECHO_PREFIX}${expected}`);

    await generate(t, { profile_id: profile.id, mode: 'reescribir', text: 'Hola a todos' });
    expect(t.gemini.requests[1]?.prompt).toBe('Reescribe para Cafetería Luna en Instagram: Hola a todos');
  });

  it('logs every generation, success or failure, and admins read the log without the key', async () => {
    const t = await createAiTestApp();
    await setConfig(t);
    const profile = await createProfile(t, t.vip);
    await generate(t, { profile_id: profile.id, mode: 'escribir', text: 'tema uno' });
    t.gemini.queue({
      kind: 'error',
      code: 400,
      message: 'Request contains an invalid argument.',
      status: 'INVALID_ARGUMENT',
    });
    const failed = await generate(t, { profile_id: profile.id, mode: 'reescribir', text: 'texto dos' });
    expect(failed.statusCode).toBe(502);
    // The member sees the generic message; Gemini's own words are for the admins' log below.
    expect(failed.json()).toEqual({ error: 'Error en la API de Gemini' });
    t.gemini.queue({ kind: 'no-text' });
    const empty = await generate(t, { profile_id: profile.id, mode: 'escribir', text: 'tema tres' });
    expect(empty.json().error).toBe('La respuesta de Gemini no contiene texto generado');

    const logs = await send(t.app, 'GET', '/api/redgram/logs', t.admin);
    expect(logs.statusCode).toBe(200);
    expect(logs.body).not.toContain(KEY);
    const entries = logs.json() as Record<string, unknown>[];
    expect(entries).toHaveLength(3);
    expect(entries[0]).toMatchObject({
      username: 'vip',
      profile_id: profile.id,
      profile_name: 'Cafetería Luna',
      mode: 'escribir',
      input_text: 'tema tres',
      api_response: null,
      error_message: 'La respuesta de Gemini no contiene texto generado',
    });
    expect(entries[1]).toMatchObject({
      mode: 'reescribir',
      input_text: 'texto dos',
      prompt: 'Reescribe para Cafetería Luna en Instagram: texto dos',
      api_response: null,
      error_message: 'Error en la API de Gemini: Request contains an invalid argument.',
    });
    expect(entries[2]).toMatchObject({ mode: 'escribir', input_text: 'tema uno', error_message: null });
    expect(entries[2]?.api_response).toContain('tema uno');
  });

  it('logs a failure that arrives after streaming began', async () => {
    const t = await createAiTestApp();
    await setConfig(t);
    const profile = await createProfile(t, t.vip);
    t.gemini.queue({
      kind: 'stream-error',
      chunks: ['Parte '],
      code: 503,
      message: 'The model is overloaded.',
      status: 'UNAVAILABLE',
    });
    const res = await generate(t, { profile_id: profile.id, mode: 'escribir', text: 'tema' }, STREAM);
    expect(parseSse(res.body).at(-1)).toEqual({
      event: 'error',
      data: { error: 'Error en la API de Gemini' },
    });
    const [entry] = (await send(t.app, 'GET', '/api/redgram/logs', t.admin)).json() as Record<
      string,
      unknown
    >[];
    expect(entry).toMatchObject({
      api_response: 'Parte ',
      error_message: 'Error en la API de Gemini: The model is overloaded.',
    });
  });

  it('limits generations per user', async () => {
    const t = await createAiTestApp();
    await setConfig(t);
    const profile = await createProfile(t, t.vip);
    for (let i = 0; i < 20; i++)
      await generate(t, { profile_id: profile.id, mode: 'escribir', text: `t${i}` });
    const res = await generate(t, { profile_id: profile.id, mode: 'escribir', text: 'otra' });
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe(AI_MESSAGES.rateLimited);
  });
});

describe('buildRedgramPrompt', () => {
  const profile = { id: 1, ...PROFILE };

  it('fills each placeholder once, leaving the other mode empty', () => {
    expect(buildRedgramPrompt('{name}: {tema}|{texto}|{name}', profile, 'escribir', 'hola {texto}')).toBe(
      'Cafetería Luna: hola {texto}||Cafetería Luna',
    );
  });

  it('appends the text when the template lacks the mode placeholder', () => {
    expect(buildRedgramPrompt('Mejora esto para {name}', profile, 'reescribir', 'mi texto')).toBe(
      'Mejora esto para Cafetería Luna\n\nmi texto',
    );
  });

  it('refuses a mode without a prompt', () => {
    expect(() => buildRedgramPrompt(' ', profile, 'escribir', 'x')).toThrow(REDGRAM_MESSAGES.noPromptForMode);
  });
});
