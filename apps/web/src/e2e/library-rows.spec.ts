import type { APIRequestContext, Page } from '@playwright/test';
import { ACCOUNTS, expect, expectAccessible, MOBILE, openSignedIn, test, unique } from './fixtures';

const CSRF = { 'x-requested-with': 'fetch' };

/** A Drive file id per class; ids containing ROTO answer 404 (a broken picture). */
const driveId = (tag: string) => `1${tag}AbCdEfGhIjKlMn`;
const driveUrl = (tag: string) => `https://drive.google.com/file/d/${driveId(tag)}/view?usp=sharing`;
const thumbnailUrl = (tag: string) => `https://drive.google.com/thumbnail?id=${driveId(tag)}&sz=w640`;

const HUES = [265, 200, 330, 25, 160, 45, 290, 5];

/** A poster for a class, standing in for Drive's thumbnail (the tests never reach the internet). */
function poster(label: string, n: number): string {
  const hue = HUES[n % HUES.length] ?? 265;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${hue} 45% 22%)"/><stop offset="1" stop-color="hsl(${hue + 40} 55% 45%)"/>
  </linearGradient></defs>
  <rect width="640" height="360" fill="url(#g)"/>
  <circle cx="520" cy="90" r="120" fill="hsl(${hue} 70% 70% / .18)"/>
  <rect x="40" y="250" width="300" height="14" rx="7" fill="#fff" opacity=".35"/>
  <text x="40" y="220" font-family="sans-serif" font-size="54" font-weight="700" fill="#fff">${label}</text>
</svg>`;
}

/** Serves Drive thumbnails and https miniaturas to the page: a poster, or 404 for the broken ones. */
async function servePictures(page: Page): Promise<void> {
  const handler = async (route: Parameters<Parameters<Page['route']>[1]>[0]) => {
    const url = route.request().url();
    if (url.includes('ROTO')) return route.fulfill({ status: 404, body: 'not found' });
    const n = Number(/N(\d+)/.exec(url)?.[1] ?? 0);
    return route.fulfill({ contentType: 'image/svg+xml', body: poster(`Clase ${n}`, n) });
  };
  await page.route('https://drive.google.com/thumbnail**', handler);
  await page.route('https://img.example.test/**', handler);
}

interface Seeded {
  categories: string[];
  /** Titles per category, in creation order. */
  titles: string[][];
}

const TOPICS = [
  ['Ventas', 'Cómo vender sin parecer vendedor', 'Precios que convierten', 'Guiones de llamada'],
  ['Contenido', 'Ideas de reels para la semana', 'Historias que enganchan', 'Calendario editorial'],
  ['Mentalidad', 'Hábitos de un negocio sano', 'Vencer la procrastinación', 'Objetivos trimestrales'],
];

/**
 * Three categories of eight classes each, created through the API as the administrator. In the third
 * category every Drive picture is broken (the designed fallback shows); the first category's second class has
 * an https miniatura.
 */
async function seed(request: APIRequestContext, library: string, run: string): Promise<Seeded> {
  const seeded: Seeded = { categories: [], titles: [] };
  for (const [c, topic] of TOPICS.entries()) {
    const nombre = `${topic[0]} ${run}`;
    const created = await request.post(`/api/${library}/categorias`, { data: { nombre }, headers: CSRF });
    expect(created.ok(), await created.text()).toBe(true);
    const categoria_id = ((await created.json()) as { id: number }).id;
    const titles: string[] = [];
    for (let n = 1; n <= 8; n++) {
      const titulo = `${topic[1 + ((n - 1) % 3)]} ${n} ${run}`;
      const tag = c === 2 ? `ROTO${n}x` : `N${n}x${c}`;
      const res = await request.post(`/api/${library}/videos`, {
        data: {
          titulo,
          descripcion: 'Una clase práctica con ejemplos reales y una tarea para aplicar lo aprendido.',
          categoria_id,
          url: driveUrl(tag),
          material: n % 2 === 0 ? 'https://example.com/material.pdf' : '',
          miniatura: c === 0 && n === 2 ? `https://img.example.test/poster-N${n}.svg` : '',
        },
        headers: CSRF,
      });
      expect(res.ok(), await res.text()).toBe(true);
      titles.push(titulo);
    }
    seeded.categories.push(nombre);
    seeded.titles.push(titles);
  }
  return seeded;
}

async function openLibrary(page: Page, path: string, title: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Categoría' })).toBeVisible();
}

/** Waits until every picture in view has loaded or fallen back, for a faithful screenshot. */
async function picturesSettled(page: Page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLImageElement>('img[data-thumbnail]')].every(
      (img) => img.loading === 'lazy' || img.complete,
    ),
  );
}

test.describe('Library rows', () => {
  test('Membresía: pictures, a row per category with counts, "Continuar viendo" per member, keyboard and 375 px', async ({
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(300_000);
    const run = unique();

    const adminContext = await browser.newContext({ baseURL });
    const admin = await adminContext.newPage();
    await openSignedIn(admin, ACCOUNTS.admin);
    await expect(admin).toHaveURL(/\/dashboard$/);
    const { categories, titles } = await seed(admin.request, 'membresia', run);
    await adminContext.close();
    const [first, second, third] = categories as [string, string, string];
    const [firstTitles, , thirdTitles] = titles as [string[], string[], string[]];
    const at = (list: string[], index: number): string => {
      const title = list[index];
      if (title === undefined) throw new Error(`no class ${index}`);
      return title;
    };
    const newest = at(firstTitles, 7);
    const oldest = at(firstTitles, 0);
    const pictured = at(firstTitles, 1);
    const brokenTitle = at(thirdTitles, 7);

    const vipContext = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } });
    const vip = await vipContext.newPage();
    await servePictures(vip);
    await openSignedIn(vip, ACCOUNTS.vip);
    await expect(vip).toHaveURL(/\/dashboard$/);
    await openLibrary(vip, '/membresia', 'Membresía');

    // A row per category, with the member's count and its eight classes, newest first.
    for (const category of categories) {
      const row = vip.getByRole('region', { name: category });
      await expect(row.getByText('0 de 8 completadas')).toBeVisible();
      await expect(row.getByRole('article')).toHaveCount(8);
    }
    const firstRow = vip.getByRole('region', { name: first });
    await expect(firstRow.getByRole('article').first()).toHaveAccessibleName(newest);
    await vip.mouse.move(0, 0);
    await picturesSettled(vip);
    await vip.screenshot({ path: testInfo.outputPath('membresia-desktop.png') });

    // Pictures: the Drive thumbnail, the administrator's miniatura, and the fallback when the picture is broken.
    const eighth = firstRow.getByRole('article', { name: newest });
    await expect(eighth.getByRole('img', { name: `Miniatura de ${newest}` })).toHaveAttribute(
      'src',
      thumbnailUrl('N8x0'),
    );
    await expect(eighth.getByRole('img')).toHaveAttribute('loading', 'lazy');
    const withMiniatura = firstRow.getByRole('article', { name: pictured });
    await withMiniatura.scrollIntoViewIfNeeded();
    await expect(withMiniatura.getByRole('img')).toHaveAttribute(
      'src',
      'https://img.example.test/poster-N2.svg',
    );
    const broken = vip.getByRole('region', { name: third }).getByRole('article', { name: brokenTitle });
    await expect(broken.locator('[data-thumbnail="fallback"]')).toBeVisible();
    await expect(broken.getByRole('img', { name: `Miniatura de ${brokenTitle}` })).toBeVisible();
    await expect(broken.locator('img')).toHaveCount(0);
    // Every spec element stays on the card; in a category's row its title names the category, not each card.
    await expect(eighth.getByText(first, { exact: true })).toHaveCount(0);
    await expect(eighth).toContainText(/\d{2}\/\d{2}\/\d{4}/);
    await expect(eighth.getByRole('button', { name: 'Ver clase' })).toBeVisible();
    await expect(eighth.getByRole('link', { name: 'Material' })).toBeVisible();
    await expect(eighth.getByRole('button', { name: 'Marcar como vista' })).toBeVisible();
    await expectAccessible(vip);

    // Keyboard only: the row's arrow scrolls it; Tab walks its cards and the row follows the focus.
    const scroller = firstRow.getByRole('list');
    const next = vip.getByRole('button', { name: `Siguientes: ${first}` });
    await next.focus();
    await vip.keyboard.press('Enter');
    await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await expect(vip.getByRole('button', { name: `Anteriores: ${first}` })).toHaveAttribute(
      'aria-disabled',
      'false',
    );
    const lastToggle = firstRow
      .getByRole('article', { name: oldest })
      .getByRole('button', { name: 'Marcar como vista' });
    for (let presses = 0; presses < 40; presses++) {
      if (await lastToggle.evaluate((el) => el === document.activeElement)) break;
      await vip.keyboard.press('Tab');
      await expect(vip.locator(':focus')).toBeInViewport();
    }
    await expect(lastToggle).toBeFocused();
    await expect(lastToggle).toBeInViewport();
    await vip.keyboard.press('Shift+Tab');
    await vip.keyboard.press('Enter');
    const dialog = vip.getByRole('dialog', { name: oldest });
    await expect(dialog.locator('iframe')).toHaveAttribute(
      'src',
      `https://drive.google.com/file/d/${driveId('N1x0')}/preview`,
    );
    await vip.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // Opening a class put it in this member's "Continuar viendo", the first row.
    const continuing = vip.getByRole('region', { name: 'Continuar viendo' });
    await expect(continuing.getByRole('article', { name: oldest })).toBeVisible();
    // A class from any category: its card names it. One card fits, so the row has no arrows.
    await expect(
      continuing.getByRole('article', { name: oldest }).getByText(first, { exact: true }),
    ).toBeVisible();
    await expect(continuing.getByRole('article')).toHaveCount(1);
    await expect(continuing.getByRole('button', { name: /^(Anteriores|Siguientes):/ })).toHaveCount(0);
    const regions = vip.getByRole('region');
    // First of the rows (after the overall progress).
    await expect(regions.nth(1)).toHaveAccessibleName('Continuar viendo');
    await vip.reload();
    await expect(continuing.getByRole('article', { name: oldest })).toBeVisible();

    // Another member does not see it.
    const otherContext = await browser.newContext({ baseURL });
    const other = await otherContext.newPage();
    await openSignedIn(other, ACCOUNTS.vip2);
    await expect(other).toHaveURL(/\/dashboard$/);
    await openLibrary(other, '/membresia', 'Membresía');
    await expect(other.getByRole('region', { name: first }).getByRole('article')).toHaveCount(8);
    await expect(
      other.getByRole('region', { name: 'Continuar viendo' }).getByRole('article', { name: oldest }),
    ).toHaveCount(0);
    await otherContext.close();

    // Completing it takes it out of "Continuar viendo" and counts in its row.
    await continuing
      .getByRole('article', { name: oldest })
      .getByRole('button', { name: 'Marcar como vista' })
      .click();
    await expect(continuing.getByRole('article', { name: oldest })).toHaveCount(0);
    await expect(firstRow.getByText('1 de 8 completadas')).toBeVisible();
    const completed = firstRow.getByRole('article', { name: oldest });
    await expect(completed.getByRole('button', { name: 'Completada' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // The "Completada" badge sits on the picture, so the completed card keeps its neighbours' height.
    const badge = await completed.getByText('Completada', { exact: true }).first().boundingBox();
    const picture = await completed.getByRole('img').boundingBox();
    expect(badge && picture && badge.y + badge.height <= picture.y + picture.height).toBe(true);
    const heights = await firstRow
      .getByRole('article')
      .evaluateAll((cards) => cards.map((card) => Math.round(card.getBoundingClientRect().height)));
    expect(new Set(heights).size).toBe(1);

    // 'Ver todas' shows the category's grid, as choosing it in the filter does.
    await vip.getByRole('button', { name: `Ver todas: ${second}` }).click();
    await expect(vip.getByRole('combobox', { name: 'Categoría' })).toHaveValue(second);
    await expect(vip.getByRole('article')).toHaveCount(8);
    await expect(vip.getByRole('region', { name: second })).toHaveCount(0);
    // In the category's grid each card shows its category badge, as the spec's cards do.
    await expect(vip.getByRole('article').first().getByText(second, { exact: true })).toBeVisible();

    // 375 px: rows scroll sideways and every tap target is 44 px or more.
    await vip.setViewportSize(MOBILE);
    await vip.getByRole('combobox', { name: 'Categoría' }).click();
    await vip.getByRole('option', { name: 'Todas las categorías' }).click();
    const mobileRow = vip.getByRole('region', { name: first });
    await expect(mobileRow.getByRole('article')).toHaveCount(8);
    const sizes = await mobileRow.getByRole('list').evaluate((el) => ({
      scroll: el.scrollWidth,
      client: el.clientWidth,
      page: document.body.scrollWidth,
    }));
    expect(sizes.scroll).toBeGreaterThan(sizes.client);
    expect(sizes.page).toBeLessThanOrEqual(MOBILE.width);
    const card = mobileRow.getByRole('article').first();
    for (const target of [
      card.getByRole('button', { name: 'Ver clase' }),
      card.getByRole('button', { name: /Marcar como vista|Completada/ }),
      vip.getByRole('button', { name: `Siguientes: ${first}` }),
      vip.getByRole('button', { name: `Ver todas: ${first}` }),
    ]) {
      const box = await target.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
    }
    await mobileRow.scrollIntoViewIfNeeded();
    await picturesSettled(vip);
    await vip.screenshot({ path: testInfo.outputPath('membresia-375.png') });
    await vip.screenshot({ path: testInfo.outputPath('membresia-375-full.png'), fullPage: true });
    await expectAccessible(vip);
    await vipContext.close();
  });

  test('Cafelito Virtual: rows keep the stored order; desktop and 375 px', async ({
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(240_000);
    const run = unique();
    const adminContext = await browser.newContext({ baseURL });
    const admin = await adminContext.newPage();
    await openSignedIn(admin, ACCOUNTS.admin);
    await expect(admin).toHaveURL(/\/dashboard$/);
    const { categories, titles } = await seed(admin.request, 'cafelito-virtual', run);
    await adminContext.close();

    const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await servePictures(page);
    await openSignedIn(page, ACCOUNTS.cafeinas);
    await expect(page).toHaveURL(/\/dashboard$/);
    await openLibrary(page, '/cafelito-virtual', 'Cafelito Virtual');
    for (const [c, category] of categories.entries()) {
      const row = page.getByRole('region', { name: category });
      await expect(row.getByText('0 de 8 completadas')).toBeVisible();
      await expect(row.getByRole('article')).toHaveText((titles[c] ?? []).map((t) => new RegExp(t)));
    }
    // Long Spanish date on the cards.
    await expect(
      page.getByRole('region', { name: categories[0] }).getByRole('article').first(),
    ).toContainText(/\d{1,2} de [a-z]+ de \d{4}/);
    await page.mouse.move(0, 0);
    await picturesSettled(page);
    await page.screenshot({ path: testInfo.outputPath('cafelito-desktop.png') });
    await expectAccessible(page);

    await page.setViewportSize(MOBILE);
    await expect(page.getByRole('region', { name: categories[0] }).getByRole('article')).toHaveCount(8);
    await picturesSettled(page);
    await page.screenshot({ path: testInfo.outputPath('cafelito-375.png') });
    await expectAccessible(page);
    await context.close();
  });
});
