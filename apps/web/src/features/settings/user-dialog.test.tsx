import type { AdminUser, Role } from '@app/contracts';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, withProviders } from '@/lib/test-utils';
import { UserDialog } from './user-dialog';

const roles: Role[] = [{ id: 2, name: 'vip', description: '', tools: [] }];
const user: AdminUser = {
  id: 5,
  username: 'carol',
  email: 'carol@example.com',
  phone: null,
  role_id: 2,
  role: 'vip',
  is_active: true,
  email_verified: true,
  created_at: '2026-01-01T00:00:00.000Z',
  subscription: null,
};

// Generous waits: the whole suite runs next to other builds on two shared cores.
const slow = { timeout: 10_000 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('user dialog', () => {
  it('saves an edit with exactly the fields the contract takes (no hidden password)', async () => {
    const requests = fakeServer(({ method, path }) => {
      if (path === '/api/admin/roles') return { body: roles };
      if (method === 'PUT' && path === '/api/admin/users/5') return { body: { ...user, username: 'carola' } };
      return { status: 404, body: { error: 'No encontrado' } };
    });
    const onClose = vi.fn();
    render(<UserDialog state={{ mode: 'edit', user }} onClose={onClose} />, { wrapper: withProviders() });

    const name = await screen.findByLabelText(/Nombre de usuario/, undefined, slow);
    fireEvent.change(name, { target: { value: 'carola' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar Cambios' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled(), slow);
    const saved = requests.find((r) => r.method === 'PUT');
    expect(saved?.body).toEqual({
      username: 'carola',
      email: 'carol@example.com',
      phone: '',
      role_id: 2,
      is_active: true,
    });
  }, 30_000);
});

describe("user dialog: a paying member's deactivation", () => {
  const paying: AdminUser = { ...user, subscription: { plan: 'vip', status: 'active' } };

  const edit = (member: AdminUser) => {
    const requests = fakeServer(({ method, path }) => {
      if (path === '/api/admin/roles') return { body: roles };
      if (method === 'PUT' && path === '/api/admin/users/5') return { body: { ...member, is_active: false } };
      return { status: 404, body: { error: 'No encontrado' } };
    });
    const onClose = vi.fn();
    render(<UserDialog state={{ mode: 'edit', user: member }} onClose={onClose} />, {
      wrapper: withProviders(),
    });
    return { requests, onClose };
  };

  it('asks how the subscription ends at Stripe and sends the choice', async () => {
    const { requests, onClose } = edit(paying);
    const active = await screen.findByLabelText('Usuario Activo', undefined, slow);
    expect(screen.queryByText('Suscripción en Stripe')).toBeNull();
    fireEvent.click(active);
    expect(screen.getByText('Suscripción en Stripe')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Cancelar la suscripción en Stripe ahora'));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar Cambios' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled(), slow);
    expect(requests.find((r) => r.method === 'PUT')?.body).toMatchObject({
      is_active: false,
      subscription_end: 'now',
    });
  }, 30_000);

  it('asks nothing of a member without a live subscription', async () => {
    const { requests, onClose } = edit({ ...user, subscription: { plan: 'vip', status: 'canceled' } });
    fireEvent.click(await screen.findByLabelText('Usuario Activo', undefined, slow));
    expect(screen.queryByText('Suscripción en Stripe')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled(), slow);
    expect(requests.find((r) => r.method === 'PUT')?.body).not.toHaveProperty('subscription_end');
  }, 30_000);
});
