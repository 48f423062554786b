import { ACCOUNTS, expect, expectAccessible, signIn, test } from './fixtures';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

test.describe('Register', () => {
  test('creates an account, thanks the visitor, and the account cannot sign in until activated', async ({
    page,
  }) => {
    // Many steps, each a real request (argon2 hashing, SMTP, axe): more time than a one-screen test.
    test.slow();
    const id = unique();
    const account = { email: `registro-${id}@e2e.test`, password: 'registro-secreto' };
    await page.goto('/login');
    await page.getByRole('link', { name: 'Regístrate aquí' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole('heading', { name: 'Crear Cuenta' })).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel('Nombre de usuario').fill(`nuevo-${id}`);
    await page.getByLabel('Correo Electrónico').fill(account.email);
    await page.getByLabel('Teléfono').fill('+34 600 111 222');
    await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(account.password);
    await page.getByLabel('Confirmar contraseña').fill(account.password);
    await page.getByRole('button', { name: 'Registrarse' }).click();

    await expect(page.getByText('¡Cuenta creada correctamente!')).toBeVisible();
    await expect(page.getByRole('heading', { name: '¡Gracias por registrarte!' })).toBeVisible();
    await expect(page.getByText(/un administrador te concederá acceso/)).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Volver al inicio de sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, account);
    await expect(page.getByText(/Un administrador debe concederte acceso/)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('checks every field before sending, with the spec messages', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: 'Registrarse' }).click();
    for (const message of [
      'El nombre de usuario es obligatorio',
      'El correo electrónico es obligatorio',
      'El teléfono es obligatorio',
      'La contraseña es obligatoria',
    ]) {
      await expect(page.getByText(message)).toBeVisible();
    }
    await expectAccessible(page);

    await page.getByLabel('Correo Electrónico').fill('no-es-un-correo');
    await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('12345');
    await page.getByLabel('Confirmar contraseña').fill('54321');
    await page.getByRole('button', { name: 'Registrarse' }).click();
    await expect(page.getByText('El correo electrónico no es válido')).toBeVisible();
    await expect(page.getByText('La contraseña debe tener al menos 6 caracteres')).toBeVisible();
    await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible();
    await expect(page.getByRole('heading', { name: '¡Gracias por registrarte!' })).toHaveCount(0);
  });

  test('flags a taken email or username under its field, whatever the case', async ({ page }) => {
    const id = unique();
    await page.goto('/register');
    await page.getByLabel('Nombre de usuario').fill(`otro-${id}`);
    await page.getByLabel('Correo Electrónico').fill(ACCOUNTS.vip.email.toUpperCase());
    await page.getByLabel('Teléfono').fill('600 000 000');
    await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('secreto-123');
    await page.getByLabel('Confirmar contraseña').fill('secreto-123');
    await page.getByRole('button', { name: 'Registrarse' }).click();
    await expect(page.getByText('Este correo electrónico ya está registrado', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Por favor, utiliza un nombre de usuario y correo electrónico diferentes'),
    ).toBeVisible();
    await expect(page.getByLabel('Correo Electrónico')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Correo Electrónico').fill(`libre-${id}@e2e.test`);
    await page.getByLabel('Nombre de usuario').fill(ACCOUNTS.vip.username.toUpperCase());
    await page.getByRole('button', { name: 'Registrarse' }).click();
    await expect(page.getByText('Este nombre de usuario ya está en uso', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Nombre de usuario')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('heading', { name: '¡Gracias por registrarte!' })).toHaveCount(0);
  });
});
