import { TEXTO_DEFAULT_PROMPTS } from '@app/contracts';
import { ECHO_PREFIX, GEMINI_CONNECTION, GEMINI_KEY, useGeminiConnection } from './ai-setup';
import { ACCOUNTS, expect, expectAccessible, holdTimers, openSignedIn, test, unique } from './fixtures';

test.describe('Herramientas de Texto', () => {
  // Several screens, generations and axe runs each: more than the default budget on a busy machine.
  test.slow();

  test('the admin picks the AI connection in Configuración; its key is never shown', async ({
    page,
    request,
  }) => {
    await useGeminiConnection(request, 'texto');
    await openSignedIn(page, ACCOUNTS.admin, '/texto');
    await expect(page.getByRole('heading', { name: 'Herramientas de Texto' })).toBeVisible();
    await page.getByRole('button', { name: 'Configuración' }).click();
    const dialog = page.getByRole('dialog', { name: 'Configuración' });
    await expect(dialog.getByLabel(/Prompt de ortografía/)).toHaveValue(TEXTO_DEFAULT_PROMPTS.ortografia);
    await expect(dialog.getByLabel(/Prompt de emojis/)).toHaveValue(TEXTO_DEFAULT_PROMPTS.herramienta2);
    await expect(dialog.getByRole('combobox', { name: 'Conexión de IA' })).toHaveValue(
      `${GEMINI_CONNECTION} (Google Gemini)`,
    );
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Configuración guardada')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.locator('body')).not.toContainText(GEMINI_KEY);
  });

  test('the corrector fills "Texto Corregido" as Gemini writes, and "Copiar" shows "Copiado"', async ({
    page,
    context,
    request,
  }) => {
    await useGeminiConnection(request, 'texto');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.clock.install();
    await openSignedIn(page, ACCOUNTS.vip, '/texto');
    await expect(page.getByRole('tab', { name: 'Corrector Ortográfico' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('button', { name: 'Configuración' })).toHaveCount(0);

    const action = page.getByRole('button', { name: 'Corregir Texto' });
    await expect(action).toBeDisabled();
    const text = `ola ke ase ${unique()} esto es un testo con muchas faltas de ortografia`;
    await page.getByRole('textbox', { name: 'Texto Original' }).fill(text);
    const result = page.getByRole('textbox', { name: 'Texto Corregido' });
    // Every value the result shows, and whether the busy buttons were on screen, sampled at each frame: a
    // short answer can finish before an assertion made after the click would look.
    await result.evaluate((element: HTMLTextAreaElement) => {
      const seen: string[] = [];
      const probe = window as unknown as { seenValues: string[]; sawBusy: boolean };
      probe.seenValues = seen;
      probe.sawBusy = false;
      const button = (label: string) =>
        [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === label);
      const sample = () => {
        if (seen.at(-1) !== element.value) seen.push(element.value);
        if (button('Procesando...')?.disabled && button('Detener')) probe.sawBusy = true;
        requestAnimationFrame(sample);
      };
      sample();
    });
    await action.click();

    const full = `${ECHO_PREFIX}${TEXTO_DEFAULT_PROMPTS.ortografia} ${text}`;
    await expect(result).toHaveValue(full);
    const { seen, sawBusy } = await page.evaluate(() => {
      const probe = window as unknown as { seenValues: string[]; sawBusy: boolean };
      return { seen: probe.seenValues, sawBusy: probe.sawBusy };
    });
    // While it ran: "Procesando..." disabled, and "Detener" beside it.
    expect(sawBusy).toBe(true);
    const partial = seen.filter((value) => value !== '' && value !== full);
    // Pieces were shown before the last one arrived, each extending the previous one.
    expect(partial.length).toBeGreaterThan(0);
    for (const value of partial) expect(full.startsWith(value)).toBe(true);
    await expect(page.getByRole('button', { name: 'Corregir Texto' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Detener' })).toHaveCount(0);

    // "Copiado" shows only for a moment: held until it has been read.
    const resume = await holdTimers(page);
    await page.getByRole('button', { name: 'Copiar' }).click();
    await expect(page.getByRole('button', { name: 'Copiado' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(full);
    await resume();
    await expect(page.getByRole('button', { name: 'Copiar' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('tab', { name: '#Emojis' }).click();
    await page.getByRole('textbox', { name: 'Texto Original' }).fill('me encanta el café');
    await page.getByRole('button', { name: '#Emojis' }).click();
    await expect(page.getByRole('textbox', { name: 'Texto con Emojis' })).toHaveValue(
      `${ECHO_PREFIX}${TEXTO_DEFAULT_PROMPTS.herramienta2} me encanta el café`,
    );
  });

  test('"Detener" stops a running correction and keeps what arrived', async ({ page, request }) => {
    await useGeminiConnection(request, 'texto');
    await openSignedIn(page, ACCOUNTS.vip, '/texto');
    // Long enough (the fake streams a few words at a time, with a pause between pieces) that it cannot finish
    // before "Detener", even on a busy machine.
    const text = `${'uno dos tres cuatro cinco seis siete ocho nueve diez '.repeat(40)}${unique()}`;
    await page.getByRole('textbox', { name: 'Texto Original' }).fill(text);
    await page.getByRole('button', { name: 'Corregir Texto' }).click();
    const result = page.getByRole('textbox', { name: 'Texto Corregido' });
    await expect(result).toHaveValue(/^Respuesta de Gemini:/);
    await page.getByRole('button', { name: 'Detener' }).click({ force: true });
    await expect(page.getByRole('button', { name: 'Corregir Texto' })).toBeEnabled();
    const kept = await result.inputValue();
    expect(kept).not.toContain(text);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
