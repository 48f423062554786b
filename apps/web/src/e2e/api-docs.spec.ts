import { ACCOUNTS, expect, openSignedIn, test } from './fixtures';

test('an administrator browses the API documentation generated from the contracts', async ({ page }) => {
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) blocked.push(message.text());
  });
  await openSignedIn(page, ACCOUNTS.admin, '/api/docs');
  // Swagger UI shows the title only once its large bundle has loaded and read the whole document.
  await expect(page.getByText('Comunidad: API')).toBeVisible({ timeout: 45_000 });
  // Swagger UI draws a long document's operations as the reader scrolls down to them (past about 130).
  const login = page.getByText('/api/auth/login', { exact: true });
  await expect(async () => {
    await page.mouse.wheel(0, 600);
    await expect(login).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 30_000 });
  expect(blocked).toEqual([]);
});

test('a member cannot open the API documentation', async ({ page }) => {
  await openSignedIn(page, ACCOUNTS.vip);
  await expect(page).toHaveURL(/\/dashboard$/);
  const res = await page.goto('/api/docs');
  expect(res?.status()).toBe(403);
});
