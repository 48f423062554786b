import { ACCOUNTS, expect, expectAccessible, holdTimers, signIn, test } from './fixtures';

test.describe('Profile', () => {
  test('edits username and phone, refreshes the session and greets with the new name', async ({ page }) => {
    const account = ACCOUNTS.profile;
    // A new name each run, so the test also passes when repeated against the same server.
    const username = `sofia-${Date.now().toString(36)}`;
    await page.clock.install();
    await signIn(page, account);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('button', { name: 'Mi cuenta', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Editar Perfil' }).click();
    await expect(page).toHaveURL(/\/perfil$/);
    await expect(page.getByRole('heading', { name: 'Mi Perfil' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Editar Perfil' })).toBeVisible();
    await expect(page.getByLabel('Correo Electrónico')).toHaveValue(account.email);
    await expect(page.getByText('Déjala en blanco para mantener la contraseña actual')).toBeVisible();
    await expect(page.getByText('Estado: Listo')).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel('Nombre de usuario').fill(username);
    await page.getByLabel('Teléfono').fill('+34 611 222 333');
    await expect(page.getByText('Estado: Cambios sin guardar')).toBeVisible();
    const reloaded = page.waitForEvent('load');
    // The reload follows the answer shortly: held until the status line has been read.
    const resume = await holdTimers(page);
    await page.getByRole('button', { name: 'Actualizar Perfil' }).click();
    await expect(page.getByText('Perfil actualizado correctamente', { exact: true })).toBeVisible();
    await expect(page.getByText('Estado: Perfil actualizado correctamente. Recargando...')).toBeVisible();
    const saved = await page.evaluate((): unknown =>
      JSON.parse(localStorage.getItem('userSession') ?? 'null'),
    );
    expect(saved).toMatchObject({ user: { username, phone: '+34 611 222 333' } });

    await resume();
    await reloaded;
    await expect(page.getByLabel('Nombre de usuario')).toHaveValue(username);
    await expect(page.getByLabel('Teléfono')).toHaveValue('+34 611 222 333');
    await expect(page.getByText('Estado: Listo')).toBeVisible();

    await page.getByRole('link', { name: 'Inicio' }).click();
    await expect(page.getByRole('heading', { name: `Hola, ${username}` })).toBeVisible();
  });

  test('a username another member uses is flagged, with the error in the status line', async ({ page }) => {
    await signIn(page, ACCOUNTS.profile);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/perfil');
    await page.getByLabel('Nombre de usuario').fill(ACCOUNTS.vip.username);
    await page.getByRole('button', { name: 'Actualizar Perfil' }).click();
    await expect(
      page.getByText('Este nombre de usuario ya está en uso por otro usuario', { exact: true }),
    ).toBeVisible();
    await expect(
      page.getByText('Por favor, utiliza un nombre de usuario y correo electrónico diferentes'),
    ).toBeVisible();
    await expect(
      page.getByText('Estado: Error HTTP 409: Este nombre de usuario ya está en uso por otro usuario'),
    ).toBeVisible();
    await expectAccessible(page);
  });

  test('a new password or email needs the current password, shown under its field', async ({ page }) => {
    await signIn(page, ACCOUNTS.profile);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/perfil');
    await page.getByLabel('Nueva contraseña').fill('otra-clave-segura');
    await page.getByRole('button', { name: 'Actualizar Perfil' }).click();
    await expect(
      page
        .getByText('Introduce tu contraseña actual para cambiar la contraseña o el correo electrónico')
        .first(),
    ).toBeVisible();
    await expect(page.getByLabel('Contraseña actual')).toHaveAttribute('data-invalid', 'true');

    await page.getByLabel('Contraseña actual').fill('no-es-la-mia');
    await page.getByRole('button', { name: 'Actualizar Perfil' }).click();
    await expect(page.getByText('La contraseña actual no es correcta').first()).toBeVisible();
    await expect(page.getByText('Estado: Error HTTP 400: La contraseña actual no es correcta')).toBeVisible();
    await expectAccessible(page);
  });
});
