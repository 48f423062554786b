import type { Page } from '@playwright/test';
import {
  confirmIdentity,
  expect,
  expectAccessible,
  MOBILE,
  signIn,
  test as base,
  newAccount,
} from './fixtures';

/**
 * Browsers refuse an IP address as a passkey's site: the server (listening on 127.0.0.1, no APP_URL) binds its
 * passkeys to `localhost`, so this spec browses it by that name.
 */
const test = base.extend({
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: global setup did not run');
    await use(url.replace('127.0.0.1', 'localhost'));
  },
});

/** Chromium's virtual authenticator (DevTools protocol): a platform authenticator that verifies the user. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    /** The passkeys it holds, to copy into another browser's authenticator (the same phone, elsewhere). */
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    add: async (
      credential: Awaited<ReturnType<typeof cdp.send<'WebAuthn.getCredentials'>>>['credentials'][number],
    ) => cdp.send('WebAuthn.addCredential', { authenticatorId, credential }),
  };
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Mi cuenta', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Cerrar Sesión' }).click();
}

const passkeysSection = (page: Page) => page.getByRole('region', { name: 'Llaves de acceso' });
const sessionsSection = (page: Page) => page.getByRole('region', { name: 'Sesiones y dispositivos' });

test.describe('Passkeys and sessions', () => {
  test('adds a passkey in /perfil, signs in with it, and ends another session', async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    const member = await newAccount(request, { prefix: 'llaves', password: 'llaves-e2e-secreto' });
    const authenticator = await addVirtualAuthenticator(page);
    await signIn(page, member);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/perfil');
    await expect(
      passkeysSection(page).getByText('Aún no has añadido ninguna llave de acceso.'),
    ).toBeVisible();
    await expect(sessionsSection(page).getByText('Este dispositivo')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Añadir una llave de acceso' }).click();
    const dialog = page.getByRole('dialog', { name: 'Añadir una llave de acceso' });
    await dialog.getByLabel('Nombre de la llave de acceso').fill('Portátil de prueba');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Continuar' }).click();
    // A session alone cannot add a passkey: the password first.
    await expectAccessible(page);
    await confirmIdentity(page, member.password);
    await expect(page.getByText('Llave de acceso añadida. Hemos cerrado tus otras sesiones.')).toBeVisible();
    const row = passkeysSection(page).getByRole('listitem').filter({ hasText: 'Portátil de prueba' });
    await expect(row.getByText('Todavía no se ha usado')).toBeVisible();

    // Signed out, the passkey is the way back in. The login screen asks the browser for its passkeys in the email
    // field's autofill; Chromium's virtual authenticator picks the one it holds at once, as a member would.
    await signOut(page);
    await expect(page.getByText('¡Bienvenido!')).toBeVisible();
    await expect(page).toHaveURL(/\/(perfil|dashboard)$/);
    await page.goto('/perfil');

    // A browser that offers no passkey autofill: the button asks for one.
    await page.evaluate(() => {
      PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
    });
    await signOut(page);
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByLabel('Correo Electrónico')).toHaveAttribute('autocomplete', 'username webauthn');
    await page.getByRole('button', { name: 'Entrar con una llave de acceso' }).click();
    await expect(page).toHaveURL(/\/(perfil|dashboard)$/);
    await page.goto('/perfil');
    await expect(row.getByText(/^Último uso: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeVisible();

    // Another browser signs in with the password, and the passkey (the same one, carried over) is its second
    // step; this browser then ends that session from the list.
    const other = await browser.newContext({ baseURL });
    try {
      await other.addInitScript(() => {
        PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
      });
      const otherPage = await other.newPage();
      const carried = await addVirtualAuthenticator(otherPage);
      for (const credential of await authenticator.credentials()) await carried.add(credential);
      await signIn(otherPage, member);
      await expect(otherPage.getByRole('heading', { name: 'Verificación en dos pasos' })).toBeVisible();
      await expectAccessible(otherPage);
      await otherPage.getByRole('button', { name: 'Usar una llave de acceso' }).click();
      await expect(otherPage).toHaveURL(/\/dashboard$/);
      expect((await otherPage.request.get('/api/auth/me')).status()).toBe(200);

      await page.reload();
      const sessions = sessionsSection(page).getByRole('listitem');
      await expect(sessions).toHaveCount(2);
      const otherSession = sessions.filter({ hasNotText: 'Este dispositivo' });
      await otherSession.getByRole('button', { name: 'Cerrar sesión' }).click();
      await expect(page.getByText('Sesión cerrada.', { exact: true })).toBeVisible();
      await expect(sessions).toHaveCount(1);
      await expect(sessions.getByText('Este dispositivo')).toBeVisible();
      expect((await otherPage.request.get('/api/auth/me')).status()).toBe(401);
    } finally {
      await other.close();
    }

    await row.getByRole('button', { name: 'Cambiar nombre' }).click();
    const rename = page.getByRole('dialog', { name: 'Cambiar el nombre' });
    await rename.getByLabel('Nombre de la llave de acceso').fill('Portátil de casa');
    await rename.getByRole('button', { name: 'Guardar' }).click();
    const renamed = passkeysSection(page).getByRole('listitem').filter({ hasText: 'Portátil de casa' });
    await expect(renamed).toBeVisible();

    await renamed.getByRole('button', { name: 'Eliminar' }).click();
    const removal = page.getByRole('dialog', { name: 'Eliminar la llave de acceso' });
    await removal.getByLabel('Contraseña actual').fill(member.password);
    await expectAccessible(page);
    await removal.getByRole('button', { name: 'Eliminar' }).click();
    await expect(
      passkeysSection(page).getByText('Aún no has añadido ninguna llave de acceso.'),
    ).toBeVisible();
  });

  test('the new screens at 375 px: Seguridad in /perfil and the login', async ({ page, request }) => {
    const member = await newAccount(request, { prefix: 'llaves', password: 'llaves-e2e-secreto' });
    await page.setViewportSize(MOBILE);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Entrar con una llave de acceso' })).toBeVisible();
    await expectAccessible(page);
    await signIn(page, member);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/perfil');
    await expect(sessionsSection(page).getByText('Este dispositivo')).toBeVisible();
    await expect(
      passkeysSection(page).getByText('Aún no has añadido ninguna llave de acceso.'),
    ).toBeVisible();
    await expectAccessible(page);
  });
});
