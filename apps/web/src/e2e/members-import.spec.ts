import type { Page } from '@playwright/test';
import {
  ACCOUNTS,
  expect,
  expectAccessible,
  mailTo,
  MOBILE,
  openSignedIn,
  signIn,
  test,
  unique,
} from './fixtures';

/** A hash PHP's password_hash('clave-php-e2e', PASSWORD_BCRYPT) would store (made with a bcrypt library). */
const PHP_HASH = '$2y$10$dABwt0BAMIbcBQA2QuKNvuZiIOreIjCGppzSL4T6jxPtacXMHoJJe';

async function openImport(page: Page) {
  await openSignedIn(page, ACCOUNTS.admin, '/config');
  await expect(page.getByRole('heading', { name: 'Gestión de Usuarios' })).toBeVisible();
  await page.getByRole('button', { name: 'Importar CSV' }).click();
  return page.getByRole('dialog', { name: 'Importar usuarios desde CSV' });
}

test.describe('Importar usuarios desde CSV (/config)', () => {
  test.describe.configure({ timeout: 180_000 });

  for (const viewport of [null, MOBILE]) {
    test(`previews two bad rows, imports the rest, and a member signs in with the old PHP password${viewport ? ' (375 px)' : ''}`, async ({
      page,
    }) => {
      if (viewport) await page.setViewportSize(viewport);
      const id = unique();
      const member = { username: `php${id}`, email: `php${id}@e2e.test` };
      const csv = [
        'usuario;correo;teléfono;rol;hash',
        `${member.username};${member.email};600 111 222;vip;${PHP_HASH}`,
        `otro${id};otro${id}@e2e.test;;cafeinas;`,
        `malo${id};no-es-un-correo;600;vip;`,
        `raro${id};raro${id}@e2e.test;600;marcianos;`,
      ].join('\n');

      const dialog = await openImport(page);
      const chooser = page.waitForEvent('filechooser');
      await dialog.getByLabel('Archivo CSV').click();
      await (
        await chooser
      ).setFiles({
        name: 'miembros.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(csv, 'utf8'),
      });
      await expect(
        dialog.getByText('4 filas: 2 nuevas, 0 ya registradas sin cambios, 2 con errores'),
      ).toBeVisible();
      await expect(dialog.getByText('El correo electrónico no es válido')).toBeVisible();
      await expect(dialog.getByText('El rol «marcianos» no existe')).toBeVisible();
      const importButton = dialog.getByRole('button', { name: 'Importar 2 miembros' });
      await expect(importButton).toBeDisabled();
      await expectAccessible(page);

      await dialog.getByLabel('Importar solo las filas sin errores').check();
      await dialog
        .getByLabel('Enviar a los miembros nuevos sin contraseña un correo para que elijan una')
        .check();
      await importButton.click();
      await expect(
        page.getByText('2 miembros importados. Se enviará un correo para elegir contraseña'),
      ).toBeVisible();
      await expect(dialog).toBeHidden();
      // The member imported without a password is emailed a link to choose one.
      await expect
        .poll(async () => (await mailTo(`otro${id}@e2e.test`)).map((mail) => mail.subject))
        .toEqual(['Tu cuenta en la comunidad: elige tu contraseña']);

      // A fresh browser session (the phone layout hides the account menu behind the navigation drawer).
      await page.context().clearCookies();
      await signIn(page, { email: member.email, password: 'clave-php-e2e' });
      await expect(page).toHaveURL(/\/dashboard$/);
    });
  }

  test('the export dialog warns before including password hashes', async ({ page }) => {
    await openSignedIn(page, ACCOUNTS.admin, '/config');
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Exportar usuarios' });
    await dialog.getByLabel(/Incluir los hashes de contraseña/).check();
    await expect(dialog.getByText('Archivo confidencial')).toBeVisible();
    await expectAccessible(page);
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Descargar CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^miembros-\d{4}-\d{2}-\d{2}-CONFIDENCIAL\.csv$/);
  });
});
