import { BILLING_MESSAGES, type MySubscription, type SessionUser } from '@app/contracts';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session-store';
import { fakeServer, withProviders } from '@/lib/test-utils';
import { SubscriptionSection } from './subscription-section';

vi.mock('./leave-for', () => ({ leaveFor: vi.fn() }));
const { leaveFor } = await import('./leave-for');

const slow = { timeout: 10_000 };

const active: MySubscription = {
  plan: 'vip',
  status: 'active',
  price: {
    price_id: 'price_vip_monthly',
    amount: 4900,
    currency: 'eur',
    interval: 'month',
    interval_count: 1,
  },
  current_period_end: '2026-12-01T10:00:00.000Z',
  cancel_at_period_end: false,
};

const show = (subscription: MySubscription | null, billingEnabled = true) => {
  const requests = fakeServer(({ path, method }) => {
    if (path === '/api/billing/subscription') return { body: { subscription } };
    if (path === '/api/public-config')
      return {
        body: {
          membershipPlansUrl: null,
          billingEnabled,
          timeZone: 'Europe/Madrid',
          communityName: null,
          communityLogoUrl: null,
        },
      };
    if (method === 'POST' && path === '/api/billing/portal') return { body: { url: 'https://pay.test/p/1' } };
    return { status: 404, body: { error: 'No' } };
  });
  const queryClient = createQueryClient();
  render(
    <MemoryRouter>
      <SubscriptionSection />
    </MemoryRouter>,
    { wrapper: withProviders(queryClient) },
  );
  return { requests, queryClient };
};

const lucia: SessionUser = {
  id: 5,
  username: 'lucia',
  email: 'lucia@example.com',
  phone: null,
  role: 'cafeinas',
  role_id: 3,
  permissions: ['cafelito-virtual'],
};

afterEach(() => {
  cleanup();
  useSession.setState({ isAuthenticated: false, user: null, status: 'ready' });
  vi.unstubAllGlobals();
  vi.mocked(leaveFor).mockClear();
});

describe('Mi suscripción', () => {
  it('shows the plan, its status, price and next renewal, and opens the billing portal', async () => {
    const { requests } = show(active);
    expect(
      await screen.findByText('Próxima renovación: 1 de diciembre de 2026', undefined, slow),
    ).toBeTruthy();
    expect(screen.getByText('Activa')).toBeTruthy();
    expect(screen.getByText('VIP')).toBeTruthy();
    expect(screen.getByText(/Precio: 49,00\s€ al mes/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Gestionar suscripción' }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('https://pay.test/p/1'), slow);
    expect(requests.filter((r) => r.path === '/api/billing/portal')).toHaveLength(1);
  }, 30_000);

  it('says until when access lasts once cancelled, or once ended', async () => {
    show({ ...active, cancel_at_period_end: true });
    expect(await screen.findByText('Acceso hasta: 1 de diciembre de 2026', undefined, slow)).toBeTruthy();
    cleanup();
    show({ ...active, status: 'canceled' });
    expect(await screen.findByText('Acceso hasta: 1 de diciembre de 2026', undefined, slow)).toBeTruthy();
    expect(screen.getByText('Cancelada')).toBeTruthy();
  }, 30_000);

  it('during a trial, says when it ends and what will be charged then', async () => {
    show({ ...active, status: 'trialing' });
    expect(await screen.findByText('Fin de la prueba: 1 de diciembre de 2026', undefined, slow)).toBeTruthy();
    expect(
      screen.getByText(/Al terminar la prueba se te cobrarán 49,00\s€ al mes, salvo que la canceles antes\./),
    ).toBeTruthy();
    expect(screen.queryByText(/Próxima renovación/)).toBeNull();
    cleanup();
    show({ ...active, status: 'trialing', cancel_at_period_end: true });
    expect(await screen.findByText('Acceso hasta: 1 de diciembre de 2026', undefined, slow)).toBeTruthy();
    expect(screen.queryByText(/se te cobrarán/)).toBeNull();
  }, 30_000);

  it('tells a member whose role an administrator gave that their access is a courtesy', async () => {
    useSession.setState({ isAuthenticated: true, user: lucia, status: 'ready' });
    show(null);
    expect(
      await screen.findByText(/Tu acceso Cafeínas es una cortesía de la comunidad/, undefined, slow),
    ).toBeTruthy();
    expect(screen.queryByText(new RegExp(BILLING_MESSAGES.noSubscription))).toBeNull();
    expect(screen.getByRole('link', { name: 'mira los planes' }).getAttribute('href')).toBe('/planes');
  }, 30_000);

  it('asks to update the card while a payment is pending', async () => {
    show({ ...active, status: 'past_due' });
    const alert = await screen.findByRole('alert', undefined, slow);
    expect(alert.textContent).toContain('Actualiza tu tarjeta');
    expect(screen.getByText('Pago pendiente')).toBeTruthy();
  }, 30_000);

  it('without a subscription, says so and links the plans', async () => {
    show(null);
    expect(
      await screen.findByText(new RegExp(BILLING_MESSAGES.noSubscription), undefined, slow),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver planes' }).getAttribute('href')).toBe('/planes');
  }, 30_000);

  it('is not shown when payments are off and the member has no subscription', async () => {
    const { requests, queryClient } = show(null, false);
    await waitFor(() => {
      expect(requests.map((r) => r.path).sort()).toEqual(['/api/billing/subscription', '/api/public-config']);
      expect(queryClient.isFetching()).toBe(0);
    }, slow);
    expect(screen.queryByRole('heading', { name: 'Mi suscripción' })).toBeNull();
    expect(screen.queryByText(new RegExp(BILLING_MESSAGES.noSubscription))).toBeNull();
  }, 30_000);
});
