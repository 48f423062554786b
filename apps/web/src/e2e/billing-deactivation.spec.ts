import {
  SUBSCRIPTION_ENDING_DONE,
  SUBSCRIPTION_ENDING_LABELS,
  type SubscriptionEnding,
} from '@app/contracts';
import type { Page } from '@playwright/test';
import { payingMember, setUpVipPlan, subscriptionsOf } from './billing-setup';
import { ACCOUNTS, expect, expectAccessible, MOBILE, openSignedIn, test, unique } from './fixtures';

const row = (page: Page, text: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: text, exact: true }) });

test.describe("An administrator deactivates a paying member (/config): Stripe's subscription ends as chosen", () => {
  test.describe.configure({ timeout: 180_000 });

  const cases: { ending: SubscriptionEnding; viewport: typeof MOBILE | null }[] = [
    { ending: 'now', viewport: null },
    { ending: 'period_end', viewport: MOBILE },
  ];
  for (const { ending, viewport } of cases) {
    test(`«${SUBSCRIPTION_ENDING_LABELS[ending]}»${viewport ? ' (375 px)' : ''}`, async ({
      page,
      request,
    }) => {
      await setUpVipPlan(page);
      const username = `baja${unique()}`;
      const email = `${username}@e2e.test`;
      await payingMember(request, email);

      if (viewport) await page.setViewportSize(viewport);
      await openSignedIn(page, ACCOUNTS.admin, '/config');
      await page.getByLabel('Buscar').fill(username);
      await expect(row(page, username)).toContainText('Activa');
      await row(page, username)
        .getByRole('button', { name: `Editar ${username}` })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Editar Usuario' });
      const choice = dialog.getByRole('radiogroup', { name: 'Suscripción en Stripe' });
      // Only deactivating a member whose subscription is live asks how it ends, keeping the paid period by default.
      await expect(choice).toHaveCount(0);
      await dialog.getByLabel('Usuario Activo').uncheck();
      await expect(choice).toBeVisible();
      await expect(dialog.getByText('Este miembro tiene una suscripción activa en Stripe.')).toBeVisible();
      await expect(choice.getByRole('radio', { name: SUBSCRIPTION_ENDING_LABELS.period_end })).toBeChecked();
      await expectAccessible(page);
      await choice.getByRole('radio', { name: SUBSCRIPTION_ENDING_LABELS[ending] }).check();
      await dialog.getByRole('button', { name: 'Guardar Cambios' }).click();
      await expect(dialog).toBeHidden();
      await expect(row(page, username)).toContainText('Inactiva');

      // At Stripe: cancelled now, or still active without renewing.
      const expected =
        ending === 'now'
          ? { status: 'canceled', cancel_at_period_end: false }
          : { status: 'active', cancel_at_period_end: true };
      await expect
        .poll(
          async () =>
            (await subscriptionsOf(email)).map((s) => ({
              status: s.status,
              cancel_at_period_end: s.cancel_at_period_end,
            })),
          { timeout: 30_000 },
        )
        .toEqual([expected]);

      await page.getByRole('tab', { name: 'Historial' }).click();
      await expect(page.getByRole('heading', { name: 'Historial de acciones' })).toBeVisible();
      await page.getByRole('combobox', { name: 'Acción' }).click();
      await page.getByRole('option', { name: 'Cuenta desactivada' }).click();
      // The member has four entries before the filter lands (three from Stripe): wait for the filtered list.
      await expect(row(page, username)).toHaveCount(1);
      const entry = row(page, username);
      await expect(entry).toContainText('Cuenta desactivada');
      await expect(entry).toContainText(SUBSCRIPTION_ENDING_DONE[ending]);
      await expectAccessible(page);

      // Stripe's event about the subscription (ended, or set not to renew) arrives and leaves the account inactive.
      await page.getByRole('tab', { name: 'Usuarios' }).click();
      const after = ending === 'now' ? 'VIP · Cancelada' : 'VIP · Activa';
      await expect(async () => {
        await page.reload();
        await page.getByLabel('Buscar').fill(username);
        await expect(row(page, username)).toContainText(after, { timeout: 5_000 });
      }).toPass({ timeout: 60_000 });
      await expect(row(page, username)).toContainText('Inactiva');
    });
  }
});
