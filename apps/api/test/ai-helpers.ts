import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterEach } from 'vitest';
import type { Config } from '../src/config';
import type { ResolveHost } from '../src/integrations/ai-address';
import { startFakeGemini, type FakeBehaviour, type FakeGemini } from './fakes/gemini';
import { startFakeOpenAi, type FakeOpenAi, type OpenAiBehaviour } from './fakes/openai';
import type { FakeSmtp } from './fakes/smtp';
import { addUser, ADMIN, createTestApp, csrf, signIn, signInWithEmailCode, type TestApp } from './helper';

const fakes: (FakeGemini | FakeOpenAi)[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

export interface AiTestApp extends TestApp {
  gemini: FakeGemini;
  /** A fresh OpenAI-compatible server, for the tools switched to it. */
  openai: FakeOpenAi;
  admin: string;
  vip: string;
  cafeinas: string;
}

/** A test app wired to a fresh fake Gemini, with signed-in admin, vip (both tools) and cafeinas (neither). */
/**
 * `smtp`: a fake SMTP server the app's mail goes to; the administrator's new device is then asked for the
 * emailed code, which the set-up reads from it.
 */
/**
 * What the AI tests' names resolve to, without DNS: a local model's container, a hosted provider, and names that
 * lead to the cloud's metadata service (alone, or among other addresses).
 */
const TEST_HOSTS: Record<string, string[]> = {
  localhost: ['127.0.0.1', '::1'],
  ollama: ['172.18.0.2'],
  'api.mistral.ai': ['51.159.0.10'],
  'api.example.com': ['93.184.215.14'],
  'otro.example': ['93.184.215.15'],
  'metadata.google.internal': ['169.254.169.254'],
  'metadata.example.com': ['93.184.215.16', 'fe80::a9fe:a9fe'],
  'mapped.example.com': ['::ffff:169.254.169.254'],
};

export const resolveTestHost: ResolveHost = (host) => {
  const found = TEST_HOSTS[host.toLowerCase()];
  return found ? Promise.resolve(found) : Promise.reject(new Error(`ENOTFOUND ${host}`));
};

export async function createAiTestApp(overrides: Partial<Config> = {}, smtp?: FakeSmtp): Promise<AiTestApp> {
  const gemini = await startFakeGemini();
  const openai = await startFakeOpenAi();
  fakes.push(gemini, openai);
  const test = await createTestApp(
    {
      gemini: { model: 'gemini-test', baseUrl: gemini.url },
      ...overrides,
      ...(smtp
        ? { mail: { smtpUrl: smtp.url, from: 'Comunidad <no-reply@example.com>', outboxDir: undefined } }
        : {}),
    },
    { resolveHost: resolveTestHost },
  );
  await addUser(test.db, { email: 'vip@example.com', role: 'vip' });
  await addUser(test.db, { email: 'cafe@example.com', role: 'cafeinas' });
  return {
    ...test,
    gemini,
    openai,
    admin: smtp
      ? await signInWithEmailCode(test.app, ADMIN.email, ADMIN.password, smtp)
      : await signIn(test.app, ADMIN.email, ADMIN.password),
    vip: await signIn(test.app, 'vip@example.com', 'member-secret'),
    cafeinas: await signIn(test.app, 'cafe@example.com', 'member-secret'),
  };
}

export function send(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookie: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: { ...csrf, cookie, ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

export interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

/** The events of a text/event-stream body. */
export const parseSse = (body: string): SseEvent[] =>
  body
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? '{}';
      return { event, data: JSON.parse(data) as Record<string, unknown> };
    });

export const STREAM = { accept: 'text/event-stream' };

/** The providers every AI tool's member-facing behaviour is proven on. */
export const PROVIDERS = ['gemini', 'openai'] as const;
export type TestProvider = (typeof PROVIDERS)[number];

export const OPENAI_KEY = 'sk-servidor-compatible-9f8e7d6c';
export const OPENAI_MODEL = 'modelo-de-prueba';

/** What either fake can be asked to do next, in one vocabulary. */
export type Upstream =
  | { kind: 'text'; chunks: string[] }
  /** `retryAfter`: the seconds the provider asks to wait (OpenAI's header, Gemini's RetryInfo). */
  | { kind: 'refusal'; status: number; message: string; retryAfter?: number }
  | { kind: 'stream-error'; chunks: string[]; message: string }
  | { kind: 'hang' }
  | { kind: 'stall'; chunks: string[] }
  | { kind: 'no-text' };

const GOOGLE_STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
};

/** Queues the same behaviour on whichever fake `provider` names, in its own wire format. */
export function queueUpstream(t: AiTestApp, provider: TestProvider, ...behaviours: Upstream[]): void {
  for (const b of behaviours) {
    if (provider === 'openai') {
      const mapped: OpenAiBehaviour =
        b.kind === 'refusal'
          ? {
              kind: 'error',
              status: b.status,
              message: b.message,
              ...(b.retryAfter ? { retryAfter: String(b.retryAfter) } : {}),
            }
          : b;
      t.openai.queue(mapped);
    } else {
      const mapped: FakeBehaviour =
        b.kind === 'refusal'
          ? {
              kind: 'error',
              code: b.status,
              message: b.message,
              status: GOOGLE_STATUS[b.status] ?? 'UNKNOWN',
              ...(b.retryAfter ? { retryDelay: `${b.retryAfter}s` } : {}),
            }
          : b.kind === 'stream-error'
            ? { kind: 'stream-error', chunks: b.chunks, code: 500, message: b.message, status: 'INTERNAL' }
            : b;
      t.gemini.queue(mapped);
    }
  }
}

/** The generation requests `provider`'s fake received: the prompt, the key, and whether the client left. */
export const upstreamCalls = (t: AiTestApp, provider: TestProvider) =>
  provider === 'openai'
    ? t.openai.chats.map((c) => ({
        prompt: c.prompt,
        apiKey: c.apiKey,
        aborted: c.aborted,
        system: c.system,
      }))
    : t.gemini.requests.map((r) => ({
        prompt: r.prompt,
        apiKey: r.apiKey,
        aborted: r.aborted,
        system: (r.body as { systemInstruction?: { parts?: { text?: string }[] } }).systemInstruction
          ?.parts?.[0]?.text,
      }));

export const GEMINI_TEST_KEY = 'AIzaPrueba-conexion-1234';

/** The body of a connection to `provider`'s fake: Gemini at the server's default address, or the OpenAI one. */
export const connectionBody = (t: AiTestApp, provider: TestProvider, name?: string) =>
  provider === 'openai'
    ? {
        name: name ?? 'Servidor de prueba',
        provider,
        base_url: t.openai.url,
        api_key: OPENAI_KEY,
        headers: [],
        query: [],
        default_model: OPENAI_MODEL,
      }
    : {
        name: name ?? 'Gemini de prueba',
        provider,
        base_url: '',
        api_key: GEMINI_TEST_KEY,
        headers: [],
        query: [],
        default_model: '',
      };

/**
 * Points `tool` at a connection to `provider`'s fake (created the first time, by its name), keeping the tool's
 * prompts unless `settings` gives others. Returns the connection's id.
 */
export async function connectTool(
  t: AiTestApp,
  tool: 'texto' | 'redgram',
  provider: TestProvider,
  settings: Record<string, unknown> = {},
): Promise<string> {
  const listed = (await send(t.app, 'GET', '/api/ai/connections', t.admin)).json<{
    connections: { id: string; name: string }[];
  }>();
  const body = connectionBody(t, provider);
  let id = listed.connections.find((connection) => connection.name === body.name)?.id;
  if (!id) {
    const created = await send(t.app, 'POST', '/api/ai/connections', t.admin, body);
    if (created.statusCode !== 200) throw new Error(`connection not created: ${created.body}`);
    id = created.json<{ connection: { id: string } }>().connection.id;
  }
  const current = (await send(t.app, 'GET', `/api/${tool}/config`, t.admin)).json<Record<string, unknown>>();
  const prompts = Object.fromEntries(Object.entries(current).filter(([key]) => key.startsWith('prompt_')));
  const saved = await send(t.app, 'PUT', `/api/${tool}/config`, t.admin, {
    ...prompts,
    connection_id: id,
    model: '',
    temperature: null,
    monthly_token_cap: null,
    ...settings,
  });
  if (saved.statusCode !== 200) throw new Error(`tool not configured: ${saved.body}`);
  return id;
}
