import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@app/contracts';
import { crc32, deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { useGeminiConnection } from './ai-setup';
import { openPlanEditor } from './billing-setup';
import { ACCOUNTS, cutTexts, expect, expectAccessible, MOBILE, openSignedIn, shot, test } from './fixtures';

const headers = { [CSRF_HEADER]: CSRF_HEADER_VALUE };
const DESKTOP = { width: 1366, height: 768 };
const DRIVE_URL = 'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOpQr/view';
const NAME = 'Club Cafelito';

/** A 64×64 PNG (an orange disc on white), made here so the test needs no file. */
function logoPng(): Buffer {
  const size = 64;
  const rows = Array.from({ length: size }, (_, y) => {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const inside = (x - 31.5) ** 2 + (y - 31.5) ** 2 < 30 ** 2;
      row.set(inside ? [230, 120, 30] : [255, 255, 255], 1 + x * 3);
    }
    return row;
  });
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** One line of "Primeros pasos", by its step. */
const step = (page: Page, name: string) => page.locator(`li[data-step="${name}"]`);

async function openDashboard(page: Page) {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Primeros pasos' })).toBeVisible();
}

/** axe at desktop and at 375 px, back to desktop after. */
async function accessibleAtBothSizes(page: Page) {
  await expectAccessible(page);
  await page.setViewportSize(MOBILE);
  await expectAccessible(page);
  await page.setViewportSize(DESKTOP);
}

/** The requests the fake Stripe received at one path (it records every request at /__requests). */
async function stripeReceived(path: string): Promise<string[]> {
  const base = process.env.STRIPE_API_URL;
  if (!base) throw new Error('STRIPE_API_URL is not set');
  const all = (await (await fetch(`${base}/__requests`)).json()) as {
    method: string;
    url: string;
    body: string;
  }[];
  return all
    .filter((request) => request.method === 'POST' && request.url === path)
    .map((request) => request.body);
}

test.describe('Primeros pasos del administrador', () => {
  test.slow();

  test('the checklist ticks itself as each step is done; name and logo show everywhere', async ({
    page,
    browser,
    request,
  }) => {
    await page.setViewportSize(DESKTOP);
    await openSignedIn(page, ACCOUNTS.admin);
    await expect(page).toHaveURL(/\/dashboard$/);
    await openDashboard(page);
    await expect(page.getByRole('heading', { name: 'Tu comunidad' })).toBeVisible();
    await expect(page.getByText('Cuentas activas')).toBeVisible();
    // The end-to-end server sends mail through the fake SMTP server.
    await expect(step(page, 'mail')).toContainText('(hecho)');
    await expect(step(page, 'community')).toContainText('(pendiente)');
    await expect(step(page, 'community').getByRole('link', { name: 'Ir a Comunidad' })).toHaveAttribute(
      'href',
      '/config?tab=community',
    );
    await accessibleAtBothSizes(page);

    // A first class in each library.
    for (const library of ['membresia', 'cafelito-virtual']) {
      const category = await page.request.post(`/api/${library}/categorias`, {
        data: { nombre: `Primeros pasos ${Date.now()}` },
        headers,
      });
      expect(category.ok()).toBe(true);
      const video = await page.request.post(`/api/${library}/videos`, {
        data: {
          titulo: 'Bienvenida',
          categoria_id: ((await category.json()) as { id: number }).id,
          url: DRIVE_URL,
        },
        headers,
      });
      expect(video.ok()).toBe(true);
    }
    await openDashboard(page);
    await expect(step(page, 'membresia')).toContainText('(hecho)');
    await expect(step(page, 'cafelito-virtual')).toContainText('(hecho)');

    // The AI tools, with the values every AI spec saves.
    await useGeminiConnection(request, 'texto');
    await useGeminiConnection(request, 'redgram');
    await openDashboard(page);
    await expect(step(page, 'ai')).toContainText('(hecho)');
    await expect(page.getByText('Las herramientas de IA no están configuradas')).toBeHidden();

    // A plan made in the app: a role of its own, then its price typed in "Planes".
    const role = `Mecenas ${Date.now().toString(36)}`;
    const created = await page.request.post('/api/admin/roles', {
      data: { name: role, description: 'Apoya a la comunidad', tools: [] },
      headers,
    });
    expect(created.ok(), await created.text()).toBe(true);
    await page.goto('/config?tab=plans');
    await openPlanEditor(page, role);
    const plan = page.getByRole('region', { name: new RegExp(`^${role}$`, 'i') });
    await plan.getByRole('button', { name: 'Crear precio en Stripe' }).click();
    const dialog = page.getByRole('dialog', { name: 'Crear un precio en Stripe' });
    await expect(dialog.getByLabel('Nombre del producto')).toHaveValue(new RegExp(`^${role}$`, 'i'));
    await dialog.getByLabel('Importe').fill('29,90');
    await accessibleAtBothSizes(page);
    await dialog.getByRole('button', { name: 'Crear precio' }).click();
    await expect(page.getByText('Precio creado en Stripe y añadido al plan')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(plan.getByText('Plan guardado')).toBeVisible();
    await expect(plan.getByText('29,90 € al mes')).toBeVisible();
    const products = await stripeReceived('/v1/products');
    expect(
      products.some((body) => new URLSearchParams(body).get('name')?.toLowerCase() === role.toLowerCase()),
    ).toBe(true);
    const prices = (await stripeReceived('/v1/prices')).map((body) => new URLSearchParams(body));
    expect(
      prices.some(
        (form) =>
          form.get('unit_amount') === '2990' &&
          form.get('currency') === 'eur' &&
          form.get('recurring[interval]') === 'month',
      ),
    ).toBe(true);
    await openDashboard(page);
    await expect(step(page, 'billing')).toContainText('(hecho)');

    // The community's name and logo: every other spec expects the app's defaults, so they are put back after.
    try {
      await page.goto('/config?tab=community');
      await expect(page.getByRole('heading', { name: 'Comunidad', level: 2 })).toBeVisible();
      await accessibleAtBothSizes(page);
      await page.getByLabel('Nombre de la comunidad').fill(NAME);
      await page.getByRole('button', { name: 'Guardar nombre' }).click();
      await expect(page.getByText('Datos de la comunidad guardados')).toBeVisible();
      const bar = page.getByRole('navigation', { name: 'Navegación principal' });
      await expect(bar.getByRole('link', { name: NAME })).toBeVisible();
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng() });
      await expect(page.getByText('Logotipo guardado')).toBeVisible();
      await expect(bar.locator('img[src^="/api/community/logo?v="]')).toBeVisible();

      await openDashboard(page);
      await expect(page).toHaveTitle(`Inicio | ${NAME}`);
      await expect(step(page, 'community')).toContainText('(hecho)');
      await expect(page.getByText('6 de 6 hechos')).toBeVisible();
      await page.getByRole('button', { name: 'Ocultar primeros pasos' }).click();
      await expect(page.getByRole('heading', { name: 'Primeros pasos' })).toBeHidden();
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Tu comunidad' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Primeros pasos' })).toBeHidden();

      // A visitor sees them before any script: in the served page, then on the login screen.
      const visitorContext = await browser.newContext({ viewport: DESKTOP });
      const visitor = await visitorContext.newPage();
      const served = await (await visitor.request.get('/login')).text();
      expect(served).toContain(`<title>${NAME}</title>`);
      await visitor.goto('/login');
      await expect(visitor).toHaveTitle(`Iniciar Sesión | ${NAME}`);
      await expect(visitor.getByRole('main').getByText(NAME)).toBeVisible();
      await expect(visitor.getByRole('main').locator('img[src^="/api/community/logo?v="]')).toBeVisible();
      await accessibleAtBothSizes(visitor);
      await visitorContext.close();
    } finally {
      await page.request.put('/api/admin/community/name', { data: { name: '' }, headers });
      await page.request.delete('/api/admin/community/logo', { headers });
    }
  });

  for (const viewport of [DESKTOP, MOBILE]) {
    test(`every step lines up: whole circles, words from one edge (${viewport.width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await openSignedIn(page, ACCOUNTS.admin);
      await expect(page).toHaveURL(/\/dashboard$/);
      await openDashboard(page);
      const section = page.getByRole('region', { name: 'Primeros pasos' });
      const rows = section.locator('li[data-step]');
      await expect(rows).toHaveCount(6);
      await shot(page, `primeros-pasos-${viewport.width}`);
      const lines = await rows.evaluateAll((items) =>
        items.map((item) => {
          const circle = item.querySelector('svg')?.getBoundingClientRect();
          const words = item.querySelector('p')?.getBoundingClientRect();
          return { circle: circle && [circle.x, circle.width], words: words?.x };
        }),
      );
      for (const line of lines) {
        expect(line.circle?.[1]).toBe(22);
        expect(line.circle?.[0]).toBe(lines[0]?.circle?.[0]);
        expect(line.words).toBe(lines[0]?.words);
      }
      expect(await cutTexts(section)).toEqual([]);
      await expectAccessible(page);
    });
  }

  test('an administrator and a member are told when an AI tool is not configured', async ({
    page,
    browser,
  }) => {
    // The AI settings of the shared end-to-end server belong to the AI specs: here the answers say "not yet".
    await page.setViewportSize(DESKTOP);
    await page.route('**/api/admin/overview', async (route) => {
      const response = await route.fetch();
      const overview = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...overview, ai: { texto: false, redgram: true } } });
    });
    await openSignedIn(page, ACCOUNTS.admin);
    await expect(page).toHaveURL(/\/dashboard$/);
    const notice = page
      .getByRole('alert')
      .filter({ hasText: 'Las herramientas de IA no están configuradas' });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('link', { name: 'Configurar Herramientas de Texto' })).toHaveAttribute(
      'href',
      '/texto',
    );
    await expect(notice.getByRole('link', { name: 'Configurar RedGram' })).toHaveCount(0);
    await accessibleAtBothSizes(page);
    // Said once, on the dashboard: no tab of /config repeats it.
    await page.goto('/config');
    await expect(page.getByRole('heading', { name: 'Gestión de Usuarios' })).toBeVisible();
    await expect(notice).toHaveCount(0);

    const memberContext = await browser.newContext({ viewport: DESKTOP });
    const member = await memberContext.newPage();
    for (const tool of ['texto', 'redgram']) {
      await member.route(`**/api/${tool}/estado`, (route) => route.fulfill({ json: { configured: false } }));
    }
    await openSignedIn(member, ACCOUNTS.vip, '/texto');
    await expect(member.getByText('Herramienta no disponible todavía')).toBeVisible();
    await member.getByLabel('Texto Original').first().fill('hola');
    await expect(member.getByRole('button', { name: 'Corregir Texto' })).toBeDisabled();
    await accessibleAtBothSizes(member);
    await member.goto('/redgram');
    await expect(member.getByText('Herramienta no disponible todavía')).toBeVisible();
    await expect(member.getByRole('button', { name: 'Generar' })).toBeDisabled();
    await accessibleAtBothSizes(member);
    await memberContext.close();
  });
});
