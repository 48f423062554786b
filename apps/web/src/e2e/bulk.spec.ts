import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, expectAccessible, MOBILE, openSignedIn, test, unique } from './fixtures';

const HEADERS = { 'x-requested-with': 'fetch' };

const userRow = (page: Page, username: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: username, exact: true }) });

test.describe('Bulk user actions (/config)', () => {
  test.describe.configure({ timeout: 180_000 });

  test('an admin selects two pending accounts and activates them at once', async ({ page, request }) => {
    const id = unique();
    const members = ['a', 'b'].map((n) => ({
      username: `bulk${id}${n}`,
      email: `bulk${id}${n}@e2e.test`,
      password: 'pendiente-123',
    }));
    for (const member of members) {
      const registered = await request.post('/api/accounts/register', {
        headers: HEADERS,
        data: { ...member, phone: '+34 600 000 000' },
      });
      expect(registered.ok(), await registered.text()).toBe(true);
    }

    await openSignedIn(page, ACCOUNTS.admin, '/config');
    // The search applies after a pause in typing and a new search clears the selection: wait for it first.
    await page.getByLabel('Buscar').fill(`bulk${id}`);
    await expect(page.getByRole('row')).toHaveCount(3);
    await page.getByLabel('Solo pendientes de activación').check();
    for (const member of members) await expect(userRow(page, member.username)).toContainText('Inactiva');

    for (const member of members) {
      await userRow(page, member.username).getByLabel(`Seleccionar ${member.username}`).check();
    }
    const toolbar = page.getByRole('region', { name: 'Acciones sobre la selección' });
    await expect(toolbar).toContainText('2 cuentas seleccionadas');
    await expectAccessible(page);
    // The toolbar on a phone too.
    const desktop = page.viewportSize();
    await page.setViewportSize(MOBILE);
    await expect(toolbar).toContainText('2 cuentas seleccionadas');
    await expectAccessible(page);
    if (desktop) await page.setViewportSize(desktop);

    await toolbar.getByRole('button', { name: 'Activar', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Activar cuentas' });
    await expect(dialog).toContainText('¿Activar 2 cuentas?');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Activar', exact: true }).click();

    await expect(page.getByText('2 cuentas activadas')).toBeVisible();
    await expect(dialog).toBeHidden();
    // Activated accounts are no longer pending: the filtered list is read again and they are gone.
    await expect(page.getByText('Ningún usuario coincide con la búsqueda')).toBeVisible();
    await page.getByLabel('Solo pendientes de activación').uncheck();
    for (const member of members) await expect(userRow(page, member.username)).toContainText('Activa');
    await expect(toolbar).toBeHidden();
  });
});
