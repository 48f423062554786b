import { readFileSync } from 'node:fs';
import {
  ACCOUNTS,
  expect,
  expectAccessible,
  expectNoSidewaysScroll,
  MOBILE,
  openSignedIn,
  test,
} from './fixtures';
import { FIRST_DAY, LAST_DAY, STATS_DAYS } from './stats-history';

const ddmmyyyy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** The day `n` days before `day` (calendar arithmetic). */
const daysBefore = (day: string, n: number) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - n)).toISOString().slice(0, 10);
};

/** The first day of each weekly row: `from`, then every Monday up to `to`. */
function weeksOf(from: string, to: string): string[] {
  const weeks = [from];
  for (let day = daysBefore(from, -1); day <= to; day = daysBefore(day, -1)) {
    if (new Date(`${day}T00:00:00Z`).getUTCDay() === 1) weeks.push(day);
  }
  return weeks;
}

/** The Monday of the week `day` falls in. */
const mondayOf = (day: string) => daysBefore(day, (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7);

/** "noviembre de 2026": a month's row as the screen names it. */
const monthName = (day: string) =>
  new Intl.DateTimeFormat('es-ES', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day.slice(0, 7)}-01T00:00:00Z`),
  );

test.describe('Estadísticas', () => {
  test.describe.configure({ timeout: 180_000 });

  test('an admin reads the figures, switches the range, reads a chart table and downloads its CSV', async ({
    page,
  }) => {
    await openSignedIn(page, ACCOUNTS.admin);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('navigation').getByRole('link', { name: 'Estadísticas' }).click();
    await expect(page).toHaveURL(/\/estadisticas$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Estadísticas' })).toBeVisible();
    // The last closed day as the page gives it: a run crossing midnight in Madrid may close one more day.
    const range = page.getByText(/^Del \d\d\/\d\d\/\d{4} al \d\d\/\d\d\/\d{4} \(Europe\/Madrid\)$/);
    await expect(range).toBeVisible();
    const shownTo = /al (\d\d)\/(\d\d)\/(\d{4})/.exec((await range.textContent()) ?? '') ?? ['', '', '', ''];
    const yesterday = `${shownTo[3]}-${shownTo[2]}-${shownTo[1]}`;
    expect([LAST_DAY, daysBefore(LAST_DAY, -1)]).toContain(yesterday);
    const [, second = '', , fourth = '', fifth = ''] = STATS_DAYS;
    /** The CSV line of `day` in the 30-day range (the header is line 0). */
    const lineOf = (day: string) => 30 - Math.round((Date.parse(yesterday) - Date.parse(day)) / 86_400_000);
    await expect(
      page.getByRole('heading', { name: /^Días cerrados, hasta (ayer|el \d\d\/\d\d\/\d{4})$/ }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Hoy, hasta las \d\d:\d\d$/ })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Cuentas activas (hoy)' })).toBeVisible();

    /** Picks a chart as the main one and opens its table. */
    const tableOf = async (title: string) => {
      await page.getByLabel('Métrica').selectOption({ label: title });
      await page.getByRole('button', { name: `Ver tabla: ${title}` }).click();
      return page.getByRole('table', { name: `Números: ${title}` });
    };

    const figure = (label: string) => page.getByRole('group', { name: label, exact: true });
    await expect(figure('Cuentas activas')).toContainText('6');
    await expect(figure('Miembros de pago')).toContainText('3');
    await expect(figure('Nuevos miembros')).toContainText('+6 respecto a los 30 días anteriores');
    await expect(figure('Altas de pago')).toContainText('4');
    await expect(figure('Bajas de pago')).toContainText('1');
    await expect(figure('Abandono mensual')).toContainText('25 %');
    await expect(figure('Conversión de prueba a pago')).toContainText('100 %');
    await expect(figure('Ingresos mensuales (EUR)')).toContainText('10,00 €');
    await expect(figure('Ingresos mensuales (EUR)')).toContainText('se cancelan 10,50 €');
    await expect(figure('Ingresos mensuales (USD)')).toContainText('9,00 US$');
    // Money as Stripe counts it: MRR with its change and its course, ARR, ARPU, the movements, MRR by plan.
    await expect(figure('MRR (EUR)')).toContainText('20,50 €');
    await expect(figure('MRR (EUR)')).toContainText('+20,50 € respecto a los 30 días anteriores');
    await expect(figure('MRR (EUR)')).toContainText('En reintento de pago, sin contar: 5,00 €');
    await expect(figure('MRR (EUR)').getByTestId('sparkline')).toBeVisible();
    await expect(figure('ARR (EUR)')).toContainText('246,00 €');
    await expect(figure('Ingreso medio por miembro de pago (EUR)')).toContainText('10,25 €');
    const moves = figure('Movimientos del MRR (EUR)').getByRole('table');
    await expect(moves.getByRole('row', { name: 'Nuevos' })).toHaveText('Nuevos+20,00 €');
    await expect(moves.getByRole('row', { name: 'Ampliaciones' })).toHaveText('Ampliaciones+0,50 €');
    await expect(moves.getByRole('row', { name: 'Neto' })).toHaveText('Neto+20,50 €');
    await expect(figure('MRR por plan (EUR)')).toContainText('VIP20,50 €');
    await expect(figure('Miembros: reintentando el pago')).toContainText('1');
    await expect(figure('Miembros: de pago').getByTestId('sparkline')).toBeVisible();
    await expect(figure('Abandono de suscriptores')).toContainText('0 %');
    await page.getByRole('button', { name: '¿Qué es esto? MRR (EUR)', exact: true }).click();
    await expect(page.getByText(/sin impuestos/)).toBeVisible();
    await page.keyboard.press('Escape');
    // Each figure names what it counts.
    await page.getByRole('button', { name: '¿Qué es esto? Nuevos miembros', exact: true }).click();
    await expect(
      page.getByText(/No cuentan los administradores, los registros nunca activados/),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    await expectAccessible(page);

    // 30 días: one row a day; sign-ups beside activations.
    // The main chart starts on new members; its table is behind «Ver tabla».
    await expect(page.getByLabel('Métrica')).toHaveValue('signups');
    await expect(
      page.getByRole('table', { name: 'Números: Nuevos miembros y activaciones por día' }),
    ).toHaveCount(0);
    await page.getByRole('button', { name: 'Ver tabla: Nuevos miembros y activaciones por día' }).click();
    const daily = page.getByRole('table', { name: 'Números: Nuevos miembros y activaciones por día' });
    await expect(daily.getByRole('row')).toHaveCount(31);
    await expect(daily.getByRole('row', { name: ddmmyyyy(second) })).toHaveText(`${ddmmyyyy(second)}12`);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar CSV: Nuevos miembros y activaciones por día' }).click();
    const download = await downloading;
    const firstOfRange = daysBefore(LAST_DAY, 29);
    expect(download.suggestedFilename()).toBe(`nuevos-miembros_${firstOfRange}_${yesterday}.csv`);
    // Written by the server (formulas neutralised), with the BOM spreadsheet programs read accents by.
    const csv = readFileSync(await download.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(csv[0]).toBe('Día,Nuevos miembros,Activaciones');
    expect(csv[1]).toBe(`${firstOfRange},0,0`);
    expect(csv[lineOf(FIRST_DAY)]).toBe(`${FIRST_DAY},1,0`);
    expect(csv[lineOf(fifth)]).toBe(`${fifth},1,1`);
    expect(csv[30]).toBe(`${yesterday},0,0`);

    // Texto among the tools, role changes by role, classes per library.
    const tools = await tableOf('Uso de las herramientas por día');
    await expect(tools.getByRole('columnheader', { name: 'Texto' })).toBeVisible();
    // RedGram, Texto, YouTube: two Texto uses on the fourth day.
    await expect(tools.getByRole('row', { name: ddmmyyyy(fourth) })).toHaveText(`${ddmmyyyy(fourth)}020`);
    const roles = await tableOf('Cambios de rol por día');
    // Roles by their display names.
    await expect(roles.getByRole('columnheader', { name: 'VIP', exact: true })).toBeVisible();
    const completed = await tableOf('Clases completadas por día');
    await expect(completed.getByRole('row', { name: ddmmyyyy(fifth) })).toHaveText(`${ddmmyyyy(fifth)}20`);

    // Every class of a library, a page at a time, and all of them in its CSV.
    const classes = page.getByRole('region', { name: 'Finalización de las clases: Membresía', exact: true });
    const membresia = classes.getByRole('table', { name: 'Números: Finalización de las clases: Membresía' });
    await expect(membresia.getByRole('row', { name: 'Clase c1' })).toHaveText('Clase c1Fundamentos4375 %');
    await expect(membresia.getByRole('row')).toHaveCount(21);
    await expect(classes.getByText('Mostrando 1-20 de 24 clases')).toBeVisible();
    await classes.getByRole('button', { name: 'Siguiente' }).click();
    await expect(classes.getByText('Mostrando 21-24 de 24 clases')).toBeVisible();
    await expect(membresia.getByRole('row')).toHaveCount(5);
    await expect(membresia.getByRole('row', { name: /^Clase extra 1 / })).toHaveText(
      'Clase extra 1Extras100 %',
    );
    await classes.getByRole('button', { name: 'Anterior' }).click();
    await expect(classes.getByText('Mostrando 1-20 de 24 clases')).toBeVisible();
    const classesDownload = page.waitForEvent('download');
    await classes
      .getByRole('button', { name: 'Descargar CSV: Finalización de las clases: Membresía' })
      .click();
    const classesFile = await classesDownload;
    expect(classesFile.suggestedFilename()).toBe(`finalizacion-membresia_${yesterday}.csv`);
    const classLines = readFileSync(await classesFile.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(classLines[0]).toBe(
      'Clase,Categoría,Miembros que la abrieron,Miembros que la completaron,Completada (%)',
    );
    expect(classLines[1]).toBe('Clase c1,Fundamentos,4,3,75');
    // Filtered by its category: the two classes of Fundamentos.
    await classes.getByLabel('Categoría').selectOption({ label: 'Fundamentos' });
    await expect(membresia.getByRole('row')).toHaveCount(3);
    await expect(membresia.getByRole('row', { name: 'Clase c2' })).toHaveText('Clase c2Fundamentos22100 %');
    await classes.getByLabel('Categoría').selectOption({ label: 'Todas las categorías' });
    await expect(classes.getByText('Mostrando 1-20 de 24 clases')).toBeVisible();
    expect(classLines.filter((line) => line !== '')).toHaveLength(25);
    const monthly = await tableOf('Miembros activos por mes');
    await expect(monthly.getByRole('row').last().getByRole('cell')).toHaveText('3');

    // 365 días: one row a week, the first starting on the range's first day.
    await page.getByText('365 días', { exact: true }).click();
    await expect(page.getByText(`Del ${ddmmyyyy(daysBefore(yesterday, 364))} al`)).toBeVisible();
    const weekly = await tableOf('Nuevos miembros y activaciones por semana');
    await expect(weekly.getByRole('columnheader', { name: 'Semana' })).toBeVisible();
    await expect(weekly.getByRole('row')).toHaveCount(
      weeksOf(daysBefore(yesterday, 364), yesterday).length + 1,
    );
    // The week of the first prepared day, read from the weeks the close keeps.
    await expect(
      weekly.getByRole('row', { name: `Semana del ${ddmmyyyy(mondayOf(FIRST_DAY))}` }),
    ).toBeVisible();

    // Todo: one row a month, from the first kept day; six sign-ups and three activations in all.
    await page.getByText('Todo', { exact: true }).click();
    await expect(page.getByText(`Del ${ddmmyyyy(FIRST_DAY)} al ${ddmmyyyy(yesterday)}`)).toBeVisible();
    await expect(figure('Nuevos miembros')).not.toContainText('respecto');
    const byMonth = await tableOf('Nuevos miembros y activaciones por mes');
    await expect(byMonth.getByRole('columnheader', { name: 'Mes' })).toBeVisible();
    const months = [...new Set(STATS_DAYS.map((day) => day.slice(0, 7)))];
    await expect(byMonth.getByRole('row')).toHaveCount(months.length + 1);
    const firstMonth = monthName(FIRST_DAY);
    await expect(byMonth.getByRole('row', { name: firstMonth })).toBeVisible();
    if (months.length === 1)
      await expect(byMonth.getByRole('row', { name: firstMonth })).toHaveText(`${firstMonth}63`);

    // A figure leads to the list behind it.
    await page.getByRole('link', { name: 'Ver las cuentas con suscripción' }).click();
    await expect(page).toHaveURL(/\/config\?suscripcion=subscribed$/);
    await expect(page.getByRole('combobox', { name: 'Suscripción' })).toHaveValue('subscribed');
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Estadísticas' })).toBeVisible();

    await page.setViewportSize(MOBILE);
    await expectAccessible(page);
    // On a phone each class is a card: its completion in view, nothing to scroll sideways.
    const phoneClasses = page.getByRole('table', { name: 'Números: Finalización de las clases: Membresía' });
    const share = phoneClasses.getByRole('row').nth(1).getByRole('cell').last();
    await share.scrollIntoViewIfNeeded();
    await expect(share).toBeInViewport({ ratio: 1 });
    await expectNoSidewaysScroll(phoneClasses);
  });

  test('a member without the permission has no entry and the API refuses them', async ({ page }) => {
    await openSignedIn(page, ACCOUNTS.vip);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('link', { name: 'Estadísticas' })).toHaveCount(0);
    const answer = await page.request.get('/api/estadisticas');
    expect(answer.status()).toBe(403);
    expect(await answer.json()).toHaveProperty('error');
  });
});
