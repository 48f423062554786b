import { ECHO_PREFIX, GEMINI_CONNECTION, GEMINI_KEY, REDGRAM_PROMPTS, useGeminiConnection } from './ai-setup';
import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, expectAccessible, MOBILE, openSignedIn, test, unique } from './fixtures';

const DESKTOP = { width: 1280, height: 720 };

async function fillProfile(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name: 'Nuevo Perfil' });
  await dialog.getByLabel('Nombre').fill(name);
  await dialog.getByLabel('Red Social').fill('Instagram');
  await dialog.getByLabel('Sector').fill('Cafeterías');
  await dialog.getByLabel('Público Objetivo').fill('Jóvenes urbanos');
  await dialog.getByLabel('Audiencia Específica').fill('Estudiantes');
  await dialog.getByLabel('Optimización Visual').fill('Emojis y saltos de línea');
  await dialog.getByRole('button', { name: 'Crear Perfil' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('RedGram', () => {
  // Several screens, generations and axe runs each: more than the default budget on a busy machine.
  test.slow();

  test('the admin configures it, generates in both modes and sees them in the history', async ({
    page,
    request,
  }) => {
    await useGeminiConnection(request, 'redgram');
    await openSignedIn(page, ACCOUNTS.admin, '/redgram');
    await expect(page.getByRole('heading', { name: 'RedGram' })).toBeVisible();
    await expect(page.getByText('Genera contenido optimizado para redes sociales')).toBeVisible();

    await page.getByRole('button', { name: 'Configuración' }).click();
    const config = page.getByRole('dialog', { name: 'Configuración' });
    // The connections spec moves RedGram to another server for a while: this test is about Gemini.
    await config.getByRole('combobox', { name: 'Conexión de IA' }).click();
    await page.getByRole('option', { name: `${GEMINI_CONNECTION} (Google Gemini)` }).click();
    await config.getByLabel(/Prompt para Escribir/).fill(REDGRAM_PROMPTS.prompt_escribir);
    await config.getByLabel(/Prompt para Reescribir/).fill(REDGRAM_PROMPTS.prompt_reescribir);
    await expectAccessible(page);
    await config.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Configuración guardada')).toBeVisible();
    await expect(config).toBeHidden();

    const name = `Marca ${unique()}`;
    await page.getByRole('button', { name: 'Nuevo Perfil' }).click();
    await fillProfile(page, name);
    await expect(page.getByText('Perfil creado correctamente')).toBeVisible();
    const select = page.getByLabel('Seleccionar perfil');
    await expect(select.locator('option:checked')).toHaveText(name);
    // The new profile is first in the list.
    await expect(select.locator('option').nth(1)).toHaveText(name);

    const topic = `tostado natural ${unique()}`;
    await page.getByLabel('Tema').fill(topic);
    await page.getByRole('button', { name: 'Generar' }).click();
    const result = page.getByTestId('redgram-result');
    const written = `${ECHO_PREFIX}Escribe un post de Instagram para ${name} (Cafeterías) sobre ${topic}`;
    await expect(result).toHaveText(written);
    await expect(page.getByText('Texto generado correctamente')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Generar' })).toBeEnabled();

    await page.getByRole('button', { name: 'Reescribir Texto' }).click();
    await expect(page.getByRole('button', { name: 'Reescribir Texto' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const original = `Hoy abrimos temprano ${unique()}`;
    await page.getByLabel('Texto a reescribir').fill(original);
    await page.getByRole('button', { name: 'Generar' }).click();
    await expect(result).toHaveText(`${ECHO_PREFIX}Reescribe para ${name} en Instagram: ${original}`);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Historial' }).click();
    const history = page.getByRole('dialog', { name: 'Historial de generaciones' });
    const rewriteEntry = history.getByRole('listitem').filter({ hasText: original });
    await expect(rewriteEntry).toContainText('Reescribir Texto');
    await expect(rewriteEntry).toContainText(name);
    const writeEntry = history.getByRole('listitem').filter({ hasText: topic });
    await expect(writeEntry).toContainText('Escribir desde Cero');
    await expect(writeEntry).toContainText('Correcta');
    await expect(history).not.toContainText(GEMINI_KEY);
    await expectAccessible(page);
  });

  test('a member manages profiles with the spec messages and copies a generated text', async ({
    page,
    context,
    request,
  }) => {
    await useGeminiConnection(request, 'redgram');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // A member whose profiles no other spec touches: the screen starts with none chosen only while they have none
    // (a single profile is chosen by itself).
    await openSignedIn(page, ACCOUNTS.vip2, '/redgram');
    await expect(page.getByRole('button', { name: 'Configuración' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Historial' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Generar' })).toBeDisabled();
    await expect(page.getByText('El texto generado aparecerá aquí')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copiar texto' })).toBeDisabled();

    // Before a profile is chosen "Editar Perfil" looks disabled and says why; a click still answers.
    const editProfile = page.getByRole('button', { name: 'Editar Perfil' });
    await expect(editProfile).toHaveAttribute('aria-disabled', 'true');
    await expect(editProfile).toHaveAccessibleDescription(
      'Elige un perfil en «Seleccionar perfil» para editarlo o eliminarlo.',
    );
    await expectAccessible(page);
    await page.setViewportSize(MOBILE);
    await expectAccessible(page);
    await page.setViewportSize(DESKTOP);
    // Still focusable and pressable (Playwright's click waits for an aria-disabled button to be enabled).
    await editProfile.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Selecciona un perfil para editar')).toBeVisible();

    await page.getByRole('button', { name: 'Nuevo Perfil' }).click();
    await page
      .getByRole('dialog', { name: 'Nuevo Perfil' })
      .getByRole('button', { name: 'Crear Perfil' })
      .click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Por favor completa todos los campos' }),
    ).toBeVisible();
    const name = `Perfil ${unique()}`;
    await fillProfile(page, name);

    await expect(editProfile).not.toHaveAttribute('aria-disabled', 'true');
    await page.getByRole('button', { name: 'Editar Perfil' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Perfil' });
    await expect(edit.getByLabel('Nombre')).toHaveValue(name);
    await edit.getByLabel('Nombre').fill(`${name} editado`);
    await edit.getByRole('button', { name: 'Guardar Cambios' }).click();
    await expect(page.getByText('Perfil actualizado')).toBeVisible();
    await expect(page.getByLabel('Seleccionar perfil').locator('option:checked')).toHaveText(
      `${name} editado`,
    );

    // After a reload the profile is still chosen and "Generar" ready.
    await page.reload();
    await expect(page.getByLabel('Seleccionar perfil').locator('option:checked')).toHaveText(
      `${name} editado`,
    );
    await expect(page.getByRole('button', { name: 'Generar' })).toBeEnabled();

    await page.getByRole('button', { name: 'Generar' }).click();
    await expect(page.getByText('Ingresa el tema sobre el que quieres escribir')).toBeVisible();
    await page.getByLabel('Tema').fill('ofertas de otoño');
    await page.getByRole('button', { name: 'Generar' }).click();
    await expect(page.getByTestId('redgram-result')).toContainText('ofertas de otoño');
    await expect(page.getByText('Texto generado correctamente')).toBeVisible();
    await page.getByRole('button', { name: 'Copiar texto' }).click();
    await expect(page.getByText('Texto copiado')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('ofertas de otoño');
    await page.getByRole('button', { name: 'Limpiar texto generado' }).click();
    await expect(page.getByText('El texto generado aparecerá aquí')).toBeVisible();

    await expectAccessible(page);
    await page.getByRole('button', { name: 'Eliminar Perfil' }).click();
    const confirm = page.getByRole('dialog', { name: 'Eliminar Perfil' });
    await expect(confirm).toContainText('Esta acción no se puede deshacer.');
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText('Perfil eliminado')).toBeVisible();
    await expect(page.getByLabel('Seleccionar perfil').locator('option', { hasText: name })).toHaveCount(0);
  });
});
