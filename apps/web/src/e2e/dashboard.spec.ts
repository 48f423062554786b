import { MEMBERSHIP_PLANS_URL } from './accounts';
import { ACCOUNTS, expect, expectAccessible, MOBILE, signIn, test } from './fixtures';

const CARD_ORDER = [
  'Membresía',
  'Cafelito Virtual',
  'Descarga de YouTube',
  'Descarga de Instagram',
  'RedGram',
  'Texto',
  'Configuración',
];

test.describe('Dashboard', () => {
  test('shows the admin the 7 tool cards in the spec order', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin);
    await expect(page.getByRole('heading', { name: 'Hola, admin' })).toBeVisible();
    await expect(page.getByText('Selecciona una herramienta para comenzar')).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByText('Admin', { exact: true })).toBeVisible();
    const cards = main
      .getByRole('link')
      .filter({ hasText: 'Accede a esta herramienta para comenzar a usarla' });
    await expect(cards).toHaveCount(7);
    for (const [index, title] of CARD_ORDER.entries()) {
      await expect(cards.nth(index)).toContainText(title);
    }
    await expect(cards.nth(0)).toHaveAttribute('href', '/membresia');
    await expect(cards.nth(6)).toHaveAttribute('href', '/config');
    await expectAccessible(page);
  });

  test('shows a cafeinas member only Cafelito Virtual and the upgrade panel', async ({ page }) => {
    await signIn(page, ACCOUNTS.cafeinas);
    await expect(page.getByRole('heading', { name: 'Hola, lucia' })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByText('Cafeinas', { exact: true })).toBeVisible();
    const cards = main
      .getByRole('link')
      .filter({ hasText: 'Accede a esta herramienta para comenzar a usarla' });
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Cafelito Virtual');
    const upgrade = page.getByRole('link', { name: 'Actualizar mi membresía' });
    await expect(upgrade).toHaveAttribute('href', MEMBERSHIP_PLANS_URL);
    await expect(upgrade).toHaveAttribute('target', '_blank');
    await expectAccessible(page);

    await cards.first().click();
    await expect(page).toHaveURL(/\/cafelito-virtual$/);
    await expect(page.getByRole('heading', { name: 'Cafelito Virtual' })).toBeVisible();
  });

  test('is accessible on a phone, signed in', async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await signIn(page, ACCOUNTS.vip);
    await expect(page.getByRole('heading', { name: 'Hola, marcos' })).toBeVisible();
    const cards = page.getByRole('main').getByRole('link').filter({ hasText: 'Accede a esta herramienta' });
    await expect(cards).toHaveCount(6);
    await expectAccessible(page);
  });
});
