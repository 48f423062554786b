import { ECHO_PREFIX, REDGRAM_CONFIG, saveAsAdmin } from './ai-setup';
import { createServer } from 'node:net';
import { ACCOUNTS, cutTexts, expect, expectAccessible, MOBILE, shot, signIn, test, unique } from './fixtures';

/** An address where nothing listens: a port the system handed out, then freed. */
async function closedAddress(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}/v1`;
}

/** The OpenAI-compatible fake (apps/api/test/fakes/openai.ts) the end-to-end set-up started: its base URL, …/v1. */
function fakeServerUrl(): string {
  const url = process.env.FAKE_OPENAI_URL;
  if (!url) throw new Error('FAKE_OPENAI_URL is not set: the fake OpenAI-compatible server did not start');
  return url;
}

/** The chat completions the fake received (it records every request at /__requests). */
async function chatsReceived(): Promise<{ body: string; headers: Record<string, string> }[]> {
  const base = new URL(fakeServerUrl()).origin;
  const all = (await (await fetch(`${base}/__requests`)).json()) as {
    url: string;
    body: string;
    headers: Record<string, string>;
  }[];
  return all.filter((request) => request.url === '/v1/chat/completions');
}

test.describe('AI provider', () => {
  // Two accounts, a test call, a streamed generation and four axe runs.
  test.slow();

  test('the admin moves RedGram to an OpenAI-compatible server, tests it, and a member generates there', async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    const serverKey = `sk-e2e-${unique()}-LMNO`;
    try {
      await signIn(page, ACCOUNTS.admin);
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goto('/redgram');
      await page.getByRole('button', { name: 'Configuración' }).click();
      const config = page.getByRole('dialog', { name: 'Configuración' });
      await config.getByLabel('Prompt para Escribir').fill(REDGRAM_CONFIG.prompt_escribir);
      await config.getByLabel('Prompt para Reescribir').fill(REDGRAM_CONFIG.prompt_reescribir);

      await config.getByRole('radio', { name: 'Compatible con OpenAI' }).check();
      await expect(config.getByLabel('API Key de Gemini')).toHaveCount(0);
      await config.getByLabel('URL del servidor').fill(fakeServerUrl());
      await config.getByLabel('API key del servidor').fill(serverKey);
      await config.getByRole('button', { name: 'Cargar modelos' }).click();
      await expect(config.getByText('2 modelos disponibles: elige uno o escribe su nombre.')).toBeVisible();
      await config.getByLabel('Modelo').click();
      await page.getByRole('option', { name: 'modelo-de-prueba' }).click();
      await expect(config.getByLabel('Modelo')).toHaveValue('modelo-de-prueba');

      await config.getByRole('button', { name: 'Probar conexión' }).click();
      const result = config.getByRole('status').filter({ hasText: 'Prueba superada' });
      await expect(result).toContainText(
        'Conexión correcta con Compatible con OpenAI: el modelo modelo-de-prueba respondió',
      );
      await expectAccessible(page);
      await page.setViewportSize(MOBILE);
      await expectAccessible(page);
      await page.setViewportSize({ width: 1280, height: 720 });

      await config.getByRole('button', { name: 'Guardar' }).click();
      await expect(page.getByText('Configuración guardada')).toBeVisible();
      await expect(config).toBeHidden();
      // The key is write-only: reopened, the dialog says only that one is set, and how it ends.
      await page.getByRole('button', { name: 'Configuración' }).click();
      await expect(config.getByRole('radio', { name: 'Compatible con OpenAI' })).toBeChecked();
      await expect(
        config.getByText('Configurada (termina en LMNO). Déjala en blanco para mantenerla.'),
      ).toBeVisible();
      await expect(config.getByLabel('API key del servidor')).toHaveValue('');
      await config.getByRole('button', { name: 'Cancelar' }).click();

      // A member generates a post: the same screen, the text streaming in from the other server.
      const context = await browser.newContext({ baseURL });
      const member = await context.newPage();
      await signIn(member, ACCOUNTS.vip);
      await expect(member).toHaveURL(/\/dashboard$/);
      await member.goto('/redgram');
      const name = `Tostadores ${unique()}`;
      await member.getByRole('button', { name: 'Nuevo Perfil' }).click();
      const dialog = member.getByRole('dialog', { name: 'Nuevo Perfil' });
      await dialog.getByLabel('Nombre').fill(name);
      await dialog.getByLabel('Red Social').fill('Instagram');
      await dialog.getByLabel('Sector').fill('Cafeterías');
      await dialog.getByLabel('Público Objetivo').fill('Vecinos');
      await dialog.getByLabel('Audiencia Específica').fill('Teletrabajadores');
      await dialog.getByLabel('Optimización Visual').fill('Emojis');
      await dialog.getByRole('button', { name: 'Crear Perfil' }).click();
      await expect(dialog).toBeHidden();

      const topic = `café de temporada ${unique()}`;
      await member.getByLabel('Tema').fill(topic);
      const output = member.getByTestId('redgram-result');
      // Every text the result shows, sampled at each frame: the pieces must arrive one after another.
      await output.evaluate((element: HTMLElement) => {
        const seen: string[] = [];
        (window as unknown as { seenTexts: string[] }).seenTexts = seen;
        const sample = () => {
          const text = element.textContent ?? '';
          if (seen.at(-1) !== text) seen.push(text);
          requestAnimationFrame(sample);
        };
        sample();
      });
      await member.getByRole('button', { name: 'Generar' }).click();
      const written = `${ECHO_PREFIX}Escribe un post de Instagram para ${name} (Cafeterías) sobre ${topic}`;
      await expect(output).toHaveText(written);
      await expect(member.getByText('Texto generado correctamente')).toBeVisible();
      const seen = await member.evaluate(() => (window as unknown as { seenTexts: string[] }).seenTexts);
      const partial = seen.filter((text) => text !== '' && text !== written && written.startsWith(text));
      expect(partial.length).toBeGreaterThan(0);

      // It was the OpenAI-compatible server that wrote it, with the key the admin typed.
      const chat = (await chatsReceived()).find((received) => received.body.includes(topic));
      expect(chat?.headers.authorization).toBe(`Bearer ${serverKey}`);
      await expectAccessible(member);
      await member.setViewportSize(MOBILE);
      await expectAccessible(member);
      await context.close();
    } finally {
      // Back to Gemini, as the other RedGram specs expect.
      await saveAsAdmin(request, '/api/redgram/config', { ...REDGRAM_CONFIG, provider: 'gemini' });
    }
  });

  for (const viewport of [{ width: 1366, height: 768 }, MOBILE]) {
    test(`a connection that fails names the address and what to check (${viewport.width} px)`, async ({
      page,
    }) => {
      const url = await closedAddress();
      const next = 'revisa la dirección y que el servidor esté en marcha';
      await page.setViewportSize(viewport);
      await signIn(page, ACCOUNTS.admin);
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goto('/redgram');
      await page.getByRole('button', { name: 'Configuración' }).click();
      const config = page.getByRole('dialog', { name: 'Configuración' });
      await config.getByRole('radio', { name: 'Compatible con OpenAI' }).check();
      await config.getByLabel('URL del servidor').fill(url);
      await config.getByLabel('Modelo').fill('llama3');
      await config.getByRole('button', { name: 'Cargar modelos' }).click();
      // Shown as an error beside the button, not as the field's grey hint.
      const failed = config.getByRole('alert').filter({ hasText: 'No se pudo obtener la lista de modelos' });
      await expect(failed).toContainText(`No se pudo conectar con ${url}, o cortó la respuesta: ${next}`);
      await expect(config.getByText('Elige uno de la lista del servidor o escribe su nombre')).toBeVisible();

      await config.getByRole('button', { name: 'Probar conexión' }).click();
      const result = config.getByRole('status').filter({ hasText: 'La prueba falló' });
      await expect(result).toContainText(`No se pudo conectar con ${url}, o cortó la respuesta: ${next}`);
      await result.scrollIntoViewIfNeeded();
      await shot(page, `ia-error-${viewport.width}`);
      expect(await cutTexts(config)).toEqual([]);
      await expectAccessible(page);
      await config.getByRole('button', { name: 'Cancelar' }).click();
    });
  }
});
