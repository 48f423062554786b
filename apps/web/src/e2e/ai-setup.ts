import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@app/contracts';
import { expect, type APIRequestContext } from '@playwright/test';
import { ACCOUNTS } from './accounts';
import { adminDeviceCookie } from './fixtures';

/** What the fake Gemini (apps/api/test/fakes/gemini.ts) answers: this prefix, then the prompt it received. */
export const ECHO_PREFIX = 'Respuesta de Gemini: ';

export const TEXTO_KEY = 'e2e-texto-key-ABCD';
export const REDGRAM_CONFIG = {
  gemini_api_key: 'e2e-redgram-key-WXYZ',
  prompt_escribir: 'Escribe un post de {social_network} para {name} ({sector}) sobre {tema}',
  prompt_reescribir: 'Reescribe para {name} en {social_network}: {texto}',
};

/**
 * Signs the admin in on an API context and saves a tool's settings. Every spec saves the same values, so specs
 * running in parallel agree on them.
 */
export async function saveAsAdmin(request: APIRequestContext, path: string, body: unknown): Promise<void> {
  const headers = { [CSRF_HEADER]: CSRF_HEADER_VALUE };
  const login = await request.post('/api/auth/login', {
    headers: { ...headers, cookie: adminDeviceCookie() },
    data: { email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password },
  });
  expect(login.ok()).toBe(true);
  const saved = await request.put(path, { headers, data: body });
  expect(saved.ok()).toBe(true);
}
