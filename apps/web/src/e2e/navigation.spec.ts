import { ACCOUNTS, expect, expectAccessible, MOBILE, openSignedIn, signIn, test } from './fixtures';

test.describe('Route gating and navigation', () => {
  test('a member without the permission who opens /texto lands on the dashboard', async ({ page }) => {
    await openSignedIn(page, ACCOUNTS.cafeinas);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/texto');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Hola, lucia' })).toBeVisible();
  });

  test('a signed-out visit to /dashboard goes to /login and comes back after signing in', async ({
    page,
  }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, ACCOUNTS.vip, '/login');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('after signing in, the member returns to the tool page they asked for', async ({ page }) => {
    await page.goto('/ytvideo');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Correo Electrónico').fill(ACCOUNTS.vip.email);
    await page.getByLabel('Contraseña', { exact: true }).fill(ACCOUNTS.vip.password);
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await expect(page).toHaveURL(/\/ytvideo$/);
  });

  test('a deep link to a tool with a saved session waits only for the check, then lands on the tool', async ({
    page,
  }) => {
    await openSignedIn(page, ACCOUNTS.vip);
    await expect(page).toHaveURL(/\/dashboard$/);
    // The server's answer is held, so the wait on screen is the check's own.
    let answer = () => undefined as void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/auth/me', async (route) => {
      await answered;
      await route.continue();
    });
    const sent: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === '/api/auth/me' || /\/assets\/session-calls-[\w-]+\.js$/.test(pathname))
        sent.push(pathname);
    });
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });

    await page.goto('/ytvideo');
    await expect(page.getByText('Verificando permisos...')).toBeVisible();
    // The check left before the app's request module was even asked for, and only once. The browser reports
    // its requests in the order they left, but may report them after the screen showed the wait.
    await expect.poll(() => sent.length).toBeGreaterThan(0);
    expect(sent[0]).toBe('/api/auth/me');
    answer();
    await expect(page.getByRole('heading', { level: 1, name: 'YTVideo' })).toBeVisible();
    await expect(page.getByText('Verificando permisos...')).toHaveCount(0);
    expect(sent.filter((path) => path === '/api/auth/me')).toHaveLength(1);
    expect(visited).not.toContain('/login');
  });

  test('the session survives a reload, and logout ends it', async ({ page }) => {
    await signIn(page, ACCOUNTS.admin);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Hola, admin' })).toBeVisible();

    await page.getByRole('button', { name: 'Mi cuenta', exact: true }).click();
    await expect(page.getByRole('menu').getByText(ACCOUNTS.admin.email)).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Editar Perfil' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Cerrar Sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('userSession'))).toBeNull();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the account menu loads when the member reaches for it, and opens and closes from the keyboard', async ({
    page,
  }) => {
    await openSignedIn(page, ACCOUNTS.admin);
    await expect(page).toHaveURL(/\/dashboard$/);
    const menuScripts: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/account-menu-[\w-]+\.js$/.test(new URL(request.url()).pathname))
        menuScripts.push(request.url());
    });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Hola, admin' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(menuScripts).toEqual([]);

    const button = page.getByRole('button', { name: 'Mi cuenta', exact: true });
    await expect(button).toHaveAttribute('aria-haspopup', 'menu');
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu').getByText(ACCOUNTS.admin.email)).toBeVisible();
    expect(menuScripts).toHaveLength(1);
    // The pressed button was replaced by the menu's own: the focus went into the menu, not to the page.
    await expect(page.getByRole('menuitem', { name: 'Editar Perfil' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Editar Perfil' }).click();
    await expect(page).toHaveURL(/\/perfil$/);
  });

  test('a saved session the server no longer accepts is signed out', async ({ page, context }) => {
    await openSignedIn(page, ACCOUNTS.vip);
    await expect(page).toHaveURL(/\/dashboard$/);
    await context.clearCookies();
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('userSession'))).toBeNull();
  });

  test('a corrupt saved session is discarded', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(() => localStorage.setItem('userSession', '{no es json'));
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('userSession'))).toBeNull();
  });

  test('the top bar shows only permitted tools, highlights the active one, and settings for admins', async ({
    page,
  }) => {
    await openSignedIn(page, ACCOUNTS.cafeinas);
    const nav = page.getByRole('navigation');
    await expect(nav.getByRole('link', { name: 'Cafelito Virtual' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Texto' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Configuración' })).toHaveCount(0);
    await nav.getByRole('link', { name: 'Cafelito Virtual' }).click();
    await expect(nav.getByRole('link', { name: 'Cafelito Virtual' })).toHaveAttribute('aria-current', 'page');
    await expectAccessible(page);
  });

  test('a signed-out visitor sees the account icon that leads to the login screen', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Acceder' }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('the full-screen menu works on a 375 px phone', async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await signIn(page, ACCOUNTS.admin);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    const menu = page.getByRole('dialog');
    for (const name of [
      'Membresía',
      'Cafelito Virtual',
      'Texto',
      'RedGram',
      'YTVideo',
      'IGVideo',
      'Estadísticas',
      'Configuración',
    ]) {
      await expect(menu.getByRole('link', { name })).toBeVisible();
    }
    await expectAccessible(page);
    await menu.getByRole('link', { name: 'RedGram' }).click();
    await expect(page).toHaveURL(/\/redgram$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cerrar Sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an unknown address shows a Spanish page-not-found screen with a way back', async ({ page }) => {
    await page.goto('/no-existe-esta-pagina');
    await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Volver al inicio' })).toBeVisible();
  });

  test('each screen names the tab, and no page breaks the content security policy', async ({ page }) => {
    // The page's CSP forbids eval and foreign scripts; a violation is reported to the page as an event.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    const violations = () =>
      page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

    await page.goto('/login');
    await expect(page).toHaveTitle('Iniciar Sesión | Comunidad - Herramientas');
    expect(await violations()).toEqual([]);

    await signIn(page, ACCOUNTS.admin, '/login');
    await expect(page).toHaveTitle('Inicio | Comunidad - Herramientas');
    await page
      .getByRole('navigation', { name: 'Navegación principal' })
      .getByRole('link', { name: 'Texto', exact: true })
      .click();
    await expect(page).toHaveURL(/\/texto$/);
    await expect(page).toHaveTitle('Texto | Comunidad - Herramientas');
    expect(await violations()).toEqual([]);

    await page.goto('/no-existe-esta-pagina');
    await expect(page).toHaveTitle('Página no encontrada | Comunidad - Herramientas');
    expect(await violations()).toEqual([]);
  });
});
