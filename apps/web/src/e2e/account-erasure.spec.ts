import { ERASURE_CONSEQUENCES, MESSAGES, SUBSCRIPTION_ENDING_LABELS } from '@app/contracts';
import type { Page } from '@playwright/test';
import { payingMember, setUpVipPlan, subscriptionsOf } from './billing-setup';
import {
  ACCOUNTS,
  expect,
  expectAccessible,
  mailTo,
  MOBILE,
  signIn,
  test,
  unique,
  newAccount,
} from './fixtures';

const row = (page: Page, text: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: text, exact: true }) });

test.describe('«Eliminar mi cuenta» (/perfil)', () => {
  for (const viewport of [null, MOBILE]) {
    test(`a member reads what happens, confirms with the password and can no longer sign in${viewport ? ' (375 px)' : ''}`, async ({
      page,
      request,
    }) => {
      test.slow();
      const member = await newAccount(request, { prefix: 'adios', password: 'adios-e2e-secret' });
      if (viewport) await page.setViewportSize(viewport);
      await signIn(page, member);
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goto('/perfil');

      const section = page.getByRole('region', { name: 'Eliminar mi cuenta' });
      for (const line of ERASURE_CONSEQUENCES) await expect(section).toContainText(line);
      await expectAccessible(page);

      await section.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
      const dialog = page.getByRole('dialog', { name: '¿Eliminar tu cuenta?' });
      await expect(dialog).toContainText('Esta acción no se puede deshacer.');
      await expectAccessible(page);
      const confirm = dialog.getByRole('button', { name: 'Eliminar mi cuenta definitivamente' });
      await dialog.getByLabel('Contraseña actual').fill('no-es-la-buena');
      await confirm.click();
      await expect(dialog.getByText('La contraseña actual no es correcta')).toBeVisible();

      await dialog.getByLabel('Contraseña actual').fill(member.password);
      await confirm.click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByText('Tu cuenta se ha eliminado')).toBeVisible();
      await expect
        .poll(async () => (await mailTo(member.email)).map((mail) => mail.subject), { timeout: 30_000 })
        .toContain('Tu cuenta se ha eliminado');

      await signIn(page, member);
      await expect(page.getByText(MESSAGES.invalidCredentials).first()).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
    });
  }
});

test.describe('An administrator erases a paying member (/config)', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the member is erased, Stripe cancels the subscription, Historial names the administrator', async ({
    page,
    request,
  }) => {
    await setUpVipPlan(page);
    const username = `borrar${unique()}`;
    const email = `${username}@e2e.test`;
    await payingMember(request, email);

    await signIn(page, ACCOUNTS.admin);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/config');
    await page.getByLabel('Buscar').fill(username);
    await expect(row(page, username)).toContainText('VIP');
    await row(page, username)
      .getByRole('button', { name: `Eliminar ${username}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Eliminar usuario' });
    await expect(dialog).toContainText('el Historial lo nombrará con un seudónimo');
    await dialog.getByRole('radio', { name: SUBSCRIPTION_ENDING_LABELS.now }).check();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText('Ningún usuario coincide con la búsqueda')).toBeVisible();

    await expect
      .poll(async () => (await subscriptionsOf(email)).map((s) => s.status), { timeout: 30_000 })
      .toEqual(['canceled']);
    // The member is told, at the address the account had.
    await expect
      .poll(async () => (await mailTo(email)).map((mail) => mail.subject), { timeout: 30_000 })
      .toContain('Un administrador ha eliminado tu cuenta');

    await page.getByRole('tab', { name: 'Historial' }).click();
    await expect(page.getByRole('heading', { name: 'Historial de acciones' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Acción' }).click();
    await page.getByRole('option', { name: 'Usuario eliminado' }).click();
    const entry = page
      .getByRole('row')
      .filter({ hasText: /Miembro eliminado #[0-9a-f]{6}/ })
      .first();
    await expect(entry).toContainText('admin');
    await expect(page.getByRole('row').filter({ hasText: username })).toHaveCount(0);
  });
});

test.describe('«Conservación de datos» (/config)', () => {
  for (const viewport of [null, MOBILE]) {
    test(`the administrator reads the days kept${viewport ? ' (375 px)' : ', and saves them'}`, async ({
      page,
    }) => {
      if (viewport) await page.setViewportSize(viewport);
      await signIn(page, ACCOUNTS.admin);
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goto('/config');
      await page.getByRole('tab', { name: 'Conservación de datos' }).click();
      const panel = page.getByRole('region', { name: 'Conservación de datos' });
      const ai = panel.getByLabel('Textos de IA y sus registros (días)');
      await expect(ai).not.toHaveValue('');
      await expectAccessible(page);
      if (viewport) return;
      // The default, saved again: a repeated run reads the same value back.
      await ai.fill('90');
      await panel.getByRole('button', { name: 'Guardar' }).click();
      await expect(page.getByText('Conservación de datos guardada')).toBeVisible();
      await page.reload();
      await page.getByRole('tab', { name: 'Conservación de datos' }).click();
      await expect(
        page
          .getByRole('region', { name: 'Conservación de datos' })
          .getByLabel('Textos de IA y sus registros (días)'),
      ).toHaveValue('90');
    });
  }
});
