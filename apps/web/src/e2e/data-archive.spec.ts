import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import {
  ACCOUNTS,
  cutTexts,
  expect,
  expectAccessible,
  mailTo,
  MOBILE,
  openSignedIn,
  shot,
  signIn,
  test,
} from './fixtures';

/** Every file the archive holds, README and its index first. */
const FILES = [
  'README.txt',
  'indice.json',
  'perfil.json',
  'suscripcion.json',
  'pagos.csv',
  'historial-de-la-cuenta.csv',
  'progreso.csv',
  'videos-vistos.csv',
  'videos-abiertos.csv',
  'videos-guardados.csv',
  'redgram-perfiles.json',
  'redgram-historial.json',
  'redgram-registros.json',
  'sesiones.csv',
  'aplicacion-de-autenticacion.json',
  'codigos-de-recuperacion.csv',
  'verificaciones-pendientes.csv',
  'dispositivos-recordados.csv',
  'llaves-de-acceso.csv',
  'navegadores-conocidos.csv',
  'solicitudes-de-llave.csv',
  'uso-de-herramientas.csv',
  'eliminacion-programada.json',
  'correos.csv',
  'enlaces-de-recuperacion.csv',
  'confirmaciones-de-correo.csv',
  'archivos-de-datos.csv',
  'avisos-de-registro.json',
  'comunicados.csv',
  'comunicados-por-correo.json',
  'comunicados-escritos.csv',
];

/** Clicks the download link and opens the ZIP the browser saved: its files as text. */
async function downloadArchive(
  page: Page,
  name: RegExp,
): Promise<{ fileName: string; files: Record<string, string> }> {
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name }).click();
  const saved = await download;
  const zip = await readFile(await saved.path());
  const files = Object.fromEntries(
    Object.entries(unzipSync(new Uint8Array(zip))).map(([file, bytes]) => [file, strFromU8(bytes)]),
  );
  return { fileName: saved.suggestedFilename(), files };
}

test.describe('Mis datos', () => {
  // Sign-in, a background build, a download and four axe runs: more than a one-screen test.
  test.setTimeout(180_000);

  test('a member asks for their archive, waits for it, downloads it and may not ask again today', async ({
    page,
  }) => {
    const member = ACCOUNTS.vip2;
    await signIn(page, member);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/perfil');
    const section = page.getByRole('region', { name: 'Mis datos' });
    await expect(
      section.getByText('Descarga una copia de todo lo que la comunidad guarda sobre ti'),
    ).toBeVisible();
    await expectAccessible(page);

    await section.getByRole('button', { name: 'Descargar mis datos' }).click();
    await expect(
      section.getByText(/^Tu archivo está listo\. Puedes descargarlo hasta el \d\d\/\d\d\/\d{4}/),
    ).toBeVisible();
    // One download, with its size, and when the next export may be asked for: no disabled ask button.
    await expect(section.getByRole('button', { name: 'Descargar mis datos' })).toHaveCount(0);
    await expect(section.getByText(/^Nueva exportación disponible el \d\d\/\d\d\/\d{4}/)).toBeVisible();
    await expect(section.getByRole('link', { name: /^Descargar \(\d+ KB\)$/ })).toBeVisible();

    const { fileName, files } = await downloadArchive(page, /^Descargar \(/);
    expect(fileName).toMatch(/^datos-elena-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(Object.keys(files).sort()).toEqual([...FILES].sort());
    expect(files['README.txt']).toContain('Qué contiene cada archivo');
    for (const file of FILES.slice(2)) expect(files['README.txt']).toContain(`- ${file}:`);
    expect(files['README.txt']).toContain('indice.json');
    expect(JSON.parse(files['perfil.json'] ?? 'null')).toMatchObject({
      nombre_de_usuario: 'elena',
      correo: member.email,
      rol: 'VIP',
    });
    // The sign-in of this test is one of the sessions listed.
    expect((files['sesiones.csv'] ?? '').split('\r\n').length).toBeGreaterThan(2);

    await expect
      .poll(async () => (await mailTo(member.email)).map((mail) => mail.subject))
      .toContain('Tu archivo de datos está listo');
    await shot(page, 'mis-datos-1366');
    expect(await cutTexts(section)).toEqual([]);
    await expectAccessible(page);

    // The email's button opens the section itself.
    const ready = (await mailTo(member.email)).find(
      (mail) => mail.subject === 'Tu archivo de datos está listo',
    );
    const link = /https?:\/\/\S+\/perfil#mis-datos/.exec(ready?.text ?? '')?.[0];
    expect(link, ready?.text).toBeDefined();
    await page.setViewportSize(MOBILE);
    await page.goto(new URL(link ?? '/', 'http://x').pathname + new URL(link ?? '/', 'http://x').hash);
    await expect(section.getByRole('link', { name: /^Descargar \(/ })).toBeInViewport();
    await shot(page, 'mis-datos-375');
    expect(await cutTexts(section)).toEqual([]);
    await expectAccessible(page);
  });

  test('an administrator prepares a member’s archive from the users table and downloads it', async ({
    page,
  }) => {
    await openSignedIn(page, ACCOUNTS.admin, '/config');
    // Other specs add members: the table's first page need not hold this one.
    await page.getByRole('textbox', { name: 'Buscar' }).fill('marcos');
    await page.getByRole('button', { name: 'Archivo de datos de marcos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Datos de marcos' });
    await dialog.getByRole('button', { name: 'Preparar los datos de marcos' }).click();
    await expect(dialog.getByText(/^Tu archivo está listo/)).toBeVisible();
    const { files } = await downloadArchive(page, /^Descargar \(/);
    expect(JSON.parse(files['perfil.json'] ?? 'null')).toMatchObject({
      nombre_de_usuario: 'marcos',
      correo: ACCOUNTS.vip.email,
    });
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Cerrar' }).click();
    await page.getByRole('tab', { name: 'Historial' }).click();
    await expect(page.getByText('Archivo de datos del miembro solicitado').first()).toBeVisible();

    await page.setViewportSize(MOBILE);
    await page.getByRole('tab', { name: 'Usuarios' }).click();
    await page.getByRole('textbox', { name: 'Buscar' }).fill('marcos');
    await page.getByRole('button', { name: 'Archivo de datos de marcos' }).click();
    await expect(dialog.getByRole('link', { name: /^Descargar \(/ })).toBeVisible();
    await expectAccessible(page);
  });
});
