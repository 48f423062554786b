import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import {
  confirmIdentity,
  enterEmailedCode,
  expect,
  expectAccessible,
  MOBILE,
  signIn,
  test,
  newAccount,
} from './fixtures';

/** The app's code now (`steps` time steps ahead): the server takes each step once, and one step of drift. */
const codeNow = (secret: string, steps = 0) =>
  TOTP.generate({
    secret: Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    timestamp: Date.now() + steps * 30_000,
  });

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Mi cuenta', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test.describe('verificación en dos pasos', () => {
  test('a member sets up an authenticator app, then signs in with a code and with a backup code', async ({
    page,
    request,
  }) => {
    const member = await newAccount(request, { prefix: 'totp', password: 'dos-pasos-e2e-123' });
    await signIn(page, member);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/perfil');
    const section = page.getByRole('region', { name: 'Seguridad' });
    await expect(section.getByText('Desactivada')).toBeVisible();
    await expectAccessible(page);

    await section.getByRole('button', { name: 'Activar aplicación de autenticación' }).click();
    await confirmIdentity(page, member.password);
    await expect(section.getByRole('img', { name: /Código QR/ })).toBeVisible();
    const secret = (await section.getByLabel('Clave secreta').innerText()).replace(/\s/g, '');
    await expectAccessible(page);
    await page.setViewportSize(MOBILE);
    await expectAccessible(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await section.getByLabel(/Escribe el código de 6 dígitos/).fill(codeNow(secret));
    await section.getByRole('button', { name: 'Confirmar y activar' }).click();

    const list = section.getByRole('list', { name: 'Códigos de recuperación' });
    await expect(list.getByRole('listitem')).toHaveCount(10);
    const codes = await list.getByRole('listitem').allInnerTexts();
    await expectAccessible(page);
    await section.getByRole('button', { name: 'Descargar (.txt)' }).click();
    await section.getByRole('button', { name: 'He guardado los códigos' }).click();
    await expect(section.getByText('Activada', { exact: true })).toBeVisible();
    await expect(section.getByText('10 códigos de recuperación sin usar', { exact: false })).toBeVisible();

    // With a code from the app.
    await signOut(page);
    await signIn(page, member);
    await expect(page.getByRole('heading', { name: 'Verificación en dos pasos' })).toBeVisible();
    await expectAccessible(page);
    await page.setViewportSize(MOBILE);
    await expectAccessible(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    // The next step's code: the set-up spent the current one, and a code is accepted once.
    await page.getByLabel('Código de la aplicación').fill(codeNow(secret, 1));
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(page.getByRole('button', { name: 'Mi cuenta', exact: true })).toBeVisible();

    // With a backup code.
    await signOut(page);
    await signIn(page, member);
    await page.getByRole('button', { name: 'Usar un código de recuperación' }).click();
    await page.getByLabel('Código de recuperación').fill(codes[0] ?? '');
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(page.getByRole('button', { name: 'Mi cuenta', exact: true })).toBeVisible();
    await page.goto('/perfil');
    await expect(page.getByText('9 códigos de recuperación sin usar', { exact: false })).toBeVisible();
  });

  test('an administrator on a new device types the code sent by email', async ({ page, request }) => {
    const admin = await newAccount(request, { prefix: 'jefe', password: 'dos-pasos-e2e-123', role: 'admin' });
    await signIn(page, admin);
    await expect(page.getByLabel('Código del correo')).toBeVisible();
    await expect(page.getByText(/Te hemos enviado un código de 6 dígitos a j\*\*\*@e2e\.test/)).toBeVisible();
    await expectAccessible(page);
    await page.setViewportSize(MOBILE);
    await expectAccessible(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await enterEmailedCode(page, admin.email);
    await expect(page).toHaveURL(/\/dashboard$/);

    // The community's rules, in Configuración.
    await page.goto('/config');
    await page.getByRole('button', { name: 'Verificación en dos pasos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Verificación en dos pasos' });
    await expect(dialog.getByLabel('Exigir verificación en dos pasos a los administradores')).toBeVisible();
    await expectAccessible(page);
    await page.setViewportSize(MOBILE);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await page.setViewportSize({ width: 1280, height: 800 });

    // This browser is now remembered: no code the next time.
    await signOut(page);
    await signIn(page, admin);
    await expect(page.getByRole('button', { name: 'Mi cuenta', exact: true })).toBeVisible();
    await expect(page.getByLabel('Código del correo')).toHaveCount(0);
  });
});
