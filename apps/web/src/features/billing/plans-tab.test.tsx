import { BILLING_MESSAGES, type AdminPlan, type BillingSettings, type Role } from '@app/contracts';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, withProviders, type FakeRequest } from '@/lib/test-utils';
import { PlansTab } from './plans-tab';

vi.mock('@/lib/notify', () => ({ notifyFailed: vi.fn(), notifyDone: vi.fn() }));

const slow = { timeout: 10_000 };

const roles: Role[] = [
  { id: 1, name: 'admin', description: '', tools: [] },
  { id: 2, name: 'vip', description: '', tools: [] },
  { id: 3, name: 'cafeinas', description: '', tools: [] },
];

const settings = (plans: AdminPlan[], warnings: string[] = []): BillingSettings => ({
  provider: 'stripe',
  state: 'connected',
  webhook_secret_set: true,
  webhook_url: 'https://app.test/api/billing/webhook',
  plans,
  waiting: [],
  warnings,
});

const savedVip: AdminPlan = {
  role_id: 2,
  position: 0,
  prices: [
    { price_id: 'price_vip_monthly', amount: 4900, currency: 'eur', interval: 'month', interval_count: 1 },
  ],
  end_action: 'deactivate',
  end_role_id: null,
  trial_days: null,
  allow_promotion_codes: false,
  automatic_tax: false,
};

const show = (warnings: string[] = []) => {
  let plans: AdminPlan[] = [];
  const requests = fakeServer(({ method, path }: FakeRequest) => {
    if (path === '/api/admin/roles') return { body: roles };
    if (path === '/api/admin/billing') return { body: settings(plans, warnings) };
    if (method === 'PUT' && path === '/api/admin/billing/plans/2') {
      plans = [savedVip];
      return { body: savedVip };
    }
    return { status: 404, body: { error: 'No encontrado' } };
  });
  render(<PlansTab />, { wrapper: withProviders() });
  return requests;
};

const vipPlan = async () => within(await screen.findByRole('region', { name: 'VIP' }, slow));
const saves = (requests: FakeRequest[]) => requests.filter((r) => r.method === 'PUT');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Planes tab', () => {
  it('lists every role but admin and opens one plan at a time in the editor', async () => {
    show();
    await vipPlan();
    expect(screen.getByText('Conectado')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Cafeínas' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Admin/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^Cafeínas/ }));
    expect(await screen.findByRole('region', { name: 'Cafeínas' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'VIP' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Admin' })).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('URL del webhook').value).toBe(
      'https://app.test/api/billing/webhook',
    );
  }, 30_000);

  it('shows the warnings about plans that would sell administration, and none when there are none', async () => {
    show([BILLING_MESSAGES.planSellsAdmin('vip')]);
    await vipPlan();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Revisa estos planes');
    expect(alert.textContent).toContain(BILLING_MESSAGES.planSellsAdmin('vip'));
    cleanup();
    show();
    await vipPlan();
    expect(screen.queryByText('Revisa estos planes')).toBeNull();
  }, 30_000);

  it("checks the fields with the contract's Spanish messages before saving", async () => {
    const requests = show();
    const plan = await vipPlan();
    fireEvent.change(plan.getByLabelText('Precio 1'), { target: { value: 'abc' } });
    fireEvent.change(plan.getByLabelText('Días de prueba gratis'), { target: { value: '0' } });
    fireEvent.click(plan.getByRole('button', { name: 'Guardar plan' }));

    expect(await plan.findByText('El identificador de precio debe empezar por price_')).toBeTruthy();
    expect(plan.getByText('Los días de prueba deben ser al menos 1')).toBeTruthy();

    fireEvent.change(plan.getByLabelText('Precio 1'), { target: { value: 'price_a' } });
    fireEvent.change(plan.getByLabelText('Días de prueba gratis'), { target: { value: '' } });
    fireEvent.click(plan.getByRole('button', { name: 'Añadir precio' }));
    fireEvent.change(plan.getByLabelText('Precio 2'), { target: { value: 'price_a' } });
    fireEvent.click(plan.getByLabelText('Pasar al miembro a otro rol'));
    fireEvent.click(plan.getByRole('button', { name: 'Guardar plan' }));

    expect(await plan.findByText('Un precio aparece dos veces')).toBeTruthy();
    expect(plan.getByText('Elige el rol al que pasa el miembro cuando termina la suscripción')).toBeTruthy();
    expect(saves(requests)).toHaveLength(0);
  }, 30_000);

  it('saves a valid plan and then shows each price with its amount', async () => {
    const requests = show();
    const plan = await vipPlan();
    fireEvent.change(plan.getByLabelText('Precio 1'), { target: { value: 'price_vip_monthly' } });
    fireEvent.click(plan.getByRole('button', { name: 'Guardar plan' }));

    // The saved plan comes back from the server with its prices read from Stripe.
    expect(await screen.findByText(/49,00\s€ al mes/, undefined, slow)).toBeTruthy();
    expect(saves(requests).map((r) => r.body)).toEqual([
      {
        position: 0,
        price_ids: ['price_vip_monthly'],
        end_action: 'deactivate',
        end_role_id: null,
        trial_days: null,
        allow_promotion_codes: false,
        automatic_tax: false,
      },
    ]);
    expect((await vipPlan()).getByRole('button', { name: 'Quitar plan' })).toBeTruthy();
  }, 30_000);

  it('moves a saved plan down the page by saving both plans with their new places', async () => {
    const savedCafe: AdminPlan = { ...savedVip, role_id: 3, position: 1 };
    let plans = [savedVip, savedCafe];
    const requests = fakeServer(({ method, path, body }: FakeRequest) => {
      if (path === '/api/admin/roles') return { body: roles };
      if (path === '/api/admin/billing') return { body: settings(plans) };
      const id = /^\/api\/admin\/billing\/plans\/(\d+)$/.exec(path)?.[1];
      if (method === 'PUT' && id) {
        const position = (body as { position: number }).position;
        plans = plans.map((plan) => (plan.role_id === Number(id) ? { ...plan, position } : plan));
        return { body: plans.find((plan) => plan.role_id === Number(id)) };
      }
      return { status: 404, body: { error: 'No encontrado' } };
    });
    render(<PlansTab />, { wrapper: withProviders() });
    await vipPlan();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Subir VIP' }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Bajar VIP' }));
    expect(await screen.findByText(/^2\.º/, undefined, slow)).toBeTruthy();
    expect(saves(requests).map((r) => [r.path, (r.body as { position: number }).position])).toEqual([
      ['/api/admin/billing/plans/3', 0],
      ['/api/admin/billing/plans/2', 1],
    ]);
    // No raw «Posición» field in the editor.
    expect((await vipPlan()).queryByLabelText(/Posición|Orden en la página/)).toBeNull();
  }, 30_000);
});
