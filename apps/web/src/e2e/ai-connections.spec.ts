import { TEXTO_DEFAULT_PROMPTS } from '@app/contracts';
import { ECHO_PREFIX, useGeminiConnection } from './ai-setup';
import { ACCOUNTS, expect, expectAccessible, MOBILE, signIn, test, unique } from './fixtures';

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
      await signIn(page, ACCOUNTS.admin);
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goto('/config?tab=ai');
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
      await signIn(member, ACCOUNTS.vip);
      await expect(member).toHaveURL(/\/dashboard$/);
      await member.goto('/texto');
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
});
