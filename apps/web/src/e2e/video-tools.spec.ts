import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, expectAccessible, openSignedIn, test } from './fixtures';

/**
 * The fakes answer by the id's first character (apps/api/test/fakes): an id starting with "A" (YouTube) or
 * "K" (Instagram) is a normal video whose channel / user is named after its first 5 characters, so each test
 * gets a channel of its own and asserts only within its filter (other specs share the server).
 */
const randomText = (length: number) =>
  Array.from({ length }, () => 'abcdefghijkmnopqrstuvwxyz0123456789'[Math.floor(Math.random() * 35)]).join(
    '',
  );

interface Scenario {
  route: string;
  title: string;
  prefix: string;
  link: (id: string) => string;
  idLength: number;
  filterLabel: string;
  author: (prefix: string) => string;
  authorLine: (prefix: string) => string;
  duration: string;
  downloadHref: RegExp;
  endpoint: string;
}

const SCENARIOS: Scenario[] = [
  {
    route: '/ytvideo',
    title: 'YTVideo',
    prefix: 'A',
    link: (id) => `https://youtu.be/${id}`,
    idLength: 11,
    filterLabel: 'Filtrar por canal',
    author: (prefix) => `Canal ${prefix}`,
    authorLine: (prefix) => `Canal: Canal ${prefix}`,
    duration: 'Duración: 4:13',
    downloadHref: /^\/api\/video-tools\/youtube\/videos\/\d+\/download$/,
    endpoint: '/api/video-tools/youtube/videos',
  },
  {
    route: '/igvideo',
    title: 'IGVideo',
    prefix: 'K',
    link: (id) => `https://www.instagram.com/reel/${id}/?igsh=e2e`,
    idLength: 11,
    filterLabel: 'Filtrar por usuario',
    author: (prefix) => `Usuario ${prefix}`,
    authorLine: (prefix) => `Usuario: Usuario ${prefix}`,
    duration: 'Duración: 01:15',
    downloadHref: /^\/api\/video-tools\/instagram\/videos\/\d+\/download$/,
    endpoint: '/api/video-tools/instagram/videos',
  },
];

async function submitLink(page: Page, link: string) {
  await page.getByLabel('URL del video').fill(link);
  await page.getByRole('button', { name: 'Obtener Info' }).click();
}

for (const s of SCENARIOS) {
  test.describe(s.title, () => {
    test(`a vip member saves a link and sees the result card, not the saved list`, async ({ page }) => {
      // Signing in, saving through three services and an accessibility scan: slow on a busy machine.
      test.setTimeout(90_000);
      const prefix = s.prefix + randomText(4);
      const id = prefix + randomText(s.idLength - prefix.length);
      await openSignedIn(page, ACCOUNTS.vip, s.route);
      await expect(page.getByRole('heading', { name: s.title, level: 1 })).toBeVisible();
      await expect(page.getByText('Acceso restringido')).toBeVisible();
      await expect(
        page.getByText('El listado de videos guardados solo está disponible para administradores.'),
      ).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Videos Guardados' })).toHaveCount(0);

      await submitLink(page, s.link(id));
      const card = page.getByLabel('Resultado');
      await expect(card.getByText(s.authorLine(prefix))).toBeVisible();
      await expect(card.getByText(s.duration)).toBeVisible();
      await expect(card.getByRole('link', { name: 'Descargar Video' })).toHaveAttribute(
        'href',
        s.downloadHref,
      );
      await expect(page.getByText('Video guardado correctamente')).toBeVisible();
      await expect(page.getByLabel('URL del video')).toHaveValue('');
      await expectAccessible(page);

      await submitLink(page, s.link(id));
      await expect(
        page.getByRole('alert').filter({ hasText: 'Este video ya está guardado en la base de datos' }),
      ).toBeVisible();
    });

    test('an admin sees it in Videos Guardados, filters, pages, deletes one and then all', async ({
      page,
      browser,
    }) => {
      // Two accounts, seven saves and two accessibility scans: more than the default budget on a busy machine.
      test.setTimeout(150_000);
      const prefix = s.prefix + randomText(4);
      const ids = Array.from({ length: 7 }, () => prefix + randomText(s.idLength - prefix.length));
      // A vip member saves one through the screen; the admin saves the others through the same API.
      const member = await browser.newPage();
      await openSignedIn(member, ACCOUNTS.vip, s.route);
      await submitLink(member, s.link(ids[0] ?? ''));
      await expect(member.getByLabel('Resultado').getByText(s.authorLine(prefix))).toBeVisible();
      await member.close();

      await openSignedIn(page, ACCOUNTS.admin);
      await expect(page.getByRole('heading', { name: 'Hola, admin' })).toBeVisible();
      for (const id of ids.slice(1)) {
        const res = await page.request.post(s.endpoint, {
          data: { url: s.link(id) },
          headers: { 'x-requested-with': 'fetch' },
        });
        expect(res.status()).toBe(200);
      }

      await page.goto(s.route);
      await expect(page.getByRole('heading', { name: 'Videos Guardados' })).toBeVisible();
      await expect(page.getByText('Acceso restringido')).toHaveCount(0);
      await page.getByLabel(s.filterLabel).selectOption(s.author(prefix));
      const rows = page.locator('tbody tr');
      await expect(page.getByText('Página 1 de 2')).toBeVisible();
      await expect(rows).toHaveCount(5);
      for (let i = 0; i < 5; i++) await expect(rows.nth(i)).toContainText(s.author(prefix));
      await expectAccessible(page);

      // The member's video is among the 7 of this channel.
      const firstPage = await page.locator('tbody').innerText();
      await page.getByRole('button', { name: 'Siguiente →' }).click();
      await expect(page.getByText('Página 2 de 2')).toBeVisible();
      await expect(rows).toHaveCount(2);
      const secondPage = await page.locator('tbody').innerText();
      expect(firstPage + secondPage).toContain(ids[0] ?? '');
      await page.getByRole('button', { name: '← Anterior' }).click();
      await expect(page.getByText('Página 1 de 2')).toBeVisible();
      // The first page's rows, not the second page's still on screen while the first loads.
      await expect(rows).toHaveCount(5);

      const deleted = await rows.first().locator('td').nth(1).innerText();
      await rows
        .first()
        .getByRole('button', { name: /^Eliminar / })
        .click();
      const confirm = page.getByRole('dialog');
      await expect(confirm).toContainText('Esta acción no se puede deshacer.');
      await confirm.getByRole('button', { name: 'Eliminar', exact: true }).click();
      await expect(page.getByText('Registro eliminado correctamente')).toBeVisible();
      await expect(rows).toHaveCount(5);
      await expect(page.getByText('Página 1 de 2')).toBeVisible();
      await expect(page.locator('tbody')).not.toContainText(deleted);
      await page.getByRole('button', { name: 'Siguiente →' }).click();
      await expect(page.getByText('Página 2 de 2')).toBeVisible();
      await expect(rows).toHaveCount(1);

      await page.getByRole('button', { name: 'Borrar Todo' }).click();
      await expect(confirm).toContainText('¿Estás seguro de que deseas eliminar todos los registros?');
      await expect(confirm).toContainText(`Se eliminarán los 6 registros de «${s.author(prefix)}»`);
      await expectAccessible(page);
      await confirm.getByRole('button', { name: 'Borrar Todo' }).click();
      await expect(page.getByText('Todos los registros han sido eliminados')).toBeVisible();
      await expect(page.getByLabel(s.filterLabel)).toHaveValue('');
      await expect(
        page.getByLabel(s.filterLabel).locator('option', { hasText: s.author(prefix) }),
      ).toHaveCount(0);
    });
  });
}

test('an admin opens "Descargar" on a video saved earlier and reaches the file through a link asked for now', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const cobalt = process.env.COBALT_API_URL;
  if (!cobalt) throw new Error('COBALT_API_URL is not set: the end-to-end set-up starts the fake cobalt');
  const prefix = 'A' + randomText(4);
  const id = prefix + randomText(6);
  await openSignedIn(page, ACCOUNTS.admin);
  await expect(page.getByRole('heading', { name: 'Hola, admin' })).toBeVisible();
  const saved = await page.request.post('/api/video-tools/youtube/videos', {
    data: { url: `https://youtu.be/${id}` },
    headers: { 'x-requested-with': 'fetch' },
  });
  expect(saved.status()).toBe(200);
  const { url_video: stored, titulo } = (await saved.json()) as { url_video: string; titulo: string };
  // The link cobalt gave at save time is short-lived in the end-to-end fake: too little to be handed out later.
  expect(stored).toContain(`${cobalt}/tunnel?id=${id}&exp=`);

  await page.goto('/ytvideo');
  await page.getByLabel('Filtrar por canal').selectOption(`Canal ${prefix}`);
  const download = page.getByRole('link', { name: `Descargar ${titulo}` });
  await expect(download).toHaveAttribute('href', /^\/api\/video-tools\/youtube\/videos\/\d+\/download$/);
  const file = page
    .context()
    .waitForEvent('response', (response) => response.url().startsWith(`${cobalt}/tunnel?id=${id}&`));
  await download.click();
  const response = await file;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('video/mp4');
  expect(response.url()).not.toBe(stored);
  // The API asked cobalt again, with the link built from the stored id.
  const asked = (await (await page.request.get(`${cobalt}/__requests`)).json()) as {
    method: string;
    body: string;
  }[];
  const posts = asked.filter((r) => r.method === 'POST' && r.body.includes(id));
  expect(posts).toHaveLength(2);
});
