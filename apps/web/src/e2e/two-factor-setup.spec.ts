import { CSRF_HEADER, CSRF_HEADER_VALUE, TWO_FACTOR_MESSAGES } from '@app/contracts';
import type { Locator, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import {
  ACCOUNTS,
  adminDeviceCookie,
  confirmIdentity,
  cutTexts,
  enterEmailedCode,
  expect,
  expectAccessible,
  MOBILE,
  newAccount,
  shot,
  signIn,
  test,
  unique,
} from './fixtures';

const headers = { [CSRF_HEADER]: CSRF_HEADER_VALUE };
const DESKTOP = { width: 1366, height: 768 };
const codeNow = (secret: string) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), digits: 6, period: 30, timestamp: Date.now() });

/**
 * The set-up as an authenticator app asks for it: the secret grouped in fours beside «Copiar clave», the QR code
 * centred in its column; answers the secret without its spaces.
 */
async function readSetup(page: Page, scope: Locator, name: string): Promise<string> {
  const qr = scope.getByRole('img', { name: /Código QR/ });
  await expect(qr).toBeVisible();
  await shot(page, name);
  await expect(scope.getByRole('button', { name: 'Copiar clave' })).toBeVisible();
  const shown = (await scope.getByLabel('Clave secreta').innerText()).trim();
  expect(shown).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{4})*( [A-Z2-7]{1,3})?$/);
  // Centred: as much room on its left as on its right, within its column.
  const column = qr.locator('xpath=ancestor::form[1]');
  const [box, around] = [await qr.boundingBox(), await column.boundingBox()];
  expect(box && around).toBeTruthy();
  if (box && around) {
    const left = box.x - around.x;
    const right = around.x + around.width - (box.x + box.width);
    expect(Math.abs(left - right)).toBeLessThan(4);
  }
  expect(await cutTexts(scope)).toEqual([]);
  await expectAccessible(page);
  return shown.replace(/\s/g, '');
}

/** The backup codes: going on waits until they are downloaded. */
async function keepBackupCodes(page: Page, scope: Locator, done: string, name: string): Promise<void> {
  await expect(
    scope.getByRole('list', { name: 'Códigos de recuperación' }).getByRole('listitem'),
  ).toHaveCount(10);
  await shot(page, name);
  await expect(scope.getByRole('button', { name: done })).toBeDisabled();
  await expect(scope.getByText('Copia o descarga los códigos para continuar.')).toBeVisible();
  await expectAccessible(page);
  const download = page.waitForEvent('download');
  await scope.getByRole('button', { name: 'Descargar (.txt)' }).click();
  expect((await download).suggestedFilename()).toBe('codigos-de-recuperacion.txt');
  await expect(scope.getByRole('button', { name: done })).toBeEnabled();
  await scope.getByRole('button', { name: done }).click();
}

test.describe('Setting up an authenticator app', () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    test(`in /perfil: grouped secret with a copy button, centred QR, codes kept before going on (${viewport.width} px)`, async ({
      page,
      request,
    }) => {
      const member = await newAccount(request, { prefix: 'clave', password: 'dos-pasos-e2e-123' });
      await page.setViewportSize(viewport);
      await signIn(page, member);
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goto('/perfil');
      const section = page.getByRole('region', { name: 'Seguridad' });
      await section.getByRole('button', { name: 'Activar aplicación de autenticación' }).click();
      await confirmIdentity(page, member.password);
      const secret = await readSetup(page, section, `perfil-app-${viewport.width}`);
      await section.getByLabel(/Escribe el código de 6 dígitos/).fill(codeNow(secret));
      await section.getByRole('button', { name: 'Confirmar y activar' }).click();
      await keepBackupCodes(page, section, 'He guardado los códigos', `perfil-codigos-${viewport.width}`);
      await expect(section.getByText('Activada', { exact: true })).toBeVisible();
    });
  }

  test('required at sign-in: no way back to the password once the backup codes are shown', async ({
    page,
    request,
  }) => {
    // A role of the test's own requires the app, so no other spec's sign-in changes.
    const role = `dospasos${unique()}`;
    const admin = await request.post('/api/auth/login', {
      headers: { ...headers, cookie: adminDeviceCookie() },
      data: { email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password },
    });
    expect(admin.ok(), await admin.text()).toBe(true);
    const created = await request.post('/api/admin/roles', {
      headers,
      data: { name: role, description: 'Exige la aplicación', tools: [] },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const { id: roleId } = (await created.json()) as { id: number };
    const { require_admins, required_role_ids } = (await (
      await request.get('/api/admin/two-factor')
    ).json()) as {
      require_admins: boolean;
      required_role_ids: number[];
    };
    const before = { require_admins, required_role_ids };
    const saved = await request.put('/api/admin/two-factor', {
      headers,
      data: {
        require_admins: before.require_admins,
        required_role_ids: [...before.required_role_ids, roleId],
      },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    await request.post('/api/auth/logout', { headers });
    const member = await newAccount(request, { prefix: 'exigida', password: 'dos-pasos-e2e-123', role });

    await page.setViewportSize(MOBILE);
    try {
      await signIn(page, member);
      // The mailbox first: a password alone does not choose the account's authenticator.
      await enterEmailedCode(page, member.email);
      await expect(
        page.getByRole('heading', { name: 'Configura la verificación en dos pasos' }),
      ).toBeVisible();
      const main = page.getByRole('main');
      await expect(main.getByRole('button', { name: 'Volver a iniciar sesión' })).toBeVisible();
      const secret = await readSetup(page, main, 'exigida-app-375');
      await main.getByLabel(/Escribe el código de 6 dígitos/).fill(codeNow(secret));
      await main.getByRole('button', { name: 'Activar y continuar' }).click();
      await expect(main.getByRole('list', { name: 'Códigos de recuperación' })).toBeVisible();
      await expect(main.getByRole('button', { name: 'Volver a iniciar sesión' })).toHaveCount(0);
      await keepBackupCodes(page, main, 'Continuar', 'exigida-codigos-375');
      await expect(page).toHaveURL(/\/dashboard$/);
    } finally {
      await request.post('/api/auth/login', {
        headers: { ...headers, cookie: adminDeviceCookie() },
        data: { email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password },
      });
      await request.put('/api/admin/two-factor', { headers, data: before });
      await request.post('/api/auth/logout', { headers });
    }
  });
});

test.describe('The emailed code', () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    test(`offers «Reenviar código» after a countdown; the server keeps its minute (${viewport.width} px)`, async ({
      page,
      request,
    }) => {
      const admin = await newAccount(request, {
        prefix: 'reenvio',
        password: 'dos-pasos-e2e-123',
        role: 'admin',
      });
      await page.setViewportSize(viewport);
      await page.clock.install();
      await signIn(page, admin);
      await expect(page.getByLabel('Código del correo')).toBeVisible();
      await shot(page, `codigo-correo-${viewport.width}`);
      const resend = page.getByRole('button', { name: /^Reenviar código en \d+ s$/ });
      await expect(resend).toBeDisabled();
      expect(await cutTexts(page.getByRole('main'))).toEqual([]);
      await expectAccessible(page);
      // The screen's minute passes; the server, on real time, still keeps its own.
      await page.clock.fastForward(61_000);
      const ready = page.getByRole('button', { name: 'Reenviar código', exact: true });
      await expect(ready).toBeEnabled();
      await ready.click();
      await expect(page.getByText(TWO_FACTOR_MESSAGES.resendWait)).toBeVisible();
    });
  }
});
