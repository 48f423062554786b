import { SETTINGS_MESSAGES, type Role } from '@app/contracts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, withProviders } from '@/lib/test-utils';
import { RolesTab } from './roles-tab';

const tools = [{ id: 1, name: 'texto' }];
const role = (id: number, name: string): Role => ({ id, name, description: `Rol ${name}`, tools: [1] });

// Generous waits: the whole suite runs next to other builds on two shared cores.
const slow = { timeout: 10_000 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('roles tab over the query cache', () => {
  it('shows the list again without the deleted role, with no manual reload', async () => {
    let roles = [role(1, 'admin'), role(2, 'mentoria')];
    const requests = fakeServer(({ method, path }) => {
      if (path === '/api/admin/tools') return { body: tools };
      if (method === 'GET' && path === '/api/admin/roles') return { body: roles };
      if (method === 'DELETE' && path === '/api/admin/roles/2') {
        roles = roles.filter((r) => r.id !== 2);
        return { body: { ok: true } };
      }
      return { status: 404, body: { error: 'No encontrado' } };
    });
    render(<RolesTab />, { wrapper: withProviders() });

    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar rol Mentoria' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar rol' }, slow);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));

    await waitFor(() => expect(screen.queryByText('Mentoria')).toBeNull(), slow);
    expect(screen.getByText('Admin')).toBeTruthy();
    // The deletion invalidated the list: the tab asked for it again by itself.
    const listLoads = requests.filter((r) => r.method === 'GET' && r.path === '/api/admin/roles');
    expect(listLoads).toHaveLength(2);
  }, 30_000);

  it('shows the error with "Reintentar", and retrying loads the list', async () => {
    let failing = true;
    fakeServer(({ path }) => {
      if (path === '/api/admin/tools') return { body: tools };
      if (failing) return { status: 500, body: { error: SETTINGS_MESSAGES.loadRoles } };
      return { body: [role(1, 'admin'), role(3, 'vip')] };
    });
    render(<RolesTab />, { wrapper: withProviders() });

    const alert = await screen.findByRole('alert', undefined, slow);
    expect(alert.textContent).toContain(SETTINGS_MESSAGES.loadRoles);
    failing = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));

    expect(await screen.findByText('VIP', undefined, slow)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
  }, 30_000);

  it('names each tool of a role by its title, and an unknown id by its number', async () => {
    fakeServer(({ path }) => {
      if (path === '/api/admin/tools') return { body: [{ id: 2, name: 'cafelito-virtual' }, ...tools] };
      return { body: [{ id: 4, name: 'mentoria', description: 'Mentoría', tools: [2, 1, 9] }] };
    });
    render(<RolesTab />, { wrapper: withProviders() });

    const row = await screen.findByRole('row', { name: /Mentoria/ }, slow);
    expect(within(row).getByText('Cafelito Virtual')).toBeTruthy();
    expect(within(row).getByText('Texto')).toBeTruthy();
    expect(within(row).getByText('Herramienta 9')).toBeTruthy();
    expect(within(row).queryByText('cafelito-virtual')).toBeNull();
  }, 30_000);
});
