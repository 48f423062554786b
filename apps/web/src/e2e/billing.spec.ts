import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@app/contracts';
import { expect, type Browser } from '@playwright/test';
import { endSubscriptionOf, openPlanEditor, setUpVipPlan } from './billing-setup';
import { ACCOUNTS, expectAccessible, mailTo, MOBILE, openSignedIn, signIn, test, unique } from './fixtures';

/**
 * The admin's users table, in the admin's own browser, shows the new member under "Con suscripción" as a VIP
 * whose payments are up to date, and not under "Pago pendiente".
 */
async function expectPayingMemberListed(browser: Browser, baseURL: string, email: string): Promise<void> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await openSignedIn(page, ACCOUNTS.admin, '/config');
  await expect(page.getByRole('heading', { name: 'Gestión de Usuarios' })).toBeVisible();
  const subscriptions = page.getByRole('combobox', { name: 'Suscripción' });
  await subscriptions.selectOption({ label: 'Con suscripción' });
  await page.getByLabel('Buscar').fill(email);
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('VIP · Activa');
  await subscriptions.selectOption({ label: 'Pago pendiente' });
  await expect(page.getByText('Ningún usuario coincide con la búsqueda')).toBeVisible();
  await context.close();
}

test.describe('Paid plans through Stripe', () => {
  test.describe.configure({ timeout: 240_000 });

  test('a visitor pays for VIP, chooses a password, signs in to VIP; when Stripe ends it, the end rule applies', async ({
    page,
    browser,
    baseURL,
  }) => {
    await setUpVipPlan(page);
    const email = `pago${unique()}@e2e.test`;

    await page.goto('/planes');
    const vip = page.getByRole('region', { name: /vip/i });
    await expect(
      vip.getByRole('list', { name: 'Herramientas' }).getByText('RedGram', { exact: true }),
    ).toBeVisible();
    await expectAccessible(page);
    await vip.getByRole('button', { name: /49,00\s€ al mes/ }).click();

    // Stripe's hosted Checkout (the fake's stand-in page): the visitor gives an email and pays.
    await expect(page).toHaveURL(/\/c\/pay\/cs_test_/);
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByRole('button', { name: 'Pagar' }).click();

    await expect(page).toHaveURL(/\/planes\/gracias\?session_id=cs_test_/);
    await expect(page.getByRole('heading', { name: '¡Gracias por tu pago!' })).toBeVisible();
    await expect(page.getByText(/Revisa tu correo/)).toBeVisible();
    await expectAccessible(page);

    await expect
      .poll(async () => (await mailTo(email)).map((mail) => mail.subject), { timeout: 30_000 })
      .toContain('Tu cuenta en la comunidad: elige tu contraseña');
    await expectPayingMemberListed(browser, baseURL ?? '', email);
    const mail = (await mailTo(email)).find((m) => m.subject.includes('elige tu contraseña'));
    const link = /https?:\/\/\S+\/reset-password\?token=[\w%-]+/.exec(mail?.text ?? '')?.[0];
    expect(link?.startsWith(`${baseURL}/reset-password?token=`)).toBe(true);
    await page.goto(link ?? '');
    const password = 'pago-e2e-secreto';
    await page.getByLabel('Nueva contraseña').fill(password);
    await page.getByLabel('Confirmar contraseña').fill(password);
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await signIn(page, { email, password });
    const main = page.getByRole('main');
    const greeting = main.getByRole('heading', { name: /^Hola, / }).locator('..');
    await expect(greeting.getByText('VIP', { exact: true })).toBeVisible();
    const cards = main
      .getByRole('link')
      .filter({ hasText: 'Accede a esta herramienta para comenzar a usarla' });
    await expect(cards).toHaveCount(6);

    await page.goto('/perfil');
    const subscription = page.getByRole('region', { name: 'Mi suscripción' });
    await expect(subscription.getByText('Activa')).toBeVisible();
    await expect(subscription.getByRole('button', { name: 'Gestionar suscripción' })).toBeVisible();
    await expectAccessible(page);

    await endSubscriptionOf(email);
    await expect
      .poll(
        async () => {
          await page.goto('/dashboard');
          // The greeting comes before the cards: count once the cards are drawn.
          await expect(cards.first()).toBeVisible();
          return cards.count();
        },
        { timeout: 60_000 },
      )
      .toBe(1);
    await expect(greeting.getByText('Cafeínas', { exact: true })).toBeVisible();
  });

  for (const viewport of [null, MOBILE]) {
    test(`a visitor who gives their email on /planes can pay only the newest page opened with it${viewport ? ' (375 px)' : ''}`, async ({
      page,
    }) => {
      await setUpVipPlan(page);
      if (viewport) await page.setViewportSize(viewport);
      const email = `dospaginas${unique()}@e2e.test`;

      await page.goto('/planes');
      const field = page.getByLabel('Tu correo electrónico (opcional)');
      const vip = page.getByRole('region', { name: /vip/i });
      await field.fill('no-es-un-correo');
      await vip.getByRole('button', { name: /49,00\s€ al mes/ }).click();
      await expect(page.getByText('El correo electrónico no es válido')).toBeVisible();
      await expectAccessible(page);

      // Stripe's page shows the given email instead of asking for it.
      await field.fill(email);
      await vip.getByRole('button', { name: /49,00\s€ al mes/ }).click();
      await expect(page).toHaveURL(/\/c\/pay\/cs_test_/);
      const first = page.url();
      await expect(page.getByText(email, { exact: true })).toBeVisible();
      await expect(page.getByLabel('Correo electrónico')).toHaveCount(0);

      // Back on /planes, the same person (any case) opens another page: the first can no longer be paid.
      await page.goto('/planes');
      await page.getByLabel('Tu correo electrónico (opcional)').fill(email.toUpperCase());
      await page
        .getByRole('region', { name: /vip/i })
        .getByRole('button', { name: /490,00\s€ al año/ })
        .click();
      await expect(page).toHaveURL(/\/c\/pay\/cs_test_/);
      const second = page.url();
      expect(second).not.toBe(first);
      await page.goto(first);
      await expect(page.getByRole('heading', { name: 'Esta página de pago ha caducado' })).toBeVisible();

      await page.goto(second);
      await page.getByRole('button', { name: 'Pagar' }).click();
      await expect(page.getByRole('heading', { name: '¡Gracias por tu pago!' })).toBeVisible();
      await expect
        .poll(async () => (await mailTo(email)).map((mail) => mail.subject), { timeout: 30_000 })
        .toEqual(['Tu cuenta en la comunidad: elige tu contraseña']);
    });
  }

  for (const viewport of [null, MOBILE]) {
    test(`a visitor pays with a member's email: it waits in Planes until the member follows the link${viewport ? ' (375 px)' : ''}`, async ({
      page,
      request,
    }) => {
      await setUpVipPlan(page);
      if (viewport) await page.setViewportSize(viewport);
      const id = unique();
      // A member who registered on their own: pending, their email never confirmed.
      const member = { username: `espera${id}`, email: `espera${id}@e2e.test`, password: 'espera-e2e-123' };
      const registered = await request.post('/api/accounts/register', {
        headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
        data: { ...member, phone: '+34 600 000 000' },
      });
      expect(registered.ok(), await registered.text()).toBe(true);

      // Someone pays for VIP without signing in, typing that member's email.
      await page.goto('/planes');
      await page
        .getByRole('region', { name: /vip/i })
        .getByRole('button', { name: /49,00\s€ al mes/ })
        .click();
      await expect(page).toHaveURL(/\/c\/pay\/cs_test_/);
      await page.getByLabel('Correo electrónico').fill(member.email.toUpperCase());
      await page.getByRole('button', { name: 'Pagar' }).click();
      await expect(page.getByRole('heading', { name: '¡Gracias por tu pago!' })).toBeVisible();
      await expect
        .poll(async () => (await mailTo(member.email)).map((mail) => mail.subject), { timeout: 30_000 })
        .toContain('Tienes un pago esperando a tu cuenta');

      // The administrator sees the payment waiting, and the member's email as not confirmed.
      await openSignedIn(page, ACCOUNTS.admin, '/config');
      await page.getByLabel('Buscar').fill(member.username);
      const row = page.getByRole('row').filter({ hasText: member.email });
      await expect(row).toContainText('Sin confirmar');
      await expect(row).toContainText('Inactiva');
      await expectAccessible(page);
      await page.getByRole('tab', { name: 'Planes' }).click();
      const waiting = page.getByRole('row').filter({ hasText: member.email });
      await expect(page.getByRole('heading', { name: 'Pagos en espera' })).toBeVisible();
      await expect(waiting).toContainText(member.username);
      await expect(waiting).toContainText('vip');
      await expectAccessible(page);
      await page.context().clearCookies();

      // The member follows the emailed link: the account was never activated, so choosing its password proves
      // the address and attaches the payment.
      const mail = (await mailTo(member.email)).find(
        (m) => m.subject === 'Tienes un pago esperando a tu cuenta',
      );
      const link = /https?:\/\/\S+\/planes\/vincular\?token=[\w%-]+/.exec(mail?.text ?? '')?.[0];
      expect(link).toBeDefined();
      const url = new URL(link ?? '');
      await page.goto(url.pathname + url.search);
      await expect(page.getByRole('heading', { name: 'Vincular tu pago' })).toBeVisible();
      await expect(page.getByText(member.username, { exact: true })).toBeVisible();
      await expectAccessible(page);
      const password = 'espera-e2e-nueva';
      await page.getByLabel('Nueva contraseña').fill(password);
      await page.getByLabel('Confirmar contraseña').fill(password);
      await page.getByRole('button', { name: 'Vincular el pago' }).click();
      await expect(page.getByRole('status')).toContainText('Tu pago está vinculado');
      await expectAccessible(page);

      await signIn(page, { email: member.email, password });
      await expect(page).toHaveURL(/\/dashboard$/);
      const greeting = page
        .getByRole('main')
        .getByRole('heading', { name: /^Hola, / })
        .locator('..');
      await expect(greeting.getByText('VIP', { exact: true })).toBeVisible();

      // The waiting entry is gone; the member now pays, with a confirmed email.
      await page.context().clearCookies();
      await openSignedIn(page, ACCOUNTS.admin, '/config');
      await page.getByLabel('Buscar').fill(member.username);
      await expect(row).toContainText('Activa');
      await expect(row).not.toContainText('Sin confirmar');
      await page.getByRole('tab', { name: 'Planes' }).click();
      await expect(page.getByText('Conectado', { exact: true })).toBeVisible();
      await expect(waiting).toHaveCount(0);
    });
  }

  test('the plans, thanks and profile screens are accessible on a phone', async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await page.goto('/planes');
    await expect(page.getByRole('heading', { name: 'Planes', level: 1 })).toBeVisible();
    await expectAccessible(page);
    await page.goto('/planes/gracias?session_id=cs_test_x');
    await expect(page.getByRole('heading', { name: '¡Gracias por tu pago!' })).toBeVisible();
    await expectAccessible(page);
    await openSignedIn(page, ACCOUNTS.cafeinas, '/perfil');
    await expect(page.getByRole('heading', { name: 'Mi suscripción' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Mi suscripción' })).toContainText(
      'Tu acceso Cafeínas es una cortesía de la comunidad',
    );
    await expectAccessible(page);
  });

  test('a member whose role an administrator gave reads that it is a courtesy, not a missing subscription', async ({
    page,
  }) => {
    await openSignedIn(page, ACCOUNTS.cafeinas, '/perfil');
    const section = page.getByRole('region', { name: 'Mi suscripción' });
    await expect(section).toContainText(
      'Tu acceso Cafeínas es una cortesía de la comunidad: no pagas ninguna suscripción.',
    );
    await expect(section).not.toContainText('No tienes una suscripción');
    await expect(section.getByRole('link', { name: 'mira los planes' })).toHaveAttribute('href', '/planes');
    await expectAccessible(page);
    await page.setViewportSize(MOBILE);
    await expect(section).toContainText('es una cortesía de la comunidad');
    await expectAccessible(page);
  });

  test('during a trial, Mi suscripción says when it ends and what will be charged then', async ({ page }) => {
    // Estrategas, with a 14-day trial (once: a repeated run finds it saved).
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

    const email = `prueba${unique()}@e2e.test`;
    await page.goto('/planes');
    await page
      .getByRole('region', { name: 'Estrategas' })
      .getByRole('button', { name: /19,00\s€ al mes/ })
      .click();
    await expect(page).toHaveURL(/\/c\/pay\/cs_test_/);
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByRole('button', { name: 'Pagar' }).click();
    await expect(page.getByRole('heading', { name: '¡Gracias por tu pago!' })).toBeVisible();
    await expect
      .poll(async () => (await mailTo(email)).map((mail) => mail.subject), { timeout: 30_000 })
      .toContain('Tu cuenta en la comunidad: elige tu contraseña');
    const mail = (await mailTo(email)).find((m) => m.subject.includes('elige tu contraseña'));
    await page.goto(/https?:\/\/\S+\/reset-password\?token=[\w%-]+/.exec(mail?.text ?? '')?.[0] ?? '');
    const password = 'prueba-e2e-secreto';
    await page.getByLabel('Nueva contraseña').fill(password);
    await page.getByLabel('Confirmar contraseña').fill(password);
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, { email, password });
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/perfil');
    const section = page.getByRole('region', { name: 'Mi suscripción' });
    await expect(section.getByText('En prueba', { exact: true })).toBeVisible();
    await expect(section).toContainText(/Fin de la prueba: \d{1,2} de [a-z]+ de \d{4}/);
    await expect(section).toContainText(/Al terminar la prueba se te cobrarán 19,00\s€ al mes/);
    await expect(section).not.toContainText('Próxima renovación');
    await expectAccessible(page);
    await page.setViewportSize(MOBILE);
    await expectAccessible(page);
  });

  test("the admin's Planes tab is accessible on a phone", async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await openSignedIn(page, ACCOUNTS.admin, '/config');
    await page.getByRole('tab', { name: 'Planes' }).click();
    await expect(page.getByText('Conectado', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'VIP' })).toBeVisible();
    // The plan forms fit the phone's width: nothing to scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await expectAccessible(page);
  });
});
