import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@app/contracts';
import { expect, expectAccessible, mailTo, signIn, newAccount, test } from './fixtures';

test.describe('Password recovery', () => {
  test('request, email through SMTP, link, new password, sign in with it; the link works once', async ({
    page,
    baseURL,
    request,
  }) => {
    // Many steps, each a real request (argon2 hashing, SMTP, axe): more time than a one-screen test.
    test.slow();
    const account = await newAccount(request, { prefix: 'olvido', password: 'olvido-e2e-secret' });
    const newPassword = 'recuperada-e2e-1';
    await page.goto('/login');
    await page.getByRole('link', { name: 'Recuperar contraseña' }).click();
    await expect(page).toHaveURL(/\/reset-password$/);
    await expect(page.getByRole('heading', { name: 'Recuperar Contraseña' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Regístrate aquí' })).toHaveAttribute('href', '/register');
    await expectAccessible(page);

    await page.getByLabel('Correo Electrónico').fill(account.email);
    await page.getByRole('button', { name: 'Enviar Instrucciones' }).click();
    await expect(page.getByText('Instrucciones enviadas a tu correo electrónico')).toBeVisible();
    await expect(
      page.getByText(`Hemos enviado las instrucciones para recuperar tu contraseña a`),
    ).toContainText(account.email);
    await expectAccessible(page);

    await expect.poll(async () => (await mailTo(account.email)).length).toBe(1);
    const [mail] = await mailTo(account.email);
    expect(mail?.subject).toBe('Recupera tu contraseña');
    const link = /https?:\/\/\S+\/reset-password\?token=[\w%-]+/.exec(mail?.text ?? '')?.[0];
    expect(link?.startsWith(`${baseURL}/reset-password?token=`)).toBe(true);

    await page.goto(link ?? '');
    await expect(page.getByText('Elige una nueva contraseña para tu cuenta')).toBeVisible();
    await page.getByLabel('Nueva contraseña').fill(newPassword);
    await page.getByLabel('Confirmar contraseña').fill('otra-cosa');
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('Confirmar contraseña').fill(newPassword);
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Contraseña actualizada correctamente')).toBeVisible();
    await signIn(page, account);
    await expect(page.getByText('Correo electrónico o contraseña incorrectos')).toBeVisible();
    await signIn(page, { email: account.email, password: newPassword });
    await expect(page).toHaveURL(/\/dashboard$/);

    // The link is spent: a clear message and a way to ask for a new one.
    await page.goto(link ?? '');
    await expect(page.getByText(/El enlace de recuperación no es válido o ha caducado/)).toBeVisible();
    await page.getByRole('link', { name: 'Solicitar un nuevo enlace' }).click();
    await expect(page.getByRole('button', { name: 'Enviar Instrucciones' })).toBeVisible();
  });

  test('answers an unknown email the same way, and lets the visitor try another address', async ({
    page,
  }) => {
    await page.goto('/reset-password');
    await page.getByRole('button', { name: 'Enviar Instrucciones' }).click();
    await expect(page.getByText('Por favor, introduce tu correo electrónico')).toBeVisible();
    await page.getByLabel('Correo Electrónico').fill('no-es-un-correo');
    await page.getByRole('button', { name: 'Enviar Instrucciones' }).click();
    await expect(page.getByText('Por favor, introduce un correo electrónico válido')).toBeVisible();

    const unknown = `nadie-${Date.now()}@e2e.test`;
    await page.getByLabel('Correo Electrónico').fill(unknown);
    await page.getByRole('button', { name: 'Enviar Instrucciones' }).click();
    await expect(page.getByText('Instrucciones enviadas a tu correo electrónico')).toBeVisible();
    await expect(page.getByText('Hemos enviado las instrucciones')).toContainText(unknown);

    await page.getByRole('button', { name: 'Intentar con otro correo' }).click();
    await expect(page.getByLabel('Correo Electrónico')).toHaveValue('');
    expect(await mailTo(unknown)).toEqual([]);
  });

  test('a link opened where a session has just ended checks the link and shows the form', async ({
    page,
    request,
  }) => {
    test.slow();
    const account = await newAccount(request, { prefix: 'olvido', password: 'olvido-e2e-secret' });
    const asked = await request.post('/api/accounts/password-reset/request', {
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      data: { email: account.email },
    });
    expect(asked.ok()).toBe(true);
    await expect.poll(async () => (await mailTo(account.email)).length).toBe(1);
    const [mail] = await mailTo(account.email);
    const link = /https?:\/\/\S+\/reset-password\?token=[\w%-]+/.exec(mail?.text ?? '')?.[0] ?? '';

    // The member signed in here once; the session has since ended (no cookie), but the app still remembers it.
    await signIn(page, account);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.context().clearCookies();
    // The link's check is answered only after the app has learnt that the session ended.
    await page.route('**/api/accounts/password-reset/check', async (route) => {
      await page.waitForFunction(() => localStorage.getItem('userSession') === null);
      await route.continue();
    });
    await page.goto(link);
    await expect(page.getByText('Elige una nueva contraseña para tu cuenta')).toBeVisible();
    await expect(page.getByLabel('Nueva contraseña')).toBeEnabled();
  });

  test('a link that is not valid says so and offers a new one', async ({ page }) => {
    await page.goto('/reset-password?token=enlace-inventado');
    await expect(page.getByText(/El enlace de recuperación no es válido o ha caducado/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Solicitar un nuevo enlace' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
    await expectAccessible(page);
  });
});
