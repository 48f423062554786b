import { AI_MESSAGES, type RedgramProfile } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  connectTool,
  createAiTestApp,
  parseSse,
  send,
  STREAM,
  type AiTestApp,
} from '../../../test/ai-helpers';
import { ECHO_PREFIX } from '../../../test/fakes/gemini';

const PROMPTS = { prompt_escribir: 'Escribe sobre {tema}', prompt_reescribir: 'Reescribe: {texto}' };

async function ready(network = 'Instagram') {
  const t = await createAiTestApp();
  await connectTool(t, 'redgram', 'gemini', PROMPTS);
  const res = await send(t.app, 'POST', '/api/redgram/profiles', t.vip, {
    name: 'Librería Norte',
    social_network: network,
    sector: 'Libros',
    target_audience: 'Lectores',
    specific_audience: 'Clubes de lectura',
    visual_optimization: 'Emojis',
  });
  return { t, profile: res.json() as RedgramProfile };
}

const generate = (t: AiTestApp, body: unknown, headers: Record<string, string> = {}) =>
  send(t.app, 'POST', '/api/redgram/generate', t.vip, body, headers);

describe('RedGram variants', () => {
  it('asks Gemini once for three candidates and streams each into its own variant', async () => {
    const { t, profile } = await ready();
    const res = await generate(
      t,
      { profile_id: profile.id, mode: 'escribir', text: 'novedades de otoño', variants: 3 },
      STREAM,
    );
    expect(res.statusCode).toBe(200);
    expect(t.gemini.requests).toHaveLength(1);
    expect(t.gemini.requests[0]?.body.generationConfig?.candidateCount).toBe(3);

    const events = parseSse(res.body);
    expect(events.at(-1)).toEqual({ event: 'done', data: {} });
    const chunks = events.filter((e) => e.event === 'chunk').map((e) => e.data);
    // The pieces arrive interleaved, each naming its variant.
    expect(chunks.slice(0, 3).map((c) => c.variant)).toEqual([0, 1, 2]);
    const byVariant = [0, 1, 2].map((variant) =>
      chunks
        .filter((c) => c.variant === variant)
        .map((c) => c.text)
        .join(''),
    );
    expect(byVariant).toEqual(
      [1, 2, 3].map((n) => `Variante ${n}. ${ECHO_PREFIX}Escribe sobre novedades de otoño`),
    );
  });

  it('answers every variant as JSON when the client does not stream', async () => {
    const { t, profile } = await ready();
    t.gemini.queue({
      kind: 'candidates',
      chunks: [
        ['Uno ', 'corto'],
        ['Dos ', 'largo ', '#café'],
      ],
    });
    const res = await generate(t, { profile_id: profile.id, mode: 'reescribir', text: 'hola', variants: 2 });
    expect(res.json()).toEqual({ text: 'Uno corto', variants: ['Uno corto', 'Dos largo #café'] });
  });

  it('keeps the single-text stream without variant numbers when one is asked', async () => {
    const { t, profile } = await ready();
    const res = await generate(t, { profile_id: profile.id, mode: 'escribir', text: 'uno' }, STREAM);
    expect(t.gemini.requests[0]?.body.generationConfig?.candidateCount).toBeUndefined();
    const chunks = parseSse(res.body).filter((e) => e.event === 'chunk');
    expect(chunks.length).toBeGreaterThan(0);
    for (const chunk of chunks) expect(chunk.data).not.toHaveProperty('variant');
  });

  it('refuses fewer than 1 or more than 3 variants in Spanish', async () => {
    const { t, profile } = await ready();
    for (const variants of [0, 4, 1.5]) {
      const res = await generate(t, { profile_id: profile.id, mode: 'escribir', text: 'x', variants });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('Elige entre 1 y 3 variantes');
    }
    expect(t.gemini.requests).toHaveLength(0);
  });

  it('counts a generation of three variants as one for the per-user limit', async () => {
    const { t, profile } = await ready();
    for (let i = 0; i < 20; i++) {
      const ok = await generate(t, { profile_id: profile.id, mode: 'escribir', text: `t${i}`, variants: 3 });
      expect(ok.statusCode).toBe(200);
    }
    expect(t.gemini.requests).toHaveLength(20);
    const limited = await generate(t, {
      profile_id: profile.id,
      mode: 'escribir',
      text: 'otra',
      variants: 3,
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe(AI_MESSAGES.rateLimited);
  });
});

describe('RedGram network limit in the request', () => {
  it("tells Gemini the profile's network limit, matched by the name members use", async () => {
    const { t, profile } = await ready('X (Twitter)');
    await generate(t, { profile_id: profile.id, mode: 'escribir', text: 'oferta', variants: 2 });
    const instruction = JSON.stringify(t.gemini.requests[0]?.body);
    expect(instruction).toContain('El texto es para X: no debe superar los 280 caracteres');
    expect(instruction).toContain('Cada respuesta es una versión distinta');
    // The member's template reaches Gemini unchanged.
    expect(t.gemini.requests[0]?.prompt).toBe('Escribe sobre oferta');
  });

  it('adds no limit for an unknown network', async () => {
    const { t, profile } = await ready('Pinterest');
    await generate(t, { profile_id: profile.id, mode: 'escribir', text: 'oferta' });
    expect(JSON.stringify(t.gemini.requests[0]?.body)).not.toContain('no debe superar');
  });
});
