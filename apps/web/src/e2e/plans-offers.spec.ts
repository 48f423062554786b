import { BILLING_MESSAGES, CSRF_HEADER, CSRF_HEADER_VALUE } from '@app/contracts';
import type { Page } from '@playwright/test';
import { openPlanEditor, setUpVipPlan, subscriptionsOf } from './billing-setup';
import {
  ACCOUNTS,
  cutTexts,
  expect,
  expectAccessible,
  MOBILE,
  newAccount,
  openSignedIn,
  shot,
  signIn,
  test,
} from './fixtures';

const headers = { [CSRF_HEADER]: CSRF_HEADER_VALUE };
const DESKTOP = { width: 1366, height: 768 };

/** Estrategas with its monthly price and a 14-day trial, as billing.spec.ts and dashboard.spec.ts save it. */
async function setUpEstrategasPlan(page: Page): Promise<void> {
  await openSignedIn(page, ACCOUNTS.admin, '/config');
  await page.getByRole('tab', { name: 'Planes' }).click();
  await expect(page.getByText('Conectado', { exact: true })).toBeVisible();
  await openPlanEditor(page, 'Estrategas');
  const form = page.getByRole('region', { name: 'Estrategas' });
  await expect(form.getByText(/^(Plan guardado|Sin plan)$/)).toBeVisible();
  if (await form.getByText('Sin plan').isVisible()) {
    await form.getByLabel('Precio 1', { exact: true }).fill('price_estrategas_monthly');
    await form.getByLabel('Días de prueba gratis').fill('14');
    await form.getByRole('button', { name: 'Guardar plan' }).click();
    await expect(form.getByText('Plan guardado')).toBeVisible();
  }
  await page.context().clearCookies();
}

/** Every button of the plan cards, by its visible words. */
const planButtons = (page: Page) =>
  page.getByRole('main').getByRole('region').getByRole('button').allInnerTexts();

test.describe('/planes offers what fits its reader', () => {
  test.describe.configure({ timeout: 240_000 });

  test('a visitor reads a verb on each price button, and no description repeats the tool list', async ({
    page,
  }) => {
    await setUpVipPlan(page);
    await setUpEstrategasPlan(page);
    for (const viewport of [DESKTOP, MOBILE]) {
      await page.setViewportSize(viewport);
      await page.goto('/planes');
      const vip = page.getByRole('region', { name: 'VIP' });
      await expect(vip.getByText(/49,00\s€ al mes/).first()).toBeVisible();
      await shot(page, `planes-visitante-${viewport.width}`);
      await expect(vip.getByRole('button', { name: /^Suscribirme por 49,00\s€ al mes$/ })).toBeVisible();
      await expect(vip.getByText('Acceso completo', { exact: true })).toBeVisible();
      await expect(vip.getByText(/^Acceso completo:/)).toHaveCount(0);
      for (const label of await planButtons(page)) expect(label).toMatch(/^Suscribirme por .*\d/);
      expect(await cutTexts(page.getByRole('main'))).toEqual([]);
      await expectAccessible(page);
    }
  });

  test('a subscribed member sees «Plan actual» and «Cambiar de plan», never a second purchase', async ({
    page,
    request,
  }) => {
    await setUpVipPlan(page);
    await setUpEstrategasPlan(page);
    // A member pays for VIP: the checkout as them, then the fake Stripe's page.
    const member = await newAccount(request, { prefix: 'suscrita', password: 'suscrita-e2e-secret' });
    const login = await request.post('/api/auth/login', {
      headers,
      data: { email: member.email, password: member.password },
    });
    expect(login.ok(), await login.text()).toBe(true);
    const started = await request.post('/api/billing/checkout', {
      headers,
      data: { price_id: 'price_vip_monthly' },
    });
    expect(started.ok(), await started.text()).toBe(true);
    const { url } = (await started.json()) as { url: string };
    expect((await request.post(url, { form: {}, maxRedirects: 0 })).status()).toBe(303);
    await expect
      .poll(async () => (await subscriptionsOf(member.email)).map((s) => s.status), { timeout: 30_000 })
      .toEqual(['active']);
    // The server refuses a second checkout whatever the screen shows.
    const again = await request.post('/api/billing/checkout', {
      headers,
      data: { price_id: 'price_estrategas_monthly' },
    });
    expect([again.status(), ((await again.json()) as { error: string }).error]).toEqual([
      409,
      BILLING_MESSAGES.alreadySubscribed,
    ]);

    // The webhook makes the member VIP (and ends their sessions, as any change of role does).
    await expect
      .poll(async () => {
        await request.post('/api/auth/login', {
          headers,
          data: { email: member.email, password: member.password },
        });
        return ((await (await request.get('/api/auth/me')).json()) as { role?: string }).role;
      })
      .toBe('vip');
    await signIn(page, member);
    await expect(page).toHaveURL(/\/dashboard$/);
    for (const viewport of [DESKTOP, MOBILE]) {
      await page.setViewportSize(viewport);
      // The dashboard offers no lower tier.
      await page.goto('/dashboard');
      const panel = page.getByRole('region', { name: 'Compara las membresías' });
      await expect(panel.getByText(/^19,00\s€ al mes$/)).toBeVisible();
      await shot(page, `dashboard-vip-suscrita-${viewport.width}`);
      await expect(panel.getByRole('link', { name: /^Ver el plan/ })).toHaveCount(0);

      await page.goto('/planes');
      const vip = page.getByRole('region', { name: 'VIP' });
      await expect(vip.getByText(/49,00\s€ al mes/).first()).toBeVisible();
      await shot(page, `planes-suscrita-${viewport.width}`);
      await expect(vip.getByText('Plan actual', { exact: true })).toBeVisible();
      const estrategas = page.getByRole('region', { name: 'Estrategas' });
      await expect(estrategas.getByRole('button', { name: 'Cambiar de plan' })).toBeVisible();
      await expect(estrategas.getByText(/^19,00\s€ al mes$/)).toBeVisible();
      expect(await planButtons(page)).not.toContainEqual(expect.stringMatching(/Suscribirme/));
      expect(await cutTexts(page.getByRole('main'))).toEqual([]);
      await expectAccessible(page);
    }
    await page
      .getByRole('region', { name: 'Estrategas' })
      .getByRole('button', { name: 'Cambiar de plan' })
      .click();
    await expect(page).toHaveURL(/\/p\/session\//);
  });

  test('an administrator is offered no plan, on /planes nor on /perfil', async ({ page }) => {
    await setUpVipPlan(page);
    await openSignedIn(page, ACCOUNTS.admin);
    await expect(page).toHaveURL(/\/dashboard$/);
    for (const viewport of [DESKTOP, MOBILE]) {
      await page.setViewportSize(viewport);
      await page.goto('/planes');
      await expect(
        page
          .getByRole('region', { name: 'VIP' })
          .getByText(/49,00\s€ al mes/)
          .first(),
      ).toBeVisible();
      await shot(page, `planes-admin-${viewport.width}`);
      await expect(page.getByText(/^Los administradores no necesitan un plan de pago/)).toBeVisible();
      expect(await planButtons(page)).toEqual([]);
      await expectAccessible(page);

      await page.goto('/perfil');
      await expect(page.getByRole('heading', { name: 'Mi Perfil' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Seguridad' })).toBeVisible();
      await shot(page, `perfil-admin-${viewport.width}`);
      await expect(page.getByRole('heading', { name: 'Mi suscripción' })).toHaveCount(0);
      await expect(page.getByText('Ver planes')).toHaveCount(0);
    }
  });

  test('in /config, Planes lists the plans, edits one at a time, moves them up and down', async ({
    page,
  }) => {
    await setUpVipPlan(page);
    await setUpEstrategasPlan(page);
    await openSignedIn(page, ACCOUNTS.admin);
    await expect(page).toHaveURL(/\/dashboard$/);
    const names = ['VIP', 'Cafeínas', 'Estrategas'];
    for (const viewport of [DESKTOP, MOBILE]) {
      await page.setViewportSize(viewport);
      await page.goto('/config?tab=plans');
      await expect(page.getByText('Conectado', { exact: true })).toBeVisible();
      const list = page.getByRole('region', { name: 'Orden en la página de planes' });
      for (const name of names)
        await expect(list.getByRole('button', { name: new RegExp(`^${name}`) })).toBeVisible();
      // One editor at a time.
      await openPlanEditor(page, 'Estrategas');
      for (const name of names.filter((name) => name !== 'Estrategas')) {
        await expect(page.getByRole('region', { name, exact: true })).toHaveCount(0);
      }
      await openPlanEditor(page, 'VIP');
      const vip = page.getByRole('region', { name: 'VIP', exact: true });
      await expect(page.getByRole('region', { name: 'Estrategas' })).toHaveCount(0);
      await expect(vip.getByText('Plan guardado')).toBeVisible();
      await expect(vip.getByLabel(/Posición|Orden en la página de planes/)).toHaveCount(0);
      await shot(page, `config-planes-${viewport.width}`);

      // Order by moving, not by a number: the first saved plan goes down one place, then back.
      const first = list.getByRole('listitem').first();
      const firstName = (await first.getByRole('button').first().innerText()).split('\n')[0] ?? '';
      await expect(list.getByRole('button', { name: `Subir ${firstName}` })).toBeDisabled();
      await list.getByRole('button', { name: `Bajar ${firstName}` }).click();
      await expect(list.getByRole('listitem').nth(1)).toContainText(`${firstName}2.º`);
      await list.getByRole('button', { name: `Subir ${firstName}` }).click();
      await expect(list.getByRole('listitem').first()).toContainText(`${firstName}1.º`);

      // Saved as it is: the answer is said beside the button, and no toast lies over it.
      const save = vip.getByRole('button', { name: 'Guardar plan' });
      await save.click();
      await expect(vip.getByRole('status').filter({ hasText: 'Cambios guardados' })).toBeVisible();
      await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
      const box = await save.boundingBox();
      const onTop = await page.evaluate(
        ([x, y]) => document.elementFromPoint(x ?? 0, y ?? 0)?.closest('button')?.textContent ?? '',
        [(box?.x ?? 0) + (box?.width ?? 0) / 2, (box?.y ?? 0) + (box?.height ?? 0) / 2],
      );
      expect(onTop).toBe('Guardar plan');
      await shot(page, `config-planes-guardado-${viewport.width}`);
      expect(await cutTexts(page.getByRole('main'))).toEqual([]);
      await expectAccessible(page);
    }
  });
});
