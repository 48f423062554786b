import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@app/contracts';
import {
  ACCOUNTS,
  cutTexts,
  expect,
  expectAccessible,
  MOBILE,
  newAccount,
  openSignedIn,
  shot,
  test,
} from './fixtures';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../api');
const DESKTOP = { width: 1366, height: 768 };

interface Days {
  ai_days: number;
  signin_days: number;
  video_days: number;
}

/** A sign-in of `email` 40 days ago, still open: only time makes one, so it is written straight to the database. */
async function oldSignIn(email: string): Promise<void> {
  const databasePath = process.env.E2E_DATABASE_PATH;
  if (!databasePath) throw new Error('E2E_DATABASE_PATH is not set: global setup did not run');
  const script = `
    const Database = require('better-sqlite3');
    const db = new Database(process.argv[1]);
    db.pragma('busy_timeout = 10000');
    const user = db.prepare('SELECT id FROM users WHERE email = ?').get(process.argv[2]);
    db.prepare('INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)').run(
      'old-' + process.argv[2], user.id, new Date(Date.now() - 40 * 86400000).toISOString(), '2999-01-01T00:00:00.000Z');
    db.close();`;
  await promisify(execFile)(process.execPath, ['-e', script, databasePath, email], { cwd: apiDir });
}

test.describe('«Conservación de datos» asks before a shorter period deletes data', () => {
  // One test for both sizes: the days are the shared server's, changed and put back in turn.
  test('it says what the next purge removes, and saves only when confirmed (1366 and 375 px)', async ({
    page,
    request,
  }) => {
    const member = await newAccount(request, { prefix: 'conserva', password: 'conserva-e2e-secret' });
    await oldSignIn(member.email);
    await openSignedIn(page, ACCOUNTS.admin);
    await expect(page).toHaveURL(/\/dashboard$/);
    const current = async () => (await (await page.request.get('/api/admin/retention')).json()) as Days;
    const saved = await current();
    try {
      for (const viewport of [DESKTOP, MOBILE]) {
        await page.setViewportSize(viewport);
        await page.goto('/config?tab=retention');
        const panel = page.getByRole('region', { name: 'Conservación de datos' });
        const signins = panel.getByLabel('Inicios de sesión (días)');
        await expect(signins).toHaveValue(String(saved.signin_days));
        await signins.fill('30');
        await panel.getByRole('button', { name: 'Guardar' }).click();
        const dialog = page.getByRole('dialog', { name: '¿Guardar y borrar datos?' });
        await expect(dialog.or(page.getByText('Conservación de datos guardada'))).toBeVisible();
        await shot(page, `retention-confirm-${viewport.width}`);
        await expect(dialog).toBeVisible();
        await expect(
          dialog.getByRole('listitem').filter({ hasText: /^[1-9]\d* inicios? de sesión$/ }),
        ).toBeVisible();
        expect(await cutTexts(dialog)).toEqual([]);
        await expectAccessible(page);

        // «Cancelar» saves nothing.
        await dialog.getByRole('button', { name: 'Cancelar' }).click();
        await expect(dialog).toBeHidden();
        expect((await current()).signin_days).toBe(saved.signin_days);

        await panel.getByRole('button', { name: 'Guardar' }).click();
        await dialog.getByRole('button', { name: 'Guardar y borrar' }).click();
        await expect(page.getByText('Conservación de datos guardada')).toBeVisible();
        await expect(dialog).toBeHidden();
        expect((await current()).signin_days).toBe(30);

        // A longer period deletes nothing more: it saves without asking.
        await signins.fill(String(saved.signin_days));
        const put = page.waitForResponse(
          (response) =>
            response.request().method() === 'PUT' && response.url().endsWith('/api/admin/retention'),
        );
        await panel.getByRole('button', { name: 'Guardar' }).click();
        expect((await put).ok()).toBe(true);
        await expect(dialog).toBeHidden();
        expect((await current()).signin_days).toBe(saved.signin_days);
      }
    } finally {
      // The other specs share the server: the days go back to what they were.
      await page.request.put('/api/admin/retention', {
        headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
        data: { ai_days: saved.ai_days, signin_days: saved.signin_days, video_days: saved.video_days },
      });
    }
  });
});
