import { ACCOUNTS, expect, signIn, test } from './fixtures';

test('an administrator browses the API documentation generated from the contracts', async ({ page }) => {
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) blocked.push(message.text());
  });
  await signIn(page, ACCOUNTS.admin);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/api/docs');
  // Swagger UI shows the title only once its large bundle has loaded and read the whole document.
  await expect(page.getByText('Comunidad: API')).toBeVisible({ timeout: 45_000 });
  await expect(page.getByText('/api/auth/login', { exact: true })).toBeVisible();
  expect(blocked).toEqual([]);
});

test('a member cannot open the API documentation', async ({ page }) => {
  await signIn(page, ACCOUNTS.vip);
  await expect(page).toHaveURL(/\/dashboard$/);
  const res = await page.goto('/api/docs');
  expect(res?.status()).toBe(403);
});
