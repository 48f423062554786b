import type { Page } from '@playwright/test';
import {
  ACCOUNTS,
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  MOBILE,
  openSignedIn,
  test,
  unique,
} from './fixtures';

const HEADERS = { 'x-requested-with': 'fetch' };

const row = (page: Page, text: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: text, exact: true }) });

test.describe('Historial (/config)', () => {
  test.describe.configure({ timeout: 180_000 });

  test('an admin activates a pending account and Historial lists the activation', async ({
    page,
    request,
  }) => {
    const username = `hist${unique()}`;
    const registered = await request.post('/api/accounts/register', {
      headers: HEADERS,
      data: { username, email: `${username}@e2e.test`, password: 'pendiente-123', phone: '+34 600 000 000' },
    });
    expect(registered.ok(), await registered.text()).toBe(true);

    await openSignedIn(page, ACCOUNTS.admin, '/config');
    await page.getByLabel('Buscar').fill(username);
    await expect(row(page, username)).toContainText('Inactiva');
    await row(page, username)
      .getByRole('button', { name: `Editar ${username}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Editar Usuario' });
    await dialog.getByLabel('Usuario Activo').check();
    await dialog.getByRole('button', { name: 'Guardar Cambios' }).click();
    await expect(dialog).toBeHidden();
    await expect(row(page, username)).toContainText('Activa');

    await page.getByRole('tab', { name: 'Historial' }).click();
    await expect(page.getByRole('heading', { name: 'Historial de acciones' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Acción' }).click();
    await page.getByRole('option', { name: 'Cuenta activada' }).click();
    const entry = row(page, username);
    await expect(entry).toContainText('Cuenta activada');
    await expect(entry).toContainText('Estado: No → Sí');
    await expectAccessible(page);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/^historial-\d{4}-\d{2}-\d{2}\.csv$/);

    // On a phone each entry is a stacked card: its "Cambios" in view, nothing to scroll sideways.
    await page.setViewportSize(MOBILE);
    await expect(entry).toBeVisible();
    await entry.scrollIntoViewIfNeeded();
    await expect(entry.getByText('Estado: No → Sí')).toBeInViewport({ ratio: 1 });
    await expectNoSidewaysScroll(page.getByRole('region', { name: 'Acciones registradas' }));
    await expectAccessible(page);

    // The users table too: role, status and actions of the row in view.
    await page.getByRole('tab', { name: 'Usuarios' }).click();
    const user = row(page, username);
    await expect(user).toContainText('Activa');
    // The header's tick, alone above the cards, says what it selects; each card's tick says it too.
    await expect(page.getByText('Seleccionar los usuarios de esta página', { exact: true })).toBeVisible();
    await expect(user.getByText('Seleccionar', { exact: true })).toBeVisible();
    await user.scrollIntoViewIfNeeded();
    for (const part of [
      user.getByText('Cafeínas', { exact: true }),
      user.getByText('Activa', { exact: true }),
      user.getByRole('button', { name: `Editar ${username}` }),
      user.getByRole('button', { name: `Eliminar ${username}` }),
    ]) {
      await part.scrollIntoViewIfNeeded();
      await expect(part).toBeInViewport({ ratio: 1 });
    }
    await expectNoSidewaysScroll(user.locator('xpath=ancestor::table/..'));
    await expectAccessible(page);
  });

  test('a member without Configuración cannot open it', async ({ page }) => {
    await openSignedIn(page, ACCOUNTS.vip, '/config');
    await expect(page.getByRole('tab', { name: 'Historial' })).toHaveCount(0);
  });
});
