import { ACCOUNTS, cutTexts, expect, expectAccessible, MOBILE, openSignedIn, shot, test } from './fixtures';

const DESKTOP = { width: 1366, height: 768 };

test.describe('/perfil and /config: a side navigation on a desktop, a section menu on a phone', () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    test(`/perfil jumps to each section (${viewport.width} px)`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await openSignedIn(page, ACCOUNTS.cafeinas, '/perfil');
      const nav = page.getByRole('navigation', { name: 'Secciones del perfil' });
      for (const name of ['Perfil', 'Seguridad', 'Suscripción', 'Mis datos']) {
        await expect(nav.getByRole('link', { name })).toBeVisible();
      }
      await expect(page.getByRole('region', { name: 'Eliminar mi cuenta' })).toContainText('Si eliminas');
      await shot(page, `perfil-${viewport.width}`);
      expect(await cutTexts(page.locator('main'))).toEqual([]);
      await expectAccessible(page);

      await nav.getByRole('link', { name: 'Mis datos' }).click();
      await expect(page).toHaveURL(/\/perfil#mis-datos$/);
      await expect(page.getByRole('heading', { name: 'Mis datos' })).toBeInViewport();
      if (viewport === DESKTOP) {
        // The side navigation stays beside the sections and says which one is read.
        await expect(nav).toBeInViewport();
        await expect(nav.getByRole('link', { name: 'Mis datos' })).toHaveAttribute(
          'aria-current',
          'location',
        );
        const [side, form] = [await nav.boundingBox(), await page.locator('#perfil').boundingBox()];
        expect((side?.x ?? 0) + (side?.width ?? 0)).toBeLessThanOrEqual(form?.x ?? 0);
        // Wider than the old 520 px column: the page is no longer one long narrow strip.
        expect(form?.width).toBeGreaterThan(600);
      } else {
        await page.goto('/perfil');
        await nav.getByRole('link', { name: 'Seguridad' }).click();
        await expect(page.getByRole('heading', { name: 'Seguridad', exact: true })).toBeInViewport();
      }
    });

    test(`/config keeps its tabs as a side navigation or a section menu (${viewport.width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await openSignedIn(page, ACCOUNTS.admin, '/config');
      const tabs = page.getByRole('tablist', { name: 'Secciones de Configuración' });
      const names = ['Usuarios', 'Roles', 'Planes', 'Conservación de datos', 'Comunidad', 'Historial'];
      for (const name of names) await expect(tabs.getByRole('tab', { name })).toBeVisible();
      await expect(page.getByRole('tabpanel', { name: 'Usuarios' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Buscar' })).toBeVisible();
      const [list, panel] = [await tabs.boundingBox(), await page.getByRole('tabpanel').boundingBox()];
      if (viewport === DESKTOP) {
        await expect(tabs).toHaveAttribute('aria-orientation', 'vertical');
        expect((list?.x ?? 0) + (list?.width ?? 0)).toBeLessThanOrEqual(panel?.x ?? 0);
      } else {
        expect((list?.y ?? 0) + (list?.height ?? 0)).toBeLessThanOrEqual(panel?.y ?? 0);
      }
      await shot(page, `config-usuarios-${viewport.width}`);
      expect(await cutTexts(tabs)).toEqual([]);
      await expectAccessible(page);
      await tabs.getByRole('tab', { name: 'Conservación de datos' }).click();
      await expect(page.getByRole('region', { name: 'Conservación de datos' })).toBeVisible();
      expect(await cutTexts(page.locator('main'))).toEqual([]);
    });
  }
});
