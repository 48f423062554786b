import { createServer } from 'node:net';
import { TEXTO_DEFAULT_PROMPTS } from '@app/contracts';
import { ECHO_PREFIX, useGeminiConnection } from './ai-setup';
import {
  ACCOUNTS,
  cutTexts,
  expect,
  expectAccessible,
  MOBILE,
  openSignedIn,
  shot,
  test,
  unique,
} from './fixtures';

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

/** The chat completions the fake received (it records every request at /__requests), with their query. */
async function chatsReceived(): Promise<{ url: string; body: string; headers: Record<string, string> }[]> {
  const base = new URL(fakeServerUrl()).origin;
  const all = (await (await fetch(`${base}/__requests`)).json()) as {
    url: string;
    body: string;
    headers: Record<string, string>;
  }[];
  return all.filter((request) => request.url.startsWith('/v1/chat/completions'));
}

test.describe('AI connections', () => {
  // Two accounts, three screens of settings, two generations and six axe runs.
  test.slow();

  test('an administrator creates a connection, both tools use it, and a member generates with each', async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    const name = `Servidor local ${unique()}`;
    const serverKey = `sk-e2e-${unique()}-LMNO`;
    try {
      await openSignedIn(page, ACCOUNTS.admin, '/config?tab=ai');
      await expect(page.getByRole('heading', { name: 'Conexiones de IA' })).toBeVisible();
      await page.getByRole('button', { name: 'Nueva conexión' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nueva conexión de IA' });
      await dialog.getByLabel(/^Nombre/).fill(name);
      await dialog.getByRole('radio', { name: 'Compatible con OpenAI' }).check();
      await dialog.getByLabel(/^URL del servidor/).fill(fakeServerUrl());
      await dialog.getByLabel('API key').fill(serverKey);
      await dialog.getByRole('button', { name: 'Añadir cabecera' }).click();
      await dialog.getByLabel('Cabecera 1', { exact: true }).fill('X-Title');
      await dialog.getByLabel('Valor de cabecera 1', { exact: true }).fill('Comunidad e2e');
      await dialog.getByRole('button', { name: 'Añadir parámetro' }).click();
      await dialog.getByLabel('Parámetro 1', { exact: true }).fill('api-version');
      await dialog.getByLabel('Valor de parámetro 1', { exact: true }).fill('2024-06-01');
      await dialog.getByLabel('Modelo predeterminado').fill('modelo-de-prueba');
      await expectAccessible(page);
      await page.setViewportSize(MOBILE);
      await expectAccessible(page);
      await page.setViewportSize({ width: 1280, height: 720 });
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      await expect(page.getByText('Conexión creada')).toBeVisible();
      await expect(dialog).toBeHidden();

      // The key is write-only: the list says only that one is set, and how it ends.
      const card = page.getByRole('listitem', { name });
      await expect(card).toContainText('API key: configurada (termina en LMNO)');
      await expect(card).toContainText('Cabeceras: X-Title');
      await card.getByRole('button', { name: 'Probar conexión' }).click();
      await expect(card.getByRole('status').filter({ hasText: 'Prueba superada' })).toContainText(
        'Conexión correcta con Compatible con OpenAI: el modelo modelo-de-prueba respondió.',
      );
      await expect(page.locator('body')).not.toContainText(serverKey);
      await expectAccessible(page);
      await page.setViewportSize(MOBILE);
      await expectAccessible(page);
      await page.setViewportSize({ width: 1280, height: 720 });

      // Both tools pick it in their own settings, the same dialog.
      for (const tool of ['/texto', '/redgram']) {
        await page.goto(tool);
        await page.getByRole('button', { name: 'Configuración' }).click();
        const config = page.getByRole('dialog', { name: 'Configuración' });
        await config.getByRole('combobox', { name: 'Conexión de IA' }).click();
        await page.getByRole('option', { name: `${name} (Compatible con OpenAI)` }).click();
        await config.getByRole('button', { name: 'Guardar' }).click();
        await expect(page.getByText('Configuración guardada')).toBeVisible();
        await expect(config).toBeHidden();
      }
      await page.goto('/config?tab=ai');
      await expect(page.getByRole('listitem', { name })).toContainText('La usa: Texto, RedGram');

      // A member corrects a text and writes a post: both through the new connection.
      const context = await browser.newContext({ baseURL });
      const member = await context.newPage();
      await openSignedIn(member, ACCOUNTS.vip, '/texto');
      const text = `ola ke ase ${unique()}`;
      await member.getByRole('textbox', { name: 'Texto Original' }).fill(text);
      await member.getByRole('button', { name: 'Corregir Texto' }).click();
      await expect(member.getByRole('textbox', { name: 'Texto Corregido' })).toHaveValue(
        `${ECHO_PREFIX}${TEXTO_DEFAULT_PROMPTS.ortografia} ${text}`,
      );

      await member.goto('/redgram');
      const profile = `Tostadores ${unique()}`;
      await member.getByRole('button', { name: 'Nuevo Perfil' }).click();
      const profileDialog = member.getByRole('dialog', { name: 'Nuevo Perfil' });
      await profileDialog.getByLabel('Nombre').fill(profile);
      await profileDialog.getByLabel('Red Social').fill('Instagram');
      await profileDialog.getByLabel('Sector').fill('Cafeterías');
      await profileDialog.getByLabel('Público Objetivo').fill('Vecinos');
      await profileDialog.getByLabel('Audiencia Específica').fill('Teletrabajadores');
      await profileDialog.getByLabel('Optimización Visual').fill('Emojis');
      await profileDialog.getByRole('button', { name: 'Crear Perfil' }).click();
      await expect(profileDialog).toBeHidden();
      const topic = `café de temporada ${unique()}`;
      await member.getByLabel('Tema').fill(topic);
      await member.getByRole('button', { name: 'Generar' }).click();
      // The prompts are whatever the other specs saved: the answer echoes the filled template, topic included.
      const result = member.getByTestId('redgram-result');
      await expect(result).toHaveAttribute('aria-busy', 'false');
      await expect(result).toContainText(ECHO_PREFIX);
      await expect(result).toContainText(topic);
      await expectAccessible(member);
      await member.setViewportSize(MOBILE);
      await expectAccessible(member);

      // The server received both with the connection's key, header and query parameter.
      const chats = await chatsReceived();
      for (const marker of [text, topic]) {
        const chat = chats.find((received) => received.body.includes(marker));
        expect(chat?.url).toBe('/v1/chat/completions?api-version=2024-06-01');
        expect(chat?.headers.authorization).toBe(`Bearer ${serverKey}`);
        expect(chat?.headers['x-title']).toBe('Comunidad e2e');
      }
      await context.close();
    } finally {
      // Back to the Gemini connection the other AI specs expect.
      await useGeminiConnection(request, 'texto');
      await useGeminiConnection(request, 'redgram');
    }
  });

  for (const viewport of [{ width: 1366, height: 768 }, MOBILE]) {
    test(`a connection that fails names the address and what to check (${viewport.width} px)`, async ({
      page,
    }) => {
      const url = await closedAddress();
      const next = 'revisa la dirección y que el servidor esté en marcha';
      const name = `Servidor apagado ${unique()}`;
      await page.setViewportSize(viewport);
      await openSignedIn(page, ACCOUNTS.admin, '/config?tab=ai');
      await page.getByRole('button', { name: 'Nueva conexión' }).click();
      const created = page.getByRole('dialog', { name: 'Nueva conexión de IA' });
      await created.getByLabel(/^Nombre/).fill(name);
      await created.getByRole('radio', { name: 'Compatible con OpenAI' }).check();
      await created.getByLabel(/^URL del servidor/).fill(url);
      await created.getByLabel('Modelo predeterminado').fill('llama3');
      await created.getByRole('button', { name: 'Guardar' }).click();
      await expect(created).toBeHidden();

      const card = page.getByRole('listitem', { name });
      await card.getByRole('button', { name: 'Probar conexión' }).click();
      const result = card.getByRole('status').filter({ hasText: 'La prueba falló' });
      await expect(result).toContainText(`No se pudo conectar con ${url}, o cortó la respuesta: ${next}`);
      expect(await cutTexts(card)).toEqual([]);

      await card.getByRole('button', { name: 'Editar' }).click();
      const edit = page
        .getByRole('dialog')
        .filter({ has: page.getByRole('button', { name: 'Cargar modelos' }) });
      await edit.getByRole('button', { name: 'Cargar modelos' }).click();
      // Shown as an error beside the button, not as the field's grey hint.
      const failed = edit.getByRole('alert').filter({ hasText: 'No se pudo obtener la lista de modelos' });
      await expect(failed).toContainText(`No se pudo conectar con ${url}, o cortó la respuesta: ${next}`);
      await failed.scrollIntoViewIfNeeded();
      await shot(page, `ia-error-${viewport.width}`);
      expect(await cutTexts(edit)).toEqual([]);
      await expectAccessible(page);
      await edit.getByRole('button', { name: 'Cancelar' }).click();
      await card.getByRole('button', { name: 'Eliminar' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
      await expect(card).toBeHidden();
    });
  }
});
