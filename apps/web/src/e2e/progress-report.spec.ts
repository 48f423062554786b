import { ACCOUNTS, expect, expectAccessible, MOBILE, signIn, test } from './fixtures';

test.describe('Informe de progreso (Membresía y Cafelito Virtual, vista de administración)', () => {
  test.describe.configure({ timeout: 120_000 });

  for (const viewport of [null, MOBILE]) {
    test(`the admin reads members' progress and per-video completions${viewport ? ' (375 px)' : ''}`, async ({
      page,
    }) => {
      if (viewport) await page.setViewportSize(viewport);
      await signIn(page, ACCOUNTS.admin);
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goto('/cafelito-virtual');
      await page.getByRole('button', { name: 'Gestionar Contenido' }).click();
      await expect(page.getByRole('heading', { name: 'Informe de progreso' })).toBeVisible();
      // The seeded members who can open Cafelito Virtual are listed with their overall progress.
      await expect(page.getByRole('cell', { name: new RegExp(ACCOUNTS.cafeinas.username) })).toBeVisible();
      await expectAccessible(page);

      await page.getByRole('tab', { name: 'Por video' }).click();
      await expect(
        page
          .getByRole('columnheader', { name: 'Miembros que lo completaron' })
          .or(page.getByText('Esta biblioteca aún no tiene videos')),
      ).toBeVisible();
      await expectAccessible(page);
    });
  }
});
