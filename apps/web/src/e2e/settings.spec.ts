import type { APIRequestContext, Page } from '@playwright/test';
import {
  ACCOUNTS,
  adminDeviceCookie,
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  MOBILE,
  openSignedIn,
  signIn,
  test,
  unique,
} from './fixtures';

const HEADERS = { 'x-requested-with': 'fetch' };

interface NewUser {
  username: string;
  email: string;
  password: string;
  role_id: number;
  is_active: boolean;
}

/** The admin API, signed in as the e2e admin, for the tests' set-up. */
async function adminApi(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', {
    headers: { ...HEADERS, cookie: adminDeviceCookie() },
    data: { email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password },
  });
  expect(login.ok()).toBe(true);
  return {
    async createUser(user: NewUser) {
      const res = await request.post('/api/admin/users', { headers: HEADERS, data: user });
      expect(res.ok(), await res.text()).toBe(true);
    },
  };
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Mi cuenta', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/**
 * The admin's /config: from the worker's saved session, or (`throughScreen`, for a test that signs out after)
 * through the login screen, since signing out ends the session it signed out of.
 */
async function openSettingsAsAdmin(page: Page, { throughScreen = false } = {}) {
  if (throughScreen) {
    await signIn(page, ACCOUNTS.admin);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/config');
  } else {
    await openSignedIn(page, ACCOUNTS.admin, '/config');
  }
  await expect(page.getByRole('heading', { name: 'Configuración', level: 1 })).toBeVisible();
}

/** A checkbox's label sits on its line, to its right, as Mantine lays it out (not on the line below). */
async function expectLabelBeside(page: Page, name: string) {
  const control = await page.getByRole('checkbox', { name }).boundingBox();
  const label = await page.getByText(name, { exact: true }).boundingBox();
  if (!control || !label) throw new Error(`${name}: control or label not laid out`);
  expect(label.x).toBeGreaterThanOrEqual(control.x + control.width);
  expect(label.y).toBeLessThan(control.y + control.height);
  expect(label.y + label.height).toBeGreaterThan(control.y);
}

const userRow = (page: Page, username: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: username, exact: true }) });

test.describe('Settings (/config)', () => {
  // Several sign-ins (argon2id on purpose) and axe scans per test, on a shared CI machine.
  test.describe.configure({ timeout: 180_000 });

  test('an admin activates a self-registered account and the member can then sign in', async ({
    page,
    request,
  }) => {
    const id = unique();
    const member = { username: `pend${id}`, email: `pend${id}@e2e.test`, password: 'pendiente-123' };
    // Registered through the public endpoint, which leaves it inactive with role cafeinas (3).
    const registered = await request.post('/api/accounts/register', {
      headers: HEADERS,
      data: { ...member, phone: '+34 600 000 000' },
    });
    expect(registered.ok(), await registered.text()).toBe(true);

    await signIn(page, member);
    await expect(page.getByText(/Un administrador debe concederte acceso/)).toBeVisible();

    await openSettingsAsAdmin(page, { throughScreen: true });
    await expect(page.getByRole('heading', { name: 'Gestión de Usuarios' })).toBeVisible();
    await page.getByLabel('Solo pendientes de activación').check();
    await expectLabelBeside(page, 'Solo pendientes de activación');
    await page.getByLabel('Buscar').fill(member.username);
    const row = userRow(page, member.username);
    await expect(row).toContainText('Inactiva');
    await expect(row).toContainText('Cafeínas');
    await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await expectAccessible(page);

    await row.getByRole('button', { name: `Editar ${member.username}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar Usuario' });
    await expect(dialog.getByLabel('Nombre de usuario')).toHaveValue(member.username);
    await expect(dialog.getByLabel('Contraseña')).toHaveCount(0);
    await dialog.getByLabel('Usuario Activo').check();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Guardar Cambios' }).click();
    await expect(dialog).toBeHidden();
    // Activated: it leaves the pending list.
    await expect(page.getByText('Ningún usuario coincide con la búsqueda')).toBeVisible();
    await page.getByLabel('Solo pendientes de activación').uncheck();
    await expect(userRow(page, member.username)).toContainText('Activa');

    await signOut(page);
    await signIn(page, member);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: `Hola, ${member.username}` })).toBeVisible();
  });

  test('a new role "mentoria" with two tools, given to a member, shows exactly those two cards', async ({
    page,
    request,
  }) => {
    const id = unique();
    const member = { username: `mentor${id}`, email: `mentor${id}@e2e.test`, password: 'mentor-1234' };
    await (await adminApi(request)).createUser({ ...member, role_id: 3, is_active: true });

    await openSettingsAsAdmin(page, { throughScreen: true });
    await page.getByRole('tab', { name: 'Roles' }).click();
    await expect(page.getByRole('heading', { name: 'Gestión de Roles' })).toBeVisible();
    // Each tool's badge reads its title, not its stored name.
    const cafeinas = page.getByRole('row', { name: /Cafeínas/ });
    await expect(cafeinas.getByText('Cafelito Virtual', { exact: true })).toBeVisible();
    await expect(cafeinas).not.toContainText('cafelito-virtual');
    // On a phone each role is a stacked card: its tools and its buttons in view, nothing to scroll sideways.
    const desktop = page.viewportSize();
    await page.setViewportSize(MOBILE);
    for (const part of [
      cafeinas.getByText('Cafelito Virtual', { exact: true }),
      cafeinas.getByRole('button', { name: 'Editar rol Cafeínas' }),
      cafeinas.getByRole('button', { name: 'Eliminar rol Cafeínas' }),
    ]) {
      await part.scrollIntoViewIfNeeded();
      await expect(part).toBeInViewport({ ratio: 1 });
    }
    await expectNoSidewaysScroll(cafeinas.locator('xpath=ancestor::table/..'));
    await expectAccessible(page);
    if (desktop) await page.setViewportSize(desktop);
    await page.getByRole('button', { name: 'Nuevo Rol' }).click();
    const roleDialog = page.getByRole('dialog', { name: 'Nuevo Rol' });
    // A name of its own per run, so a repeated run does not collide with the role the previous one created.
    // It is shown everywhere as the administrator wrote it.
    const roleName = `Mentoría Plus ${id}`;
    const roleLabel = roleName;
    await roleDialog.getByLabel('Nombre del Rol').fill(roleName);
    await roleDialog.getByLabel('Descripción').fill('Mentores de la comunidad');
    await roleDialog.getByRole('checkbox', { name: 'Texto', exact: true }).check();
    await roleDialog.getByRole('checkbox', { name: 'RedGram', exact: true }).check();
    await expectAccessible(page);
    await roleDialog.getByRole('button', { name: 'Crear Rol' }).click();
    await expect(roleDialog).toBeHidden();
    const roleRow = page.getByRole('row', { name: roleLabel });
    await expect(roleRow).toContainText('Mentores de la comunidad');
    await expect(roleRow.getByText('Texto', { exact: true })).toBeVisible();
    await expect(roleRow.getByText('RedGram', { exact: true })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('tab', { name: 'Usuarios' }).click();
    await page.getByLabel('Buscar').fill(member.username);
    await userRow(page, member.username)
      .getByRole('button', { name: `Editar ${member.username}` })
      .click();
    const userDialog = page.getByRole('dialog', { name: 'Editar Usuario' });
    await userDialog.getByRole('combobox', { name: 'Rol', exact: true }).click();
    await page.getByRole('option', { name: roleLabel }).click();
    await userDialog.getByRole('button', { name: 'Guardar Cambios' }).click();
    await expect(userDialog).toBeHidden();
    await expect(userRow(page, member.username)).toContainText(roleLabel);

    await signOut(page);
    await signIn(page, member);
    await expect(page.getByRole('heading', { name: `Hola, ${member.username}` })).toBeVisible();
    await expect(page.getByRole('main').getByText(roleLabel, { exact: true })).toBeVisible();
    const cards = page
      .getByRole('main')
      .getByRole('link')
      .filter({ hasText: 'Accede a esta herramienta para comenzar a usarla' });
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toContainText('RedGram');
    await expect(cards.nth(1)).toContainText('Texto');
  });

  test('pages 25 users 10 at a time, with the pager only above 10', async ({ page, request }) => {
    const id = unique();
    const api = await adminApi(request);
    for (let i = 1; i <= 25; i++) {
      const n = String(i).padStart(2, '0');
      await api.createUser({
        username: `pag${id}u${n}`,
        email: `pag${id}u${n}@e2e.test`,
        password: 'pagina-123',
        role_id: 3,
        is_active: true,
      });
    }

    await openSettingsAsAdmin(page);
    await page.getByLabel('Buscar').fill(`pag${id}`);
    const body = page.getByRole('rowgroup').nth(1);
    await expect(page.getByText('Mostrando 1-10 de 25 usuarios')).toBeVisible();
    await expect(body.getByRole('row')).toHaveCount(10);
    // Newest first.
    await expect(body.getByRole('row').first()).toContainText(`pag${id}u25`);
    const previous = page.getByRole('button', { name: 'Anterior' });
    const next = page.getByRole('button', { name: 'Siguiente' });
    await expect(previous).toBeDisabled();
    await next.click();
    await expect(page.getByText('Mostrando 11-20 de 25 usuarios')).toBeVisible();
    await next.click();
    await expect(page.getByText('Mostrando 21-25 de 25 usuarios')).toBeVisible();
    await expect(body.getByRole('row')).toHaveCount(5);
    await expect(body.getByRole('row').last()).toContainText(`pag${id}u01`);
    await expect(next).toBeDisabled();
    await previous.click();
    await expect(page.getByText('Mostrando 11-20 de 25 usuarios')).toBeVisible();
    await expectAccessible(page);

    // Nine matches: no pager.
    await page.getByLabel('Buscar').fill(`pag${id}u0`);
    await expect(page.getByLabel('Buscar')).toHaveValue(`pag${id}u0`);
    await expect(body.getByRole('row')).toHaveCount(9);
    await expect(page.getByText(/^Mostrando/)).toHaveCount(0);
  });

  test('the user dialog asks for a role, shows the server conflict inline, and deletion asks first', async ({
    page,
  }) => {
    const id = unique();
    await openSettingsAsAdmin(page);
    await page.getByRole('button', { name: 'Nuevo Usuario' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo Usuario' });
    await expect(dialog.getByLabel('Usuario Activo')).toBeChecked();
    await dialog.getByLabel('Nombre de usuario').fill(`nuevo${id}`);
    await dialog.getByLabel('Correo Electrónico').fill(ACCOUNTS.vip.email.toUpperCase());
    await dialog.getByLabel('Contraseña').fill('nuevo-1234');
    await dialog.getByRole('button', { name: 'Crear Usuario' }).click();
    await expect(dialog.getByText('Selecciona un rol')).toBeVisible();

    await dialog.getByRole('combobox', { name: 'Rol', exact: true }).click();
    await page.getByRole('option', { name: 'VIP' }).click();
    await dialog.getByRole('button', { name: 'Crear Usuario' }).click();
    await expect(dialog.getByText('Este correo electrónico ya está registrado')).toBeVisible();

    await dialog.getByLabel('Correo Electrónico').fill(`nuevo${id}@e2e.test`);
    await dialog.getByRole('button', { name: 'Crear Usuario' }).click();
    await expect(dialog).toBeHidden();
    await page.getByLabel('Buscar').fill(`nuevo${id}`);
    const row = userRow(page, `nuevo${id}`);
    await expect(row).toContainText('VIP');

    await row.getByRole('button', { name: `Eliminar nuevo${id}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Eliminar usuario' });
    await expect(confirm).toContainText('¿Estás seguro de que deseas eliminar este usuario?');
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText('Ningún usuario coincide con la búsqueda')).toBeVisible();
  });

  test('a role that members hold cannot be deleted: the message says how many', async ({ page }) => {
    await openSettingsAsAdmin(page);
    await page.getByRole('tab', { name: 'Roles' }).click();
    await page.getByRole('button', { name: 'Eliminar rol VIP' }).click();
    const confirm = page.getByRole('dialog', { name: 'Eliminar rol' });
    await expect(confirm).toContainText('¿Estás seguro de que deseas eliminar este rol?');
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect(
      page.getByText(/No se puede eliminar este rol porque (un usuario lo tiene|\d+ usuarios lo tienen)/),
    ).toBeVisible();
    await expect(page.getByRole('row', { name: /VIP/ })).toBeVisible();
  });
});
