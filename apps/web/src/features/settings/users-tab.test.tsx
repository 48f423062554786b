import { SETTINGS_MESSAGES, UserCreateBody, USERS_PAGE_SIZE, type AdminUser } from '@app/contracts';
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, withProviders } from '@/lib/test-utils';
import { useUserSelection } from './use-user-selection';
import { UsersTab } from './users-tab';

describe('user dialog validation', () => {
  it('asks for a role instead of defaulting to one, and applies the registration password rules', () => {
    const errors = zod4Resolver(UserCreateBody)({
      username: 'ana',
      email: 'ana@example.com',
      phone: '',
      password: '123',
      role_id: null,
      is_active: true,
    });
    expect(errors).toEqual({
      role_id: SETTINGS_MESSAGES.chooseRole,
      password: 'La contraseña debe tener al menos 6 caracteres',
    });
  });
});

const member = (id: number, subscription: AdminUser['subscription']): AdminUser => ({
  id,
  username: `socia${id}`,
  email: `socia${id}@example.com`,
  phone: null,
  role_id: 2,
  role: 'vip',
  is_active: true,
  email_verified: true,
  created_at: '2026-01-01T10:00:00.000Z',
  subscription,
});

/** The users tab over a fake server; payments on or off in the public config. */
function showTab(billingEnabled: boolean, address = '/config') {
  const requests = fakeServer(({ path }) => {
    if (path === '/api/public-config') {
      return {
        body: {
          membershipPlansUrl: null,
          billingEnabled,
          timeZone: 'Europe/Madrid',
          communityName: null,
          communityLogoUrl: null,
        },
      };
    }
    if (path === '/api/admin/users') {
      const items = [member(1, { plan: 'vip', status: 'active' }), member(2, null)];
      return { body: { items, total: items.length, page: 1, pageSize: USERS_PAGE_SIZE } };
    }
    return { status: 404, body: { error: 'No encontrado' } };
  });
  render(
    <MemoryRouter initialEntries={[address]}>
      <UsersTab />
    </MemoryRouter>,
    { wrapper: withProviders() },
  );
  return requests;
}

// Generous waits: the whole suite runs next to other builds on two shared cores.
const slow = { timeout: 10_000 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the users table with payments on', () => {
  it("shows each member's plan and status, and filters by subscription from page 1", async () => {
    const requests = showTab(true);
    const row = await screen.findByRole('row', { name: /socia1@/ }, slow);
    expect(screen.getByRole('columnheader', { name: 'Suscripción' })).toBeTruthy();
    expect(within(row).getByText('VIP · Activa')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /socia2@/ })).getByText('—')).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: 'Suscripción' }), {
      target: { value: 'past_due' },
    });
    await waitFor(() => {
      const last = requests.filter((r) => r.path === '/api/admin/users').at(-1);
      expect(last?.query.get('billing')).toBe('past_due');
      expect(last?.query.get('page')).toBe('1');
    }, slow);
  }, 30_000);
});

describe('the users table opened from an address with a filter', () => {
  it('asks for and shows the subscription filter the address names', async () => {
    const requests = showTab(true, '/config?suscripcion=subscribed');
    await screen.findByRole('row', { name: /socia1@/ }, slow);
    expect(requests.find((r) => r.path === '/api/admin/users')?.query.get('billing')).toBe('subscribed');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Suscripción' }).value).toBe('subscribed');
  }, 30_000);

  it('ignores a filter it does not know', async () => {
    const requests = showTab(true, '/config?suscripcion=todas');
    await screen.findByRole('row', { name: /socia1@/ }, slow);
    expect(requests.find((r) => r.path === '/api/admin/users')?.query.get('billing')).toBeNull();
  }, 30_000);
});

describe('the users table with payments off', () => {
  it('has no subscription column and no subscription filter', async () => {
    const requests = showTab(false);
    await screen.findByRole('cell', { name: 'socia1' }, slow);
    await waitFor(() => expect(requests.some((r) => r.path === '/api/public-config')).toBe(true), slow);
    expect(screen.queryByRole('columnheader', { name: 'Suscripción' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Suscripción' })).toBeNull();
    expect(screen.queryByText('VIP · Activa')).toBeNull();
  }, 30_000);
});

describe('selecting every member the filter keeps', () => {
  it('sends the subscription filter with the bulk action, as the table shows it', () => {
    const { result } = renderHook(() =>
      useUserSelection({ search: '', pending: false, billing: 'past_due' }, 2),
    );
    act(() => result.current.selectAllMatching());
    expect(result.current.target).toEqual({ filter: { billing: 'past_due' } });
  });
});
