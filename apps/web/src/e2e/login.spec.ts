import { ACCOUNTS, expect, expectAccessible, MOBILE, pageErrors, signIn, test } from './fixtures';

test.describe('Login screen', () => {
  test('shows the spec texts, fields and links', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Iniciar Sesión' })).toBeVisible();
    await expect(page.getByText('Ingresa tus credenciales para continuar')).toBeVisible();
    await expect(page.getByLabel('Correo Electrónico')).toHaveAttribute('type', 'email');
    await expect(page.getByLabel('Contraseña', { exact: true })).toHaveAttribute('type', 'password');
    await expect(page.getByRole('link', { name: 'Regístrate aquí' })).toHaveAttribute('href', '/register');
    await expect(page.getByRole('link', { name: 'Recuperar contraseña' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
    await expectAccessible(page);
  });

  test('arrives already drawn, and the app takes the page over without an error', async ({
    page,
    request,
  }) => {
    // The server's answer itself holds the card (src/prerender/pages.tsx), before any script runs.
    for (const [path, text] of [
      ['/login', 'Ingresa tus credenciales para continuar'],
      ['/register', 'Completa tus datos para solicitar acceso'],
    ] as const) {
      expect(await (await request.get(path)).text(), path).toContain(text);
    }
    const errors = pageErrors(page);
    await page.goto('/login');
    // Hydrated: the form, disabled in the server's drawing, is usable.
    await expect(page.getByLabel('Correo Electrónico')).toBeEnabled();
    await page.getByRole('link', { name: 'Regístrate aquí' }).click();
    await expect(page.getByRole('heading', { name: 'Crear Cuenta' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('sends a member who is already signed in from the drawn login page to the dashboard', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.admin);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Hola, admin' })).toBeVisible();
  });

  test('is accessible on a phone too, and /auth shows the same screen', async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Iniciar Sesión' })).toBeVisible();
    await expectAccessible(page);
  });

  test('keeps the button disabled and says to fill every field when one is empty', async ({ page }) => {
    await page.goto('/login');
    const submit = page.getByRole('button', { name: 'Iniciar Sesión' });
    await expect(submit).toBeDisabled();
    await page.getByLabel('Correo Electrónico').fill(ACCOUNTS.admin.email);
    await expect(submit).toBeDisabled();
    await page.getByLabel('Correo Electrónico').press('Enter');
    await expect(page.getByText('Por favor, completa todos los campos')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('signs the admin in with a welcome and lands on the dashboard', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin);
    await expect(page.getByText('¡Bienvenido!')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Hola, admin' })).toBeVisible();
    const saved = await page.evaluate((): unknown =>
      JSON.parse(localStorage.getItem('userSession') ?? 'null'),
    );
    expect(saved).toMatchObject({
      isAuthenticated: true,
      user: { email: ACCOUNTS.admin.email, role: 'admin' },
    });
    // A signed-in member who opens the login screen is sent to the dashboard.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a password sign-in is greeted with the welcome, and no failure of a passkey nobody asked for', async ({
    page,
  }) => {
    // Every message the page shows, however briefly: a toast closes by itself.
    await page.addInitScript(() => {
      const shown: string[] = [];
      Object.assign(window, { shownAlerts: shown });
      new MutationObserver(() => {
        for (const alert of document.querySelectorAll('[role="alert"]')) {
          const text = (alert as HTMLElement).innerText.trim();
          if (text && !shown.includes(text)) shown.push(text);
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    const passkeyOffer = page.waitForResponse('**/api/auth/passkey/options');
    await signIn(page, ACCOUNTS.vip);
    // The browser refuses passkeys on this server's address (127.0.0.1): the passkey autofill the login page
    // offered ended before the member could choose one, and nothing they asked for failed.
    await passkeyOffer;
    await expect(page.getByRole('heading', { name: 'Hola, marcos' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const shown = await page.evaluate(() => (window as unknown as { shownAlerts: string[] }).shownAlerts);
    expect(shown).toContain('¡Bienvenido!');
    expect(shown).not.toContain('Error al iniciar sesión');
  });

  test('on a phone the welcome covers no dashboard card', async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await signIn(page, ACCOUNTS.admin);
    const toast = page.getByText('¡Bienvenido!');
    await expect(toast).toBeVisible();
    const cards = page
      .getByRole('main')
      .getByRole('link')
      .filter({ hasText: 'Accede a esta herramienta para comenzar a usarla' });
    await expect(cards).toHaveCount(9);
    const box = await page.getByRole('alert').filter({ hasText: '¡Bienvenido!' }).boundingBox();
    expect(box).not.toBeNull();
    for (const card of await cards.all()) {
      const place = await card.boundingBox();
      const overlaps =
        box !== null &&
        place !== null &&
        place.y < box.y + box.height &&
        box.y < place.y + place.height &&
        place.x < box.x + box.width &&
        box.x < place.x + place.width;
      expect(overlaps).toBe(false);
    }
    await expectAccessible(page);
  });

  test('shows the server error for a wrong password and lets the member try again', async ({ page }) => {
    await signIn(page, { ...ACCOUNTS.vip, password: 'no-es-esta' });
    await expect(page.getByText('Correo electrónico o contraseña incorrectos')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('Correo Electrónico')).toBeEnabled();
    await page.getByLabel('Contraseña', { exact: true }).fill(ACCOUNTS.vip.password);
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('loads the login call once the visitor starts on the form, and says when it cannot arrive', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.route(/\/assets\/sign-in-[^/]*\.js$/, (route) => route.abort('internetdisconnected'));
    await page.goto('/login');
    await expect(page.getByLabel('Correo Electrónico')).toBeEnabled();
    // The prerendered page is hydrated without the sign-in request's module (nor zod, which it brings).
    expect(scripts.filter((path) => path.includes('/sign-in-'))).toEqual([]);
    await page.getByLabel('Correo Electrónico').fill(ACCOUNTS.vip.email);
    await page.getByLabel('Contraseña', { exact: true }).fill(ACCOUNTS.vip.password);
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await expect(page.getByText('No se pudo conectar con el servidor. Comprueba tu conexión.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(scripts.filter((path) => path.includes('/sign-in-')).length).toBeGreaterThan(0);
  });

  test('tells a member whose account is not active yet that an administrator must grant access', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.inactive);
    await expect(page.getByText(/Un administrador debe concederte acceso/)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
});
