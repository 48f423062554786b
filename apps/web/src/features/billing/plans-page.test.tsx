import { BILLING_MESSAGES, type PublicPlans, type SessionUser } from '@app/contracts';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session-store';
import { fakeServer, withProviders, type FakeAnswer } from '@/lib/test-utils';
import { PlansPage } from './plans-page';

vi.mock('./leave-for', () => ({ leaveFor: vi.fn() }));
vi.mock('@/lib/notify', () => ({ notifyFailed: vi.fn(), notifyDone: vi.fn() }));
const { leaveFor } = await import('./leave-for');
const { notifyFailed } = await import('@/lib/notify');

const slow = { timeout: 10_000 };

const vip: PublicPlans = {
  enabled: true,
  plans: [
    {
      role_id: 2,
      name: 'vip',
      description: 'Acceso completo',
      tools: [
        { tool: 'membresia', title: 'Membresía' },
        { tool: 'texto', title: 'Texto' },
      ],
      trial_days: 14,
      prices: [
        {
          price_id: 'price_vip_monthly',
          amount: 4900,
          currency: 'eur',
          interval: 'month',
          interval_count: 1,
        },
        { price_id: 'price_vip_yearly', amount: 49000, currency: 'eur', interval: 'year', interval_count: 1 },
      ],
    },
  ],
};

const show = (answer: (path: string, method: string) => FakeAnswer) => {
  const requests = fakeServer(({ path, method }) => answer(path, method));
  render(
    <MemoryRouter>
      <PlansPage />
    </MemoryRouter>,
    { wrapper: withProviders() },
  );
  return requests;
};

const priceButton = async (name: RegExp) => screen.findByRole('button', { name }, slow);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(leaveFor).mockClear();
  vi.mocked(notifyFailed).mockClear();
});

describe('/planes', () => {
  it('shows each plan with its tools, trial and a button per price', async () => {
    show((path) => (path === '/api/billing/plans' ? { body: vip } : { status: 404, body: { error: 'No' } }));
    await priceButton(/49,00\s€ al mes/);
    expect(screen.getByRole('button', { name: /490,00\s€ al año/ })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'VIP' })).toBeTruthy();
    expect(screen.getByText('Membresía')).toBeTruthy();
    expect(screen.getByText('14 días de prueba gratis')).toBeTruthy();
  }, 30_000);

  it('starts the checkout of the chosen price and sends the browser to its page', async () => {
    const requests = show((path, method) => {
      if (path === '/api/billing/plans') return { body: vip };
      if (method === 'POST' && path === '/api/billing/checkout')
        return { body: { url: 'https://pay.test/c/1' } };
      return { status: 404, body: { error: 'No' } };
    });
    fireEvent.click(await priceButton(/490,00\s€ al año/));

    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('https://pay.test/c/1'), slow);
    const checkout = requests.find((r) => r.path === '/api/billing/checkout');
    expect(checkout?.body).toEqual({ price_id: 'price_vip_yearly' });
    // While the browser leaves, no second checkout can start.
    expect(screen.getByRole('button', { name: /49,00\s€ al mes/ }).hasAttribute('disabled')).toBe(true);
  }, 30_000);

  it("sends a visitor's email with the checkout, and refuses a malformed one before asking", async () => {
    const requests = show((path, method) => {
      if (path === '/api/billing/plans') return { body: vip };
      if (method === 'POST' && path === '/api/billing/checkout')
        return { body: { url: 'https://pay.test/c/2' } };
      return { status: 404, body: { error: 'No' } };
    });
    const field = await screen.findByLabelText(/Tu correo electrónico \(opcional\)/, {}, slow);
    fireEvent.change(field, { target: { value: 'no-es-correo' } });
    fireEvent.click(await priceButton(/49,00\s€ al mes/));
    expect(await screen.findByText('El correo electrónico no es válido')).toBeTruthy();
    expect(requests.some((r) => r.path === '/api/billing/checkout')).toBe(false);

    fireEvent.change(field, { target: { value: ' visita@example.com ' } });
    fireEvent.click(await priceButton(/49,00\s€ al mes/));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('https://pay.test/c/2'), slow);
    const checkout = requests.find((r) => r.path === '/api/billing/checkout');
    expect(checkout?.body).toEqual({ price_id: 'price_vip_monthly', email: 'visita@example.com' });
  }, 30_000);

  it("tells the API's Spanish message when the checkout cannot start, and stays", async () => {
    show((path) =>
      path === '/api/billing/plans'
        ? { body: vip }
        : { status: 503, body: { error: BILLING_MESSAGES.unreachable } },
    );
    fireEvent.click(await priceButton(/49,00\s€ al mes/));

    await waitFor(() => expect(notifyFailed).toHaveBeenCalledWith(BILLING_MESSAGES.unreachable), slow);
    expect(leaveFor).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /49,00\s€ al mes/ }).hasAttribute('disabled')).toBe(false),
    );
  }, 30_000);

  it('without payments, says so and links the community plans page', async () => {
    show((path) => {
      if (path === '/api/billing/plans') return { body: { enabled: false, plans: [] } };
      if (path === '/api/public-config')
        return {
          body: {
            membershipPlansUrl: 'https://example.com/planes',
            billingEnabled: false,
            timeZone: 'Europe/Madrid',
            communityName: null,
            communityLogoUrl: null,
          },
        };
      return { status: 404, body: { error: 'No' } };
    });
    const link = await screen.findByRole('link', { name: /Ver las membresías/ }, slow);
    expect(link.getAttribute('href')).toBe('https://example.com/planes');
    expect(screen.getByText('Los pagos en línea no están disponibles por ahora.')).toBeTruthy();
  }, 30_000);
  it('offers a subscribed member «Cambiar de plan» elsewhere and nothing to buy on their own plan', async () => {
    const member: SessionUser = {
      id: 8,
      username: 'marta',
      email: 'marta@example.com',
      phone: null,
      role: 'vip',
      role_id: 2,
      permissions: ['membresia', 'texto'],
    };
    useSession.setState({ isAuthenticated: true, user: member, status: 'ready' });
    try {
      const [vipPlan] = vip.plans;
      const [monthly] = vipPlan?.prices ?? [];
      if (!vipPlan || !monthly) throw new Error('the VIP plan has a monthly price');
      const estrategas = {
        ...vipPlan,
        role_id: 4,
        name: 'estrategas',
        description: 'Acceso básico: Cafelito Virtual y los videos de la membresía',
        trial_days: null,
        prices: [monthly],
      };
      show((path) => {
        if (path === '/api/billing/plans') return { body: { enabled: true, plans: [estrategas, vipPlan] } };
        if (path === '/api/billing/subscription')
          return {
            body: {
              subscription: {
                plan: 'vip',
                status: 'active',
                price: null,
                current_period_end: null,
                cancel_at_period_end: false,
              },
            },
          };
        return { status: 404, body: { error: 'No' } };
      });
      expect(await screen.findByRole('button', { name: 'Cambiar de plan' }, slow)).toBeTruthy();
      expect(screen.getByText('Plan actual')).toBeTruthy();
      expect(screen.queryByRole('button', { name: /Suscribirme/ })).toBeNull();
      // The description keeps its summary: the tools are listed right below it.
      expect(screen.getByText('Acceso básico')).toBeTruthy();
    } finally {
      useSession.setState({ isAuthenticated: false, user: null, status: 'ready' });
    }
  }, 30_000);
});
