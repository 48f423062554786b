import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterEach } from 'vitest';
import type { Config } from '../src/config';
import { startFakeGemini, type FakeGemini } from './fakes/gemini';
import { addUser, ADMIN, createTestApp, csrf, signIn, type TestApp } from './helper';

const fakes: FakeGemini[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

export interface AiTestApp extends TestApp {
  gemini: FakeGemini;
  admin: string;
  vip: string;
  cafeinas: string;
}

/** A test app wired to a fresh fake Gemini, with signed-in admin, vip (both tools) and cafeinas (neither). */
export async function createAiTestApp(overrides: Partial<Config> = {}): Promise<AiTestApp> {
  const gemini = await startFakeGemini();
  fakes.push(gemini);
  const test = await createTestApp({
    gemini: { model: 'gemini-test', baseUrl: gemini.url },
    ...overrides,
  });
  await addUser(test.db, { email: 'vip@example.com', role: 'vip' });
  await addUser(test.db, { email: 'cafe@example.com', role: 'cafeinas' });
  return {
    ...test,
    gemini,
    admin: await signIn(test.app, ADMIN.email, ADMIN.password),
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
