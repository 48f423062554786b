import { ACCOUNTS, cutTexts, expect, expectAccessible, MOBILE, openSignedIn, test } from './fixtures';

const DESKTOP = { width: 1366, height: 768 };

test.describe('«Tareas en segundo plano» in /config', () => {
  test('lists what the server does by itself, with its last and next run (1366 and 375 px)', async ({
    page,
  }) => {
    await openSignedIn(page, ACCOUNTS.admin);
    await expect(page).toHaveURL(/\/dashboard$/);
    for (const viewport of [DESKTOP, MOBILE]) {
      await page.setViewportSize(viewport);
      await page.goto('/config?tab=jobs');
      const panel = page.getByRole('region', { name: 'Tareas en segundo plano' });
      const close = panel.getByRole('row').filter({ hasText: 'Cerrar los días terminados de Estadísticas' });
      // The server's first pass ran as it started: the close has run and says when it runs next.
      await expect(close).toContainText('Cada 10 minutos');
      await expect(close).toContainText('Correcta');
      await expect(
        panel.getByRole('row').filter({ hasText: 'Preparar los archivos de datos pedidos' }),
      ).toContainText('Cuando se pide');
      expect(await cutTexts(panel)).toEqual([]);
      await expectAccessible(page);
    }
  });
});
