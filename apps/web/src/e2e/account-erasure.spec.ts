import { ERASURE_CONSEQUENCES, ERASURE_MESSAGES, MESSAGES, SUBSCRIPTION_ENDING_LABELS } from '@app/contracts';
import type { Locator, Page } from '@playwright/test';
import { payingMember, setUpVipPlan, subscriptionsOf } from './billing-setup';
import {
  ACCOUNTS,
  cutTexts,
  expect,
  expectAccessible,
  mailTo,
  MOBILE,
  newAccount,
  openSignedIn,
  shot,
  signIn,
  test,
  unique,
} from './fixtures';

const DESKTOP = { width: 1366, height: 768 };

/** Two buttons share a row when their boxes overlap vertically. */
async function onOneRow(first: Locator, second: Locator): Promise<boolean> {
  const [a, b] = [await first.boundingBox(), await second.boundingBox()];
  if (!a || !b) return false;
  return a.y < b.y + b.height && b.y < a.y + a.height;
}

const row = (page: Page, text: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: text, exact: true }) });

test.describe('«Eliminar mi cuenta» (/perfil)', () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    test(`a member reads what happens, confirms with the password and can no longer sign in (${viewport.width} px)`, async ({
      page,
      request,
    }) => {
      test.slow();
      const member = await newAccount(request, { prefix: 'adios', password: 'adios-e2e-secret' });
      await page.setViewportSize(viewport);
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
      // «Cancelar» beside the red button, whose whole label shows (wrapped inside it on a phone).
      expect(await onOneRow(dialog.getByRole('button', { name: 'Cancelar' }), confirm)).toBe(true);
      await shot(page, `eliminar-dialogo-${viewport.width}`);
      expect(await cutTexts(dialog)).toEqual([]);
      await dialog.getByLabel('Contraseña actual').fill('no-es-la-buena');
      await confirm.click();
      await expect(dialog.getByText('La contraseña actual no es correcta')).toBeVisible();

      await dialog.getByLabel('Contraseña actual').fill(member.password);
      await confirm.click();
      // A page that says what happened, and what became of a subscription.
      await expect(page).toHaveURL(/\/cuenta-eliminada$/);
      await expect(page.getByRole('heading', { name: ERASURE_MESSAGES.erased })).toBeVisible();
      await expect(page.getByText(/se ha cancelado en Stripe: no se te cobrará nada más/)).toBeVisible();
      await shot(page, `cuenta-eliminada-${viewport.width}`);
      expect(await cutTexts(page.locator('body'))).toEqual([]);
      await expectAccessible(page);
      await page.getByRole('link', { name: 'Ir a iniciar sesión' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect
        .poll(async () => (await mailTo(member.email)).map((mail) => mail.subject), { timeout: 30_000 })
        .toContain('Tu cuenta se ha eliminado');

      await signIn(page, member);
      await expect(page.getByText(MESSAGES.invalidCredentials).first()).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
    });
  }
});

test.describe('«Eliminar mi cuenta» for the last administrator', () => {
  for (const viewport of [DESKTOP, MOBILE]) {
    test(`says up front why the account cannot be erased (${viewport.width} px)`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await openSignedIn(page, ACCOUNTS.admin);
      await expect(page).toHaveURL(/\/dashboard$/);
      // Other specs add administrators in parallel: the screen must say what the server would answer.
      const mine = (await (await page.request.get('/api/accounts/erasure')).json()) as {
        last_admin: boolean;
      };
      await page.goto('/perfil');
      const section = page.getByRole('region', { name: 'Eliminar mi cuenta' });
      const button = section.getByRole('button', { name: 'Eliminar mi cuenta' });
      if (mine.last_admin) {
        await expect(section.getByText(ERASURE_MESSAGES.lastAdmin)).toBeVisible();
        await expect(button).toBeDisabled();
        await section.scrollIntoViewIfNeeded();
        await shot(page, `eliminar-ultimo-admin-${viewport.width}`);
      } else {
        await expect(section.getByText(ERASURE_MESSAGES.lastAdmin)).toHaveCount(0);
        await expect(button).toBeEnabled();
      }
      expect(await cutTexts(section)).toEqual([]);
      await expectAccessible(page);
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

    await openSignedIn(page, ACCOUNTS.admin, '/config');
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
      await openSignedIn(page, ACCOUNTS.admin, '/config');
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
