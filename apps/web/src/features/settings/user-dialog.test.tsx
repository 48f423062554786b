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
