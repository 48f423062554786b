import { readFileSync } from 'node:fs';
import { ACCOUNTS, expect, expectAccessible, MOBILE, signIn, test } from './fixtures';
import { FIRST_DAY, LAST_DAY, STATS_DAYS } from './stats-history';

const ddmmyyyy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

test.describe('Estadísticas', () => {
  test.describe.configure({ timeout: 180_000 });

  test('an admin reads the figures, switches the range, reads a chart table and downloads its CSV', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.admin);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('navigation').getByRole('link', { name: 'Estadísticas' }).click();
    await expect(page).toHaveURL(/\/estadisticas$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Estadísticas' })).toBeVisible();
    const yesterday = LAST_DAY;
    await expect(page.getByText(`al ${ddmmyyyy(yesterday)} (Europe/Madrid)`)).toBeVisible();

    const figure = (label: string) => page.getByRole('group', { name: label, exact: true });
    await expect(figure('Miembros activos')).toContainText('5');
    await expect(figure('Miembros de pago')).toContainText('3');
    await expect(figure('Nuevos miembros')).toContainText('+5 respecto a los 30 días anteriores');
    await expect(figure('Altas de pago')).toContainText('4');
    await expect(figure('Bajas de pago')).toContainText('1');
    await expect(figure('Abandono mensual')).toContainText('25 %');
    await expect(figure('Conversión de prueba a pago')).toContainText('100 %');
    await expect(figure('Ingresos mensuales (EUR)')).toContainText('10,00 €');
    await expect(figure('Ingresos mensuales (EUR)')).toContainText('se cancelan 10,50 €');
    await expect(figure('Ingresos mensuales (USD)')).toContainText('9,00 US$');
    await expectAccessible(page);

    await page.getByText('Todo', { exact: true }).click();
    await expect(page.getByText(`Del ${ddmmyyyy(FIRST_DAY)} al ${ddmmyyyy(yesterday)}`)).toBeVisible();
    await expect(figure('Nuevos miembros')).not.toContainText('respecto');

    const table = page.getByRole('table', { name: 'Números: Nuevos miembros por día' });
    await expect(table.getByRole('row')).toHaveCount(STATS_DAYS.length + 1);
    await expect(table.getByRole('row', { name: ddmmyyyy(FIRST_DAY) })).toContainText('1');
    await expect(table.getByRole('row', { name: ddmmyyyy(yesterday) })).toContainText('0');

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar CSV: Nuevos miembros por día' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`nuevos-miembros_${FIRST_DAY}_${yesterday}.csv`);
    const csv = readFileSync(await download.path(), 'utf8').split('\r\n');
    expect(csv[0]).toBe('Día,Nuevos miembros');
    expect(csv[1]).toBe(`${FIRST_DAY},1`);
    expect(csv[6]).toBe(`${yesterday},0`);

    await page.setViewportSize(MOBILE);
    await expectAccessible(page);
  });

  test('a member without the permission has no entry and the API refuses them', async ({ page }) => {
    await signIn(page, ACCOUNTS.vip);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('link', { name: 'Estadísticas' })).toHaveCount(0);
    const answer = await page.request.get('/api/estadisticas');
    expect(answer.status()).toBe(403);
    expect(await answer.json()).toHaveProperty('error');
  });
});
