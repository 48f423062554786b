import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@app/contracts';
import { expect, type APIRequestContext } from '@playwright/test';
import { ACCOUNTS } from './accounts';
import { adminDeviceCookie } from './fixtures';

/** What the fake Gemini (apps/api/test/fakes/gemini.ts) answers: this prefix, then the prompt it received. */
export const ECHO_PREFIX = 'Respuesta de Gemini: ';

/** The key of the Gemini connection every AI spec's tools use (the fake Gemini accepts any key). */
export const GEMINI_KEY = 'e2e-gemini-key-ABCD';
/** That connection's name in «Conexiones de IA». */
export const GEMINI_CONNECTION = 'Gemini de pruebas';
export const REDGRAM_PROMPTS = {
  prompt_escribir: 'Escribe un post de {social_network} para {name} ({sector}) sobre {tema}',
  prompt_reescribir: 'Reescribe para {name} en {social_network}: {texto}',
};
const TEXTO_PROMPTS = {
  prompt_ortografia: 'corrige ortograficamente el siguiente texto:',
  prompt_herramienta2: 'convierte el siguiente texto a emojis:',
};

const headers = { [CSRF_HEADER]: CSRF_HEADER_VALUE };

async function signInAdmin(request: APIRequestContext): Promise<void> {
  const login = await request.post('/api/auth/login', {
    headers: { ...headers, cookie: adminDeviceCookie() },
    data: { email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password },
  });
  expect(login.ok()).toBe(true);
}

/**
 * Points `tool` at the shared Gemini connection (created by the first spec that needs it; a spec running beside it
 * may create it first, answered 409) with its prompts: every spec saves the same values, so they agree.
 */
export async function useGeminiConnection(
  request: APIRequestContext,
  tool: 'texto' | 'redgram',
): Promise<string> {
  await signInAdmin(request);
  const find = async () =>
    (
      (await (await request.get('/api/ai/connections')).json()) as {
        connections: { id: string; name: string }[];
      }
    ).connections.find((connection) => connection.name === GEMINI_CONNECTION)?.id;
  let id = await find();
  if (!id) {
    const created = await request.post('/api/ai/connections', {
      headers,
      data: {
        name: GEMINI_CONNECTION,
        provider: 'gemini',
        base_url: '',
        api_key: GEMINI_KEY,
        headers: [],
        query: [],
        default_model: '',
      },
    });
    expect([200, 409]).toContain(created.status());
    id = await find();
  }
  const saved = await request.put(`/api/${tool}/config`, {
    headers,
    data: {
      ...(tool === 'texto' ? TEXTO_PROMPTS : REDGRAM_PROMPTS),
      connection_id: id,
      model: '',
      temperature: null,
      monthly_token_cap: null,
    },
  });
  expect(saved.ok()).toBe(true);
  return id ?? '';
}
