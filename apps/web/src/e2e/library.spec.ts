import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, expectAccessible, openSignedIn, test } from './fixtures';

const DRIVE_ID = '1AbCdEfGhIjKlMnOpQrStUv';
const DRIVE_URL = `https://drive.google.com/file/d/${DRIVE_ID}/view?usp=sharing`;

const unique = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function openLibrary(page: Page, path: string, title: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Explora las clases disponibles')).toBeVisible();
  // The data has loaded once the category filter shows.
  await expect(page.getByRole('combobox', { name: 'Categoría' })).toBeVisible();
}

test.describe('Video libraries', () => {
  test('admin publishes a class in Membresía; each VIP member keeps their own watched progress', async ({
    browser,
    baseURL,
  }) => {
    // Three members sign in one after another (argon2 on a shared, busy machine): far past the default limit.
    test.setTimeout(240_000);
    const category = unique('Categoría e2e');
    const title = unique('Clase e2e');

    // The administrator creates a category and a video in Membresía.
    const adminContext = await browser.newContext({ baseURL });
    const admin = await adminContext.newPage();
    await openSignedIn(admin, ACCOUNTS.admin);
    await expect(admin).toHaveURL(/\/dashboard$/);
    await openLibrary(admin, '/membresia', 'Membresía');
    await admin.getByRole('button', { name: 'Gestionar Contenido' }).click();
    await expect(admin.getByRole('button', { name: 'Ver Clases' })).toBeVisible();
    await expectAccessible(admin);

    await admin.getByRole('button', { name: 'Nueva Categoría' }).click();
    const categoryDialog = admin.getByRole('dialog', { name: 'Nueva Categoría' });
    await categoryDialog.getByRole('button', { name: 'Crear Categoría' }).click();
    await expect(categoryDialog.getByText('El nombre es obligatorio')).toBeVisible();
    await categoryDialog.getByLabel('Nombre').fill(category);
    await categoryDialog.getByLabel('Descripción').fill('Categoría creada por la prueba');
    await categoryDialog.getByRole('button', { name: 'Crear Categoría' }).click();
    await expect(admin.getByText('Categoría creada correctamente')).toBeVisible();
    await expect(categoryDialog).toHaveCount(0);

    await admin.getByRole('button', { name: 'Nuevo Video' }).click();
    const videoDialog = admin.getByRole('dialog', { name: 'Nuevo Video' });
    await videoDialog.getByLabel('Título').fill(title);
    await videoDialog.getByLabel('Descripción').fill('Una clase de prueba');
    await videoDialog.getByRole('combobox', { name: 'Categoría' }).click();
    await admin.getByRole('option', { name: category, exact: true }).click();
    await videoDialog.getByLabel('URL del Video (Google Drive)').fill('https://www.youtube.com/watch?v=abc');
    await videoDialog.getByLabel('Material de la clase').fill('javascript:alert(1)');
    await videoDialog.getByRole('button', { name: 'Crear Video' }).click();
    await expect(videoDialog.getByText(/enlace https de Google Drive/)).toBeVisible();
    await expect(
      videoDialog.getByText('El material debe ser un enlace que empiece por http:// o https://'),
    ).toBeVisible();
    await expectAccessible(admin);
    await videoDialog.getByLabel('URL del Video (Google Drive)').fill(DRIVE_URL);
    await videoDialog.getByLabel('Material de la clase').fill('https://example.com/material.pdf');
    await videoDialog.getByRole('button', { name: 'Crear Video' }).click();
    await expect(admin.getByText('Video creado correctamente')).toBeVisible();
    await expect(admin.getByText(title)).toBeVisible();
    await adminContext.close();

    // The VIP member sees it in Membresía and not in Cafelito Virtual.
    const vipContext = await browser.newContext({ baseURL });
    const vip = await vipContext.newPage();
    await openSignedIn(vip, ACCOUNTS.vip);
    await expect(vip).toHaveURL(/\/dashboard$/);
    await openLibrary(vip, '/cafelito-virtual', 'Cafelito Virtual');
    await expect(vip.getByText(title)).toHaveCount(0);
    await vip.getByRole('combobox', { name: 'Categoría' }).click();
    await expect(vip.getByRole('option', { name: 'Todas las categorías' })).toBeVisible();
    await expect(vip.getByRole('option', { name: category })).toHaveCount(0);
    await vip.keyboard.press('Escape');

    await openLibrary(vip, '/membresia', 'Membresía');
    await expect(vip.getByRole('button', { name: 'Gestionar Contenido' })).toHaveCount(0);
    const card = vip.getByRole('article', { name: title });
    await expect(card).toBeVisible();
    // It sits in its category's row, whose title names the category.
    await expect(
      vip.getByRole('region', { name: category }).getByRole('article', { name: title }),
    ).toBeVisible();
    await expect(card.getByRole('link', { name: 'Material' })).toHaveAttribute(
      'href',
      'https://example.com/material.pdf',
    );
    const categoryProgress = vip.getByRole('region', { name: category });
    await expect(categoryProgress.getByText('0 de 1 completadas')).toBeVisible();
    await expectAccessible(vip);

    // The class dialog embeds the Drive preview in a sandboxed frame.
    await card.getByRole('button', { name: 'Ver clase' }).click();
    const classDialog = vip.getByRole('dialog', { name: title });
    const frame = classDialog.locator('iframe');
    await expect(frame).toHaveAttribute('src', `https://drive.google.com/file/d/${DRIVE_ID}/preview`);
    await expect(frame).toHaveAttribute('sandbox', /allow-scripts/);
    await expect(classDialog.getByRole('link', { name: 'Descargar material' })).toBeVisible();
    await classDialog.getByRole('button', { name: 'Marcar como vista' }).click();
    await expect(classDialog.getByRole('button', { name: 'Completada' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(categoryProgress.getByText('1 de 1 completadas')).toBeVisible();
    await vip.keyboard.press('Escape');
    await expect(classDialog).toHaveCount(0);

    // Persisted: still watched after a reload.
    await vip.reload();
    await expect(card.getByRole('button', { name: 'Completada' })).toHaveAttribute('aria-pressed', 'true');
    await expect(card.getByText('Completada', { exact: true })).toHaveCount(2);
    await expect(categoryProgress.getByText('1 de 1 completadas')).toBeVisible();

    // Filtering by the category keeps only its classes.
    await vip.getByRole('combobox', { name: 'Categoría' }).click();
    await vip.getByRole('option', { name: category, exact: true }).click();
    await expect(vip.getByRole('article')).toHaveCount(1);
    await vipContext.close();

    // Another member's progress is their own.
    const otherContext = await browser.newContext({ baseURL });
    const other = await otherContext.newPage();
    await openSignedIn(other, ACCOUNTS.vip2);
    await expect(other).toHaveURL(/\/dashboard$/);
    await openLibrary(other, '/membresia', 'Membresía');
    const otherCard = other.getByRole('article', { name: title });
    await expect(otherCard.getByRole('button', { name: 'Marcar como vista' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect(otherCard.getByText('Completada', { exact: true })).toHaveCount(0);
    await expect(other.getByRole('region', { name: category }).getByText('0 de 1 completadas')).toBeVisible();
    await otherContext.close();
  });

  test('admin manages Cafelito Virtual: edit, reorder, and delete a category with its videos', async ({
    page,
  }) => {
    // Two dialogs per video, a reload and an accessibility scan: past the default limit on a busy machine.
    test.setTimeout(180_000);
    const category = unique('Cafelito e2e');
    const first = unique('Primera');
    const second = unique('Segunda');

    await openSignedIn(page, ACCOUNTS.admin);
    await expect(page).toHaveURL(/\/dashboard$/);
    await openLibrary(page, '/cafelito-virtual', 'Cafelito Virtual');
    await page.getByRole('button', { name: 'Gestionar Contenido' }).click();

    await page.getByRole('button', { name: 'Nueva Categoría' }).click();
    await page.getByRole('dialog', { name: 'Nueva Categoría' }).getByLabel('Nombre').fill(category);
    await page.getByRole('button', { name: 'Crear Categoría' }).click();
    await expect(page.getByText('Categoría creada correctamente')).toBeVisible();

    for (const title of [first, second]) {
      await page.getByRole('button', { name: 'Nuevo Video' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nuevo Video' });
      await dialog.getByLabel('Título').fill(title);
      await dialog.getByRole('combobox', { name: 'Categoría' }).click();
      await page.getByRole('option', { name: category, exact: true }).click();
      await dialog
        .getByLabel('URL del Video (Google Drive)')
        .fill('https://drive.google.com/open?id=1ZyXwVuTsRqPo');
      await dialog.getByRole('button', { name: 'Crear Video' }).click();
      await expect(dialog).toHaveCount(0);
    }

    // Edit the first video's title.
    await page.getByRole('button', { name: `Editar video ${first}` }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Video' });
    await expect(edit.getByLabel('Título')).toHaveValue(first);
    await edit.getByLabel('Título').fill(`${first} bis`);
    await edit.getByRole('button', { name: 'Actualizar Video' }).click();
    await expect(page.getByText('Video actualizado correctamente')).toBeVisible();

    // Move it below the second one; members see the stored order.
    await page.getByRole('button', { name: `Bajar ${first} bis` }).click();
    await expect(page.getByRole('button', { name: `Subir ${first} bis` })).toBeEnabled();
    await page.getByRole('button', { name: 'Ver Clases' }).click();
    await page.getByRole('combobox', { name: 'Categoría' }).click();
    await page.getByRole('option', { name: category, exact: true }).click();
    await expect(page.getByRole('article')).toHaveText([new RegExp(second), new RegExp(`${first} bis`)]);
    await page.reload();
    await page.getByRole('combobox', { name: 'Categoría' }).click();
    await page.getByRole('option', { name: category, exact: true }).click();
    await expect(page.getByRole('article')).toHaveText([new RegExp(second), new RegExp(`${first} bis`)]);
    // Long Spanish date, e.g. "22 de noviembre de 2026".
    await expect(page.getByRole('article').first()).toContainText(/\d{1,2} de [a-z]+ de \d{4}/);

    // Deleting the category says its videos go too, and takes them.
    await page.getByRole('button', { name: 'Gestionar Contenido' }).click();
    await page.getByRole('button', { name: `Eliminar categoría ${category}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Eliminar categoría' });
    await expect(confirm).toContainText(`"${category}"`);
    await expect(confirm).toContainText('También se eliminarán sus 2 videos.');
    await expect(confirm).toContainText('Esta acción no se puede deshacer.');
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText('Categoría eliminada correctamente')).toBeVisible();
    await expect(page.getByText(second)).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Eliminar categoría ${category}` })).toHaveCount(0);
  });

  test('a Cafeínas member has Cafelito Virtual only', async ({ page }) => {
    test.setTimeout(90_000);
    await openSignedIn(page, ACCOUNTS.cafeinas);
    await expect(page).toHaveURL(/\/dashboard$/);
    await openLibrary(page, '/cafelito-virtual', 'Cafelito Virtual');
    await expectAccessible(page);
    await page.goto('/membresia');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('pages through a long category and reorders across a page boundary', async ({ page }) => {
    test.setTimeout(180_000);
    const category = unique('Paginada e2e');
    const prefix = unique('Lección');
    const title = (n: number) => `${prefix} ${String(n).padStart(2, '0')}`;

    await openSignedIn(page, ACCOUNTS.admin);
    await expect(page).toHaveURL(/\/dashboard$/);
    // 13 videos, one more than a page holds, created through the API with the admin's session.
    const headers = { 'x-requested-with': 'fetch' };
    const created = await page.request.post('/api/cafelito-virtual/categorias', {
      data: { nombre: category },
      headers,
    });
    expect(created.ok()).toBe(true);
    const categoriaId = ((await created.json()) as { id: number }).id;
    for (let n = 1; n <= 13; n++) {
      const res = await page.request.post('/api/cafelito-virtual/videos', {
        data: { titulo: title(n), categoria_id: categoriaId, url: DRIVE_URL },
        headers,
      });
      expect(res.ok()).toBe(true);
    }

    // Members' view: the category's first page, then the second.
    await openLibrary(page, '/cafelito-virtual', 'Cafelito Virtual');
    await page.getByRole('combobox', { name: 'Categoría' }).click();
    await page.getByRole('option', { name: category, exact: true }).click();
    await expect(page.getByRole('article')).toHaveCount(12);
    await expect(page.getByRole('article').first()).toHaveAccessibleName(title(1));
    const pages = page.getByRole('navigation', { name: 'Páginas de videos' });
    await expect(pages.getByRole('button', { name: 'Página 2' })).toBeVisible();
    await expectAccessible(page);
    await pages.getByRole('button', { name: 'Página 2' }).click();
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('article')).toHaveAccessibleName(title(13));

    // Management view: the first video of page 2 goes up, to the end of page 1.
    await page.getByRole('button', { name: 'Gestionar Contenido' }).click();
    await expect(page.getByRole('combobox', { name: 'Categoría' })).toHaveValue(category);
    await pages.getByRole('button', { name: 'Página 2' }).click();
    await expect(page.getByText(title(13), { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: `Bajar ${title(13)}` })).toBeDisabled();
    await page.getByRole('button', { name: `Subir ${title(13)}` }).click();
    await expect(page.getByText(title(12), { exact: true })).toBeVisible();
    await expect(page.getByText(title(13), { exact: true })).toHaveCount(0);
    await pages.getByRole('button', { name: 'Página 1' }).click();
    await expect(page.getByText(title(13), { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: `Subir ${title(1)}` })).toBeDisabled();

    // Members see the new order: 13 is now the 12th of page 1.
    await page.getByRole('button', { name: 'Ver Clases' }).click();
    await pages.getByRole('button', { name: 'Página 1' }).click();
    await expect(page.getByRole('article').nth(11)).toHaveAccessibleName(title(13));
  });
});
