import { AI_CONNECTION_MESSAGES, AI_PROVIDER_MESSAGES } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  connectionBody,
  connectTool,
  createAiTestApp,
  OPENAI_KEY,
  send,
  STREAM,
  type AiTestApp,
} from '../../../test/ai-helpers';

const generateTexto = (t: AiTestApp, cookie = t.vip) =>
  send(t.app, 'POST', '/api/texto/generate', cookie, { tool: 'ortografia', text: 'hola mundo' });

describe('AI connections', () => {
  it('are managed by administrators only, and never answer a key', async () => {
    const t = await createAiTestApp();
    const body = {
      ...connectionBody(t, 'openai'),
      headers: [
        { name: 'HTTP-Referer', value: 'https://comunidad.example' },
        { name: 'api-key', value: 'azure-secreta-cabecera-5678' },
      ],
      query: [{ name: 'api-version', value: '2024-06-01' }],
    };
    for (const cookie of [t.vip, t.cafeinas]) {
      expect((await send(t.app, 'GET', '/api/ai/connections', cookie)).statusCode).toBe(403);
      expect((await send(t.app, 'POST', '/api/ai/connections', cookie, body)).statusCode).toBe(403);
    }

    const created = await send(t.app, 'POST', '/api/ai/connections', t.admin, body);
    expect(created.statusCode).toBe(200);
    expect(created.body).not.toContain(OPENAI_KEY);
    expect(created.body).not.toContain('azure-secreta-cabecera-5678');
    const { connection } = created.json<{ connection: Record<string, unknown> & { id: string } }>();
    expect(connection).toMatchObject({
      name: 'Servidor de prueba',
      provider: 'openai',
      api_key: { set: true, last4: OPENAI_KEY.slice(-4) },
      headers: [
        { name: 'HTTP-Referer', value: 'https://comunidad.example', secret: false },
        { name: 'api-key', value: null, secret: true },
      ],
      query: [{ name: 'api-version', value: '2024-06-01' }],
      read_only: false,
      used_by: [],
    });

    const listed = await send(t.app, 'GET', '/api/ai/connections', t.admin);
    expect(listed.body).not.toContain(OPENAI_KEY);
    expect(listed.body).not.toContain('azure-secreta-cabecera-5678');

    // The same name twice is refused, whatever its case.
    const twin = await send(t.app, 'POST', '/api/ai/connections', t.admin, {
      ...body,
      name: 'SERVIDOR de prueba',
    });
    expect(twin.statusCode).toBe(409);
    expect(twin.json()).toMatchObject({ error: AI_CONNECTION_MESSAGES.nameTaken, field: 'name' });

    // Blank key and blank secret header keep the stored ones; a new address needs them typed again.
    const kept = await send(t.app, 'PUT', `/api/ai/connections/${connection.id}`, t.admin, {
      ...body,
      api_key: '',
      headers: [{ name: 'api-key', value: '' }],
      default_model: 'llama3.2:1b',
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({
      connection: {
        api_key: { set: true },
        headers: [{ name: 'api-key', secret: true }],
        default_model: 'llama3.2:1b',
      },
    });
    const moved = await send(t.app, 'PUT', `/api/ai/connections/${connection.id}`, t.admin, {
      ...body,
      base_url: 'http://localhost:9/v1',
      api_key: '',
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toMatchObject({
      error: AI_PROVIDER_MESSAGES.keyRequiredForNewBaseUrl,
      field: 'api_key',
    });

    // A key can be removed.
    const removedKey = await send(t.app, 'PUT', `/api/ai/connections/${connection.id}`, t.admin, {
      ...body,
      api_key: '',
      remove_api_key: true,
    });
    expect(removedKey.json()).toMatchObject({ connection: { api_key: { set: false, last4: null } } });

    // Bad input: Spanish message on the field.
    const bad = await send(t.app, 'POST', '/api/ai/connections', t.admin, {
      ...body,
      name: 'Otro',
      headers: [{ name: 'Host', value: 'x' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toBe(AI_CONNECTION_MESSAGES.forbiddenHeader);

    // In use: not deleted; once no tool uses it, deleted.
    expect(await connectTool(t, 'texto', 'openai')).toBe(connection.id);
    const refused = await send(t.app, 'DELETE', `/api/ai/connections/${connection.id}`, t.admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: string }>().error).toBe(
      'Esta conexión la usa Texto: elige otra conexión en esa herramienta antes de borrarla',
    );
    await connectTool(t, 'texto', 'gemini');
    expect((await send(t.app, 'DELETE', `/api/ai/connections/${connection.id}`, t.vip)).statusCode).toBe(403);
    const deleted = await send(t.app, 'DELETE', `/api/ai/connections/${connection.id}`, t.admin);
    expect(deleted.json()).toEqual({ message: AI_CONNECTION_MESSAGES.deleted });
  });

  it('shows the connections of AI_CONNECTIONS read-only, and the tools use them', async () => {
    const t = await createAiTestApp();
    const fileDefined = await createAiTestApp({
      aiConnections: [
        {
          id: 'local',
          name: 'Servidor por archivo',
          provider: 'openai',
          base_url: t.openai.url,
          api_key: 'sk-por-archivo-4321',
          headers: { 'X-Title': 'Comunidad' },
          query: {},
          default_model: 'modelo-de-prueba',
        },
      ],
    });
    const listed = await send(fileDefined.app, 'GET', '/api/ai/connections', fileDefined.admin);
    expect(listed.body).not.toContain('sk-por-archivo-4321');
    expect(listed.json()).toMatchObject({
      connections: [
        {
          id: 'env:local',
          name: 'Servidor por archivo',
          read_only: true,
          api_key: { set: true, last4: '4321' },
          headers: [{ name: 'X-Title', value: 'Comunidad', secret: false }],
        },
      ],
    });
    const edit = await send(fileDefined.app, 'PUT', '/api/ai/connections/env:local', fileDefined.admin, {
      ...connectionBody(fileDefined, 'openai'),
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json<{ error: string }>().error).toBe(AI_CONNECTION_MESSAGES.readOnly);
    expect(
      (await send(fileDefined.app, 'DELETE', '/api/ai/connections/env:local', fileDefined.admin)).statusCode,
    ).toBe(409);

    const saved = await send(fileDefined.app, 'PUT', '/api/texto/config', fileDefined.admin, {
      prompt_ortografia: 'corrige:',
      prompt_herramienta2: 'emojis:',
      connection_id: 'env:local',
      model: '',
      temperature: 0.3,
      monthly_token_cap: null,
    });
    expect(saved.statusCode).toBe(200);
    const answer = await generateTexto(fileDefined);
    expect(answer.statusCode).toBe(200);
    const chat = t.openai.chats.at(-1)!;
    expect(chat.apiKey).toBe('sk-por-archivo-4321');
    expect(chat.body.temperature).toBe(0.3);
    expect(t.openai.http.requests.at(-1)!.headers['x-title']).toBe('Comunidad');
  });

  it('sends the extra headers and query parameters to the server, on chats and model lists', async () => {
    const t = await createAiTestApp();
    const created = await send(t.app, 'POST', '/api/ai/connections', t.admin, {
      ...connectionBody(t, 'openai', 'Azure'),
      api_key: '',
      headers: [
        { name: 'api-key', value: 'azure-clave-en-cabecera' },
        { name: 'HTTP-Referer', value: 'https://comunidad.example' },
      ],
      query: [{ name: 'api-version', value: '2024-06-01' }],
    });
    const id = created.json<{ connection: { id: string } }>().connection.id;
    const models = await send(t.app, 'POST', `/api/ai/connections/${id}/models`, t.admin);
    expect(models.json()).toEqual({ models: ['llama3.2:1b', 'modelo-de-prueba'] });
    const listRequest = t.openai.http.requests.at(-1)!;
    expect(listRequest.url).toBe('/v1/models?api-version=2024-06-01');
    expect(listRequest.headers['api-key']).toBe('azure-clave-en-cabecera');

    const tested = await send(t.app, 'POST', `/api/ai/connections/${id}/test`, t.admin, {
      model: 'modelo-de-prueba',
    });
    expect(tested.json()).toMatchObject({ ok: true });

    await send(t.app, 'PUT', '/api/texto/config', t.admin, {
      prompt_ortografia: 'corrige:',
      prompt_herramienta2: 'emojis:',
      connection_id: id,
      model: '',
      temperature: null,
      monthly_token_cap: null,
    });
    expect((await generateTexto(t)).statusCode).toBe(200);
    const chat = t.openai.http.requests.at(-1)!;
    expect(chat.url).toBe('/v1/chat/completions?api-version=2024-06-01');
    expect(chat.headers['api-key']).toBe('azure-clave-en-cabecera');
    expect(chat.headers['http-referer']).toBe('https://comunidad.example');
    // No key: no Bearer header beside the connection's own credential header.
    expect(chat.headers.authorization).toBeUndefined();
    expect(JSON.parse(chat.body)).toMatchObject({ stream_options: { include_usage: true } });
  });

  it.each(['openai', 'gemini'] as const)(
    'records the tokens %s reports per generation, and Estadísticas shows them per tool and connection',
    async (provider) => {
      const t = await createAiTestApp();
      const id = await connectTool(t, 'texto', provider);
      const streamed = await send(
        t.app,
        'POST',
        '/api/texto/generate',
        t.vip,
        { tool: 'ortografia', text: 'hola mundo' },
        STREAM,
      );
      expect(streamed.statusCode).toBe(200);
      expect((await generateTexto(t)).statusCode).toBe(200);

      expect((await send(t.app, 'GET', '/api/stats/ai-usage', t.vip)).statusCode).toBe(403);
      const report = await send(t.app, 'GET', '/api/stats/ai-usage?range=30', t.admin);
      expect(report.statusCode).toBe(200);
      const { rows, month } = report.json<{
        rows: {
          tool: string;
          connection_id: string;
          prompt_tokens: number;
          completion_tokens: number;
          generations: number;
        }[];
        month: { tool: string; tokens: number }[];
      }>();
      expect(rows).toHaveLength(1);
      const row = rows[0]!;
      expect(row).toMatchObject({ tool: 'texto', connection_id: id, generations: 2, prompt_tokens: 16 });
      // OpenAI-compatible: one completion token per streamed piece (the fake's count); Gemini: its usageMetadata.
      if (provider === 'gemini') expect(row.completion_tokens).toBe(8);
      else expect(row.completion_tokens).toBeGreaterThan(0);
      expect(month.find((entry) => entry.tool === 'texto')!.tokens).toBe(
        row.prompt_tokens + row.completion_tokens,
      );
    },
  );

  it('stops a tool once its monthly token cap is reached, in Spanish', async () => {
    const t = await createAiTestApp();
    await connectTool(t, 'texto', 'gemini', { monthly_token_cap: 20 });
    expect((await generateTexto(t)).statusCode).toBe(200);
    expect((await generateTexto(t)).statusCode).toBe(200);
    const calls = t.gemini.requests.length;
    const stopped = await generateTexto(t);
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json()).toEqual({ error: AI_CONNECTION_MESSAGES.monthlyCapReached });
    // Refused before the provider is called.
    expect(t.gemini.requests.length).toBe(calls);
    // RedGram has no cap: unaffected.
    await connectTool(t, 'redgram', 'gemini');
    const raised = await send(t.app, 'PUT', '/api/texto/config', t.admin, {
      ...(await send(t.app, 'GET', '/api/texto/config', t.admin)).json<Record<string, unknown>>(),
      monthly_token_cap: 1000,
    });
    expect(raised.statusCode).toBe(200);
    expect((await generateTexto(t)).statusCode).toBe(200);
  });

  it('refuses a tool setting that names a connection that does not exist, and bad values, in Spanish', async () => {
    const t = await createAiTestApp();
    const base = {
      prompt_ortografia: 'a',
      prompt_herramienta2: 'b',
      model: '',
      temperature: null,
      monthly_token_cap: null,
    };
    const missing = await send(t.app, 'PUT', '/api/texto/config', t.admin, { ...base, connection_id: '999' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      error: AI_CONNECTION_MESSAGES.connectionMissing,
      field: 'connection_id',
    });
    const hot = await send(t.app, 'PUT', '/api/texto/config', t.admin, {
      ...base,
      connection_id: null,
      temperature: 3,
    });
    expect(hot.statusCode).toBe(400);
    expect(hot.json<{ error: string }>().error).toBe(AI_CONNECTION_MESSAGES.invalidTemperature);
    const notReady = await generateTexto(t);
    expect(notReady.statusCode).toBe(409);
  });
});
