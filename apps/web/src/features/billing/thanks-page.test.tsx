import type { MySubscription, SessionUser } from '@app/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session-store';
import { fakeServer, withProviders } from '@/lib/test-utils';
import { ThanksPage } from './thanks-page';

const slow = { timeout: 10_000 };

const member = (role: string): SessionUser => ({
  id: 7,
  username: 'marta',
  email: 'marta@example.com',
  phone: null,
  role,
  role_id: role === 'vip' ? 2 : 3,
  permissions: [],
});

const vip: MySubscription = {
  plan: 'vip',
  status: 'active',
  price: null,
  current_period_end: null,
  cancel_at_period_end: false,
};

const show = () =>
  render(
    <MemoryRouter>
      <ThanksPage />
    </MemoryRouter>,
    { wrapper: withProviders() },
  );

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSession.setState({ isAuthenticated: false, user: null, status: 'ready' });
});

describe('/planes/gracias', () => {
  it('tells a visitor to look for the password email', () => {
    fakeServer(() => ({ status: 404, body: { error: 'No' } }));
    show();
    expect(
      screen.getByText(/Revisa tu correo: te hemos enviado un enlace para elegir tu contraseña/),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir a iniciar sesión' }).getAttribute('href')).toBe('/login');
  });

  it('asks again until the webhook has granted the plan, then shows the member with the new role', async () => {
    useSession.setState({ isAuthenticated: true, user: member('cafeinas'), status: 'ready' });
    let checks = 0;
    fakeServer(({ path }) => {
      // The first check arrives before the webhook: no subscription yet.
      if (path === '/api/billing/subscription')
        return { body: { subscription: checks++ === 0 ? null : vip } };
      if (path === '/api/auth/me') return { body: member('vip') };
      return { status: 404, body: { error: 'No' } };
    });
    show();

    expect(await screen.findByText(/Tu plan ya está activo/, undefined, slow)).toBeTruthy();
    expect(checks).toBe(2);
    expect(useSession.getState().user?.role).toBe('vip');
    expect(screen.getByRole('link', { name: 'Ir al inicio' }).getAttribute('href')).toBe('/dashboard');
  }, 30_000);
});
