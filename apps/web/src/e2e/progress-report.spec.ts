import { ACCOUNTS, expect, expectAccessible, MOBILE, openSignedIn, test } from './fixtures';

test.describe('Informe de progreso (Membresía y Cafelito Virtual, vista de administración)', () => {
  test.describe.configure({ timeout: 120_000 });

  for (const viewport of [null, MOBILE]) {
    test(`the admin reads members' progress and per-video completions${viewport ? ' (375 px)' : ''}`, async ({
      page,
    }) => {
      if (viewport) await page.setViewportSize(viewport);
      await openSignedIn(page, ACCOUNTS.admin, '/cafelito-virtual');
      await page.getByRole('button', { name: 'Gestionar Contenido' }).click();
      await expect(page.getByRole('heading', { name: 'Informe de progreso' })).toBeVisible();
      // The members who can open Cafelito Virtual are listed with their overall progress. The seeded admin is
      // looked for, not a seeded member: other specs add members who can open it, and repeated runs (e2e:repeat)
      // push a member such as lucia past the first page, while "admin" sorts first among those with no progress.
      await expect(page.getByRole('cell', { name: ACCOUNTS.admin.email })).toBeVisible();
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
