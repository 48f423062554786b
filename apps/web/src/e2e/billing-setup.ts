/** What the billing specs share: the fake Stripe the server is wired to, and the VIP plan they pay for. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ACCOUNTS, expectAccessible, openSignedIn } from './fixtures';

/** The local Stripe the server is wired to (apps/api/test/fakes/stripe.ts), for what only Stripe can do. */
function fakeStripe(): string {
  const url = process.env.STRIPE_API_URL;
  if (!url) throw new Error('STRIPE_API_URL is not set: the fake Stripe did not start');
  return url;
}

/** Stripe ends the member's subscription (the fake sends customer.subscription.deleted to the app). */
export async function endSubscriptionOf(email: string): Promise<void> {
  const found = await fetch(`${fakeStripe()}/__control/subscriptions?email=${encodeURIComponent(email)}`);
  const [subscription] = (await found.json()) as { id: string }[];
  if (!subscription) throw new Error(`the fake Stripe has no subscription for ${email}`);
  const ended = await fetch(`${fakeStripe()}/__control/subscriptions/${subscription.id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'canceled' }),
  });
  expect(ended.ok).toBe(true);
}

/**
 * The admin maps VIP to the fake's VIP prices in /config, "Planes" (once: a repeated run finds it saved); a VIP
 * whose subscription ends becomes cafeinas.
 */
/** /config → Planes opens one plan at a time: this one's, from the list of plans. */
export async function openPlanEditor(page: Page, name: string): Promise<void> {
  await page
    .getByRole('region', { name: 'Orden en la página de planes' })
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click();
  await expect(page.getByRole('region', { name })).toBeVisible();
}

export async function setUpVipPlan(page: Page): Promise<void> {
  await openSignedIn(page, ACCOUNTS.admin, '/config');
  await page.getByRole('tab', { name: 'Planes' }).click();
  await expect(page.getByText('Conectado', { exact: true })).toBeVisible();
  await openPlanEditor(page, 'VIP');
  const vip = page.getByRole('region', { name: 'VIP' });
  await expect(vip.getByText(/^(Plan guardado|Sin plan)$/)).toBeVisible();
  if (await vip.getByText('Plan guardado').isVisible()) {
    await page.context().clearCookies();
    return;
  }
  await vip.getByLabel('Precio 1', { exact: true }).fill('price_vip_monthly');
  await vip.getByRole('button', { name: 'Añadir precio' }).click();
  await vip.getByLabel('Precio 2', { exact: true }).fill('price_vip_yearly');
  await vip.getByLabel('Pasar al miembro a otro rol').check();
  await vip.getByLabel('Rol al terminar').click();
  await page.getByRole('option', { name: 'Cafeínas' }).click();
  await vip.getByRole('button', { name: 'Guardar plan' }).click();
  await expect(vip.getByText('Plan guardado')).toBeVisible();
  await expectAccessible(page);
  await page.context().clearCookies();
}

/** The subscriptions the fake Stripe holds for a payer's email, as Stripe has them now. */
export async function subscriptionsOf(
  email: string,
): Promise<{ id: string; status: string; cancel_at_period_end: boolean }[]> {
  const found = await fetch(`${fakeStripe()}/__control/subscriptions?email=${encodeURIComponent(email)}`);
  return (await found.json()) as { id: string; status: string; cancel_at_period_end: boolean }[];
}

/**
 * A visitor pays for VIP with a new email (the checkout API, then the fake Stripe's page), which makes an active
 * VIP account named after the email. Resolves once the account is listed as paying.
 */
export async function payingMember(request: APIRequestContext, email: string): Promise<void> {
  const started = await request.post('/api/billing/checkout', {
    headers: { 'x-requested-with': 'fetch' },
    data: { price_id: 'price_vip_monthly', email },
  });
  expect(started.ok(), await started.text()).toBe(true);
  const { url } = (await started.json()) as { url: string };
  const paid = await request.post(url, { form: {}, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  await expect
    .poll(async () => (await subscriptionsOf(email)).map((s) => s.status), { timeout: 30_000 })
    .toEqual(['active']);
}
