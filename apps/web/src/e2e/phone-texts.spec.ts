import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@app/contracts';
import type { Page } from '@playwright/test';
import {
  ACCOUNTS,
  adminDeviceCookie,
  cutTexts,
  expect,
  expectAccessible,
  MOBILE,
  openSignedIn,
  shot,
  signIn,
  test,
  unique,
} from './fixtures';

const DESKTOP = { width: 1366, height: 768 };
const LONG_NAME = 'Cafelito Estratégico de Emprendedores';

/**
 * Serves every page as a community with a long name would (the server writes its settings into the page), without
 * renaming the shared test server's community under the other specs.
 */
async function withLongCommunityName(page: Page): Promise<void> {
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.continue();
    const response = await route.fetch();
    const body = (await response.text()).replace('"communityName":null', `"communityName":"${LONG_NAME}"`);
    await route.fulfill({ response, body });
  });
}

test.describe('Texts are whole at 1366 and 375 px', () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    test(`the login screen shows every label whole (${viewport.width} px)`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/login');
      const passkey = page.getByRole('button', { name: 'Entrar con una llave de acceso' });
      await expect(passkey).toBeVisible();
      await shot(page, `login-${viewport.width}`);
      expect(await cutTexts(page.locator('body'))).toEqual([]);
      await expectAccessible(page);
    });

    test(`a long community name is whole in the bar and the phone menu (${viewport.width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await withLongCommunityName(page);
      await openSignedIn(page, ACCOUNTS.cafeinas, '/perfil');
      const bar = page.getByRole('navigation', { name: 'Navegación principal' });
      await expect(bar.getByRole('link', { name: LONG_NAME })).toBeVisible();
      await shot(page, `bar-name-${viewport.width}`);
      expect(await cutTexts(bar)).toEqual([]);
      // The bar keeps its height: the name wraps inside it.
      expect((await bar.boundingBox())?.height).toBeLessThanOrEqual(60);
      if (viewport === MOBILE) {
        await page.getByRole('button', { name: 'Abrir menú' }).click();
        const menu = page.getByRole('dialog', { name: 'Menú' });
        await expect(menu.getByRole('link', { name: LONG_NAME })).toBeVisible();
        await shot(page, 'menu-name-375');
        expect(await cutTexts(menu)).toEqual([]);
        await expectAccessible(page);
      }
    });
  }

  test('Usuarios and Historial keep each email whole, beside what it belongs to, on a phone', async ({
    page,
    request,
  }) => {
    // A self-registered account: its email stays unconfirmed until its owner follows the letter's link.
    const id = unique();
    const member = { email: `corte-con-un-nombre-largo-${id}@e2e.test`, username: `corte${id}` };
    const registered = await request.post('/api/accounts/register', {
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      data: { ...member, phone: '+34 600 000 000', password: 'corte-e2e-secret' },
    });
    expect(registered.ok(), await registered.text()).toBe(true);
    // And a member the administrator moves from Cafeínas to VIP: Historial names both roles as the app does.
    const moved = { username: `sube${id}`, email: `sube${id}@e2e.test`, phone: '+34 600 000 000' };
    const admin = await request.post('/api/auth/login', {
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE, cookie: adminDeviceCookie() },
      data: { email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password },
    });
    expect(admin.ok(), await admin.text()).toBe(true);
    const roles = (await (await request.get('/api/admin/roles')).json()) as { id: number; name: string }[];
    const roleId = (name: string) => roles.find((role) => role.name === name)?.id;
    const created = await request.post('/api/admin/users', {
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      data: { ...moved, password: 'sube-e2e-secret', role_id: roleId('cafeinas'), is_active: true },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const { id: movedId } = (await created.json()) as { id: number };
    const edited = await request.put(`/api/admin/users/${movedId}`, {
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      data: { ...moved, role_id: roleId('vip'), is_active: true },
    });
    expect(edited.ok(), await edited.text()).toBe(true);
    await request.post('/api/auth/logout', { headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE } });
    for (const viewport of [DESKTOP, MOBILE]) {
      await page.setViewportSize(viewport);
      await openSignedIn(page, ACCOUNTS.admin, '/config');
      await page.getByLabel('Buscar').fill(member.email);
      const row = page.getByRole('row').filter({ hasText: member.email });
      await expect(row).toHaveCount(1);
      const badge = row.getByText('Sin confirmar');
      await expect(badge).toBeVisible();
      await shot(page, `usuarios-${viewport.width}`);
      // The badge starts right of the cell's label ("Email"), on the email's side of the card.
      const email = row.getByText(member.email, { exact: false }).first();
      const [badgeBox, emailBox] = [await badge.boundingBox(), await email.boundingBox()];
      expect(badgeBox && emailBox && badgeBox.x >= emailBox.x).toBe(true);
      expect(await cutTexts(page.getByRole('main'))).toEqual([]);
      await expectAccessible(page);

      await page.getByRole('tab', { name: 'Historial' }).click();
      const history = page.getByRole('region', { name: 'Acciones registradas' });
      const first = history.getByRole('row').nth(1);
      await expect(first.getByText(ACCOUNTS.admin.email)).toBeVisible();
      await expect(history.getByRole('row').filter({ hasText: moved.username }).first()).toContainText(
        'Rol: Cafeínas → VIP',
      );
      await shot(page, `historial-${viewport.width}`);
      const [name, address] = [
        await first.getByText(ACCOUNTS.admin.username, { exact: true }).boundingBox(),
        await first.getByText(ACCOUNTS.admin.email).boundingBox(),
      ];
      expect(name && address && Math.abs(address.x - name.x) < 2).toBe(true);
      expect(await cutTexts(page.getByRole('main'))).toEqual([]);
      await expectAccessible(page);
      await page.context().clearCookies();
    }
  });

  test('on a phone the welcome leaves «Abrir menú» free to tap', async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await signIn(page, ACCOUNTS.vip);
    const toast = page.getByRole('alert').filter({ hasText: '¡Bienvenido!' });
    await expect(toast).toBeVisible();
    await shot(page, 'welcome-375');
    const burger = page.getByRole('button', { name: 'Abrir menú' });
    const [toastBox, burgerBox] = [await toast.boundingBox(), await burger.boundingBox()];
    expect(toastBox && burgerBox && toastBox.y >= burgerBox.y + burgerBox.height).toBe(true);
    await burger.click();
    await expect(page.getByRole('dialog', { name: 'Menú' })).toBeVisible();
  });
});
