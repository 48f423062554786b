import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@app/contracts';
import type { Page } from '@playwright/test';
import {
  ACCOUNTS,
  enterEmailedCode,
  expect,
  expectAccessible,
  mailTo,
  MOBILE,
  newAccount,
  openSignedIn,
  signIn,
  test,
  unique,
} from './fixtures';

const headers = { [CSRF_HEADER]: CSRF_HEADER_VALUE };

const userRow = (page: Page, username: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: username, exact: true }) });

async function register(page: Page, member: { username: string; email: string; password: string }) {
  await page.goto('/register');
  await page.getByLabel('Nombre de usuario').fill(member.username);
  await page.getByLabel('Correo Electrónico').fill(member.email);
  await page.getByLabel('Teléfono').fill('+34 600 111 222');
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(member.password);
  await page.getByLabel('Confirmar contraseña').fill(member.password);
  await page.getByRole('button', { name: 'Registrarse' }).click();
  await expect(page.getByRole('heading', { name: '¡Gracias por registrarte!' })).toBeVisible();
}

test.describe('Account emails', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a visitor registers, the admin is emailed, follows the link, bulk-activates; the members get their welcome', async ({
    page,
    request,
  }) => {
    const id = unique();
    // An admin of this test's own: other specs register visitors at the same time, and an admin hears of at
    // most one registration per 10 minutes, so the seeded admin's next email may be a later digest.
    const admin = await newAccount(request, { prefix: 'jefa', password: 'jefa-e2e-secreto', role: 'admin' });
    const members = ['a', 'b'].map((n) => ({
      username: `alta${id}${n}`,
      email: `alta${id}${n}@e2e.test`,
      password: 'alta-e2e-123',
    }));
    for (const member of members) await register(page, member);

    // The admin's email names a new registration and links to the accounts waiting for activation.
    await expect.poll(async () => (await mailTo(admin.email)).length, { timeout: 30_000 }).toBeGreaterThan(0);
    const [notice] = await mailTo(admin.email);
    expect(notice?.subject).toMatch(/^Nuevo registro pendiente de activación: /);
    const link = /https?:\/\/\S+\/config\?pendientes=1/.exec(notice?.text ?? '')?.[0];
    expect(link).toBeDefined();

    await signIn(page, admin);
    await enterEmailedCode(page, admin.email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(new URL(link ?? '').pathname + new URL(link ?? '').search);
    await expect(page.getByLabel('Solo pendientes de activación')).toBeChecked();
    // The search applies after a pause in typing and a new search clears the selection: wait for it first.
    await page.getByLabel('Buscar').fill(`alta${id}`);
    await expect(page.getByRole('row')).toHaveCount(3);
    for (const member of members) await expect(userRow(page, member.username)).toContainText('Inactiva');

    await page.getByLabel('Seleccionar los usuarios de esta página').check();
    const toolbar = page.getByRole('region', { name: 'Acciones sobre la selección' });
    await expect(toolbar).toContainText('2 cuentas seleccionadas');
    await toolbar.getByRole('button', { name: 'Activar', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Activar cuentas' })
      .getByRole('button', { name: 'Activar', exact: true })
      .click();
    await expect(page.getByText('2 cuentas activadas')).toBeVisible();

    // Historial lists the activation, under this admin's name.
    await page.getByRole('tab', { name: 'Historial' }).click();
    await page.getByRole('combobox', { name: 'Administrador' }).click();
    await page.getByRole('option', { name: admin.username }).click();
    const entry = page.getByRole('row').filter({ hasText: 'Activar: 2 cuentas' });
    await expect(entry).toContainText('Acción masiva sobre usuarios');
    await expect(entry).toContainText(admin.username);

    for (const member of members) {
      await expect
        .poll(async () => (await mailTo(member.email)).map((mail) => mail.subject), { timeout: 30_000 })
        .toEqual(['Confirma tu correo electrónico', 'Tu cuenta ya está activa']);
    }
  });

  test('refusing a pending account emails the reason the admin typed', async ({ page, request }) => {
    const id = unique();
    const member = { username: `rech${id}`, email: `rech${id}@e2e.test`, password: 'rech-e2e-123' };
    const registered = await request.post('/api/accounts/register', {
      headers,
      data: { ...member, phone: '+34 600 000 000' },
    });
    expect(registered.ok()).toBe(true);

    await openSignedIn(page, ACCOUNTS.admin, '/config');
    await page.getByLabel('Buscar').fill(member.username);
    await userRow(page, member.username)
      .getByRole('button', { name: `Eliminar ${member.username}` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Eliminar usuario' });
    await confirm.getByLabel('Motivo del rechazo (opcional)').fill('Solo admitimos alumnos del curso.');
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText('Ningún usuario coincide con la búsqueda')).toBeVisible();

    await expect
      .poll(
        async () =>
          (await mailTo(member.email)).map((mail) => [
            mail.subject,
            mail.text.includes('Motivo: Solo admitimos alumnos del curso.'),
          ]),
        { timeout: 30_000 },
      )
      .toEqual([
        ['Confirma tu correo electrónico', false],
        ['Tu solicitud de acceso no ha sido aprobada', true],
      ]);
  });

  for (const viewport of [null, MOBILE]) {
    test(`the "Correos" dialog shows the three switches and saves them${viewport ? ' (375 px)' : ''}`, async ({
      page,
    }) => {
      if (viewport) await page.setViewportSize(viewport);
      await openSignedIn(page, ACCOUNTS.admin, '/config');
      await page.getByRole('button', { name: 'Correos' }).click();
      const dialog = page.getByRole('dialog', { name: 'Correos automáticos' });
      for (const label of ['Nuevo registro', 'Cuenta activada', 'Solicitud rechazada']) {
        await expect(dialog.getByRole('switch', { name: label })).toBeChecked();
      }
      await expectAccessible(page);
      // Saving as it is keeps every email on (other specs rely on them).
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      await expect(page.getByText('Configuración de correos guardada')).toBeVisible();
      await expect(dialog).toBeHidden();
    });
  }
});
