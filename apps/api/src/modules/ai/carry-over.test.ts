import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { ADMIN, signIn } from '../../../test/helper';
import { directDb, openTestDatabase, rawRows } from '../../../test/support/engine';
import { openTestApps } from '../../../test/support/open-apps';
import { send } from '../../../test/ai-helpers';
import { sql } from 'drizzle-orm';
import { redgramConfig } from '../redgram/schema';
import { textoConfig } from '../texto/schema';

const open = openTestApps();

/**
 * A database as the previous version left it (each tool's provider settings in its own row), then the app's
 * start on it: the start-up carry-over runs before anything else reads them.
 */
async function startOn(seed: (db: ReturnType<typeof directDb>) => Promise<void>) {
  const { database, target } = await openTestDatabase();
  const db = directDb(database);
  await seed(db);
  const app = await buildApp(testConfig({ admin: ADMIN, database: target }), { db: database });
  open.push({ app, database });
  return { app, db, admin: await signIn(app, ADMIN.email, ADMIN.password) };
}

const PROMPTS = { prompt_ortografia: 'corrige:', prompt_herramienta2: 'emojis:' };
const REDGRAM_PROMPTS = { prompt_escribir: 'escribe {tema}', prompt_reescribir: 'reescribe {texto}' };

describe('the carry-over of the tools’ old provider settings to connections', () => {
  it('makes one shared connection of two tools with the same server, and keeps a spare Gemini key', async () => {
    const { app, db, admin } = await startOn(async (db) => {
      const server = {
        provider: 'openai' as const,
        openai_base_url: 'http://localhost:11434/v1',
        openai_model: 'llama3.2:1b',
        openai_api_key: 'sk-viejo-compartido-1111',
      };
      await db
        .insert(textoConfig)
        .values({ id: 1, ...PROMPTS, ...server, gemini_api_key: 'AIza-texto-2222' });
      await db.insert(redgramConfig).values({ id: 1, ...REDGRAM_PROMPTS, ...server });
    });
    const listed = await send(app, 'GET', '/api/ai/connections', admin);
    expect(listed.body).not.toContain('sk-viejo-compartido-1111');
    const { connections } = listed.json<{ connections: Record<string, unknown>[] }>();
    expect(connections).toHaveLength(2);
    const shared = connections.find((connection) => connection.provider === 'openai')!;
    expect(shared).toMatchObject({
      name: 'Compatible con OpenAI (localhost:11434)',
      base_url: 'http://localhost:11434/v1',
      default_model: 'llama3.2:1b',
      api_key: { set: true, last4: '1111' },
      used_by: ['texto', 'redgram'],
    });
    expect(connections.find((connection) => connection.provider === 'gemini')).toMatchObject({
      name: 'Google Gemini',
      api_key: { set: true, last4: '2222' },
      used_by: [],
    });
    expect((await send(app, 'GET', '/api/texto/config', admin)).json()).toEqual({
      ...PROMPTS,
      connection_id: shared.id,
      model: 'llama3.2:1b',
      temperature: null,
      monthly_token_cap: null,
    });
    expect((await send(app, 'GET', '/api/redgram/config', admin)).json()).toMatchObject({
      ...REDGRAM_PROMPTS,
      connection_id: shared.id,
    });
    // The old columns hold no key any more, and the new ones hold none in clear.
    const old = await rawRows<{ gemini_api_key: string | null; openai_api_key: string | null }>(
      db,
      sql`select gemini_api_key, openai_api_key from texto_config union all select gemini_api_key, openai_api_key from redgram_config`,
    );
    expect(old).toEqual([
      { gemini_api_key: null, openai_api_key: null },
      { gemini_api_key: null, openai_api_key: null },
    ]);
    const stored = await rawRows<{ api_key: string }>(db, sql`select api_key from ai_connections`);
    for (const row of stored) expect(row.api_key).toMatch(/^enc:v1:/);
  });

  it('gives tools with different settings their own connection, Texto’s Gemini address included', async () => {
    const { app, admin } = await startOn(async (db) => {
      await db.insert(textoConfig).values({
        id: 1,
        ...PROMPTS,
        provider: 'gemini',
        api_url: 'https://gemini-proxy.example.com',
        gemini_api_key: 'AIza-texto-3333',
      });
      await db
        .insert(redgramConfig)
        .values({ id: 1, ...REDGRAM_PROMPTS, provider: 'gemini', gemini_api_key: 'AIza-redgram-4444' });
    });
    const { connections } = (await send(app, 'GET', '/api/ai/connections', admin)).json<{
      connections: {
        id: string;
        name: string;
        base_url: string;
        used_by: string[];
        api_key: { last4: string };
      }[];
    }>();
    expect(
      connections.map(({ name, base_url, used_by, api_key }) => ({
        name,
        base_url,
        used_by,
        last4: api_key.last4,
      })),
    ).toEqual([
      {
        name: 'Google Gemini (gemini-proxy.example.com)',
        base_url: 'https://gemini-proxy.example.com',
        used_by: ['texto'],
        last4: '3333',
      },
      { name: 'Google Gemini', base_url: '', used_by: ['redgram'], last4: '4444' },
    ]);
  });

  it('leaves a new installation without connections, and runs once', async () => {
    const { app, admin } = await startOn(async () => undefined);
    expect((await send(app, 'GET', '/api/ai/connections', admin)).json()).toEqual({ connections: [] });
    expect((await send(app, 'GET', '/api/texto/config', admin)).json()).toMatchObject({
      connection_id: null,
    });
  });
});
