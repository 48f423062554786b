import type { Page } from '@playwright/test';
import { ECHO_PREFIX, useGeminiConnection } from './ai-setup';
import { ACCOUNTS, expect, expectAccessible, MOBILE, openSignedIn, test, unique } from './fixtures';

async function createProfile(page: Page, name: string, network: string) {
  await page.getByRole('button', { name: 'Nuevo Perfil' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo Perfil' });
  await dialog.getByLabel('Nombre').fill(name);
  await dialog.getByLabel('Red Social').fill(network);
  await dialog.getByLabel('Sector').fill('Librerías');
  await dialog.getByLabel('Público Objetivo').fill('Lectores');
  await dialog.getByLabel('Audiencia Específica').fill('Clubes de lectura');
  await dialog.getByLabel('Optimización Visual').fill('Emojis');
  await dialog.getByRole('button', { name: 'Crear Perfil' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('RedGram for daily use', () => {
  // Generations streamed at the fake's pace and several axe runs: more than the default budget.
  test.slow();

  test('two variants, copy one, find it in Mi historial and use it again', async ({
    page,
    context,
    request,
  }) => {
    await useGeminiConnection(request, 'redgram');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openSignedIn(page, ACCOUNTS.vip, '/redgram');
    const name = `Librería ${unique()}`;
    await createProfile(page, name, 'X (Twitter)');

    const tag = unique();
    const topic = `feria del libro ${tag} #lectura`;
    await page.getByLabel('Tema').fill(topic);
    await page.getByLabel('Variantes').selectOption('2');
    await page.getByRole('button', { name: 'Generar' }).click();

    const written = `${ECHO_PREFIX}Escribe un post de X (Twitter) para ${name} (Librerías) sobre ${topic}`;
    const second = page.getByRole('region', { name: 'Variante 2' });
    await expect(page.getByTestId('redgram-variant-1')).toHaveText(`Variante 1. ${written}`);
    await expect(page.getByTestId('redgram-variant-2')).toHaveText(`Variante 2. ${written}`);
    await expect(page.getByText('Texto generado correctamente')).toBeVisible();
    // Each variant has its own counter against X's 280 characters, and its hashtags apart.
    await expect(second.getByTestId('redgram-count')).toHaveText(
      `${`Variante 2. ${written}`.length} / 280 caracteres (X)`,
    );
    await expect(second.getByRole('group', { name: 'Hashtags de la variante 2' })).toContainText('#lectura');
    await second.getByRole('button', { name: 'Copiar variante 2' }).click();
    await expect(page.getByText('Texto copiado')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`Variante 2. ${written}`);
    await second.getByRole('button', { name: 'Copiar hashtags de la variante 2' }).click();
    await expect(page.getByText('Hashtags copiados')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('#lectura');
    await expectAccessible(page);

    // Mi historial: found by a search, with both variants.
    const history = page.getByRole('region', { name: 'Mi historial' });
    await history.getByLabel('Buscar en mi historial').fill(tag);
    const entry = history.getByRole('listitem').filter({ hasText: topic });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(name);
    await expect(entry).toContainText('Escribir desde Cero');
    await expect(entry).toContainText(`Variante 2. ${written}`);
    await entry.getByRole('button', { name: 'Copiar variante 2' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`Variante 2. ${written}`);

    // "Usar de nuevo" reloads the inputs after they were changed.
    await page.getByRole('button', { name: 'Reescribir Texto' }).click();
    await page.getByLabel('Texto a reescribir').fill('otra cosa');
    await page.getByLabel('Variantes').selectOption('1');
    await entry.getByRole('button', { name: 'Usar de nuevo' }).click();
    await expect(page.getByText('Datos cargados en el generador')).toBeVisible();
    await expect(page.getByLabel('Tema')).toHaveValue(topic);
    await expect(page.getByLabel('Variantes')).toHaveValue('2');
    await expect(page.getByLabel('Seleccionar perfil').locator('option:checked')).toHaveText(name);
    await expectAccessible(page);

    await page.setViewportSize(MOBILE);
    await expectAccessible(page);
  });

  test("a text over Instagram's limit shows the warning; emojis count as one", async ({ page, request }) => {
    await useGeminiConnection(request, 'redgram');
    await openSignedIn(page, ACCOUNTS.vip, '/redgram');
    const name = `Tienda ${unique()}`;
    await createProfile(page, name, 'instagram');
    await page.getByRole('button', { name: 'Reescribir Texto' }).click();

    // 500 thumbs with a skin tone: 2,000 UTF-16 units, 500 characters for a person.
    const emojis = '👍🏽'.repeat(500);
    await page.getByLabel('Texto a reescribir').fill(emojis);
    await page.getByRole('button', { name: 'Generar' }).click();
    const short = `${ECHO_PREFIX}Reescribe para ${name} en instagram: ${emojis}`;
    await expect(page.getByTestId('redgram-result')).toHaveText(short);
    const graphemes = short.length - 500 * 3;
    await expect(page.getByTestId('redgram-count')).toHaveText(`${graphemes} / 2200 caracteres (Instagram)`);
    await expect(page.getByText(/supera el límite/)).toHaveCount(0);

    const long = Array.from({ length: 60 }, (_, i) => `${'palabra'.repeat(5)}${i}`).join(' ');
    await page.getByLabel('Texto a reescribir').fill(long);
    await page.getByRole('button', { name: 'Generar' }).click();
    const over = `${ECHO_PREFIX}Reescribe para ${name} en instagram: ${long}`;
    await expect(page.getByTestId('redgram-result')).toHaveText(over);
    await expect(
      page.getByRole('alert').filter({ hasText: 'El texto supera el límite de Instagram' }),
    ).toHaveText(
      `El texto supera el límite de Instagram (2200 caracteres) en ${over.length - 2200} caracteres`,
    );
    await expectAccessible(page);
    await page.setViewportSize(MOBILE);
    await expectAccessible(page);
  });

  test('"Crear publicación" from a saved YouTube record opens RedGram with the text filled', async ({
    page,
  }) => {
    await openSignedIn(page, ACCOUNTS.admin, '/ytvideo');
    // Its own channel (the fake names it after the id's first 5 characters): other specs save YouTube records
    // at the same time, so the saved list is filtered to this one before it is read.
    const channel = `A${Math.random().toString(36).slice(2, 6)}`.padEnd(5, 'x');
    const id = `${channel}${unique()}`.padEnd(11, 'x').slice(0, 11);
    await page.getByLabel('URL del video').fill(`https://youtu.be/${id}`);
    await page.getByRole('button', { name: 'Obtener Info' }).click();
    const card = page.getByLabel('Resultado');
    await expect(card.getByRole('button', { name: 'Crear publicación' })).toBeVisible();
    await expectAccessible(page);

    // From the saved list.
    const saved = page.getByRole('region', { name: 'Videos Guardados' });
    await saved.getByLabel('Filtrar por canal').selectOption(`Canal ${channel}`);
    await saved.getByRole('button', { name: `Crear publicación de Video ${id}` }).click();
    await expect(page).toHaveURL(/\/redgram$/);
    await expect(page.getByRole('button', { name: 'Reescribir Texto' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByLabel('Texto a reescribir')).toHaveValue(
      `Video ${id}\n\nDescripción del video ${id}\n\nhttps://www.youtube.com/watch?v=${id}`,
    );
  });
});
