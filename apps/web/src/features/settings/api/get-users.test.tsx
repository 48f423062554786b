import { USERS_PAGE_SIZE, type AdminUser } from '@app/contracts';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, withProviders, type FakeAnswer } from '@/lib/test-utils';
import { useDeleteUser } from './delete-user';
import { useUsers, type UsersQuery } from './get-users';

const user = (id: number): AdminUser => ({
  id,
  username: `usuario${id}`,
  email: `usuario${id}@example.com`,
  phone: null,
  role: 'vip',
  role_id: 2,
  is_active: true,
  email_verified: true,
  created_at: '2026-01-01T10:00:00.000Z',
  subscription: null,
});

const page = (number: number): FakeAnswer => ({
  body: {
    items: [user(number * 100)],
    total: 25,
    page: number,
    pageSize: USERS_PAGE_SIZE,
  },
});

afterEach(() => vi.unstubAllGlobals());

// Generous waits: the whole suite runs next to other builds on two shared cores.
const slow = { timeout: 10_000 };

describe('useUsers', () => {
  it('keeps the page asked for last when an earlier, slower page answers after it', async () => {
    let answerFirstPage: ((answer: FakeAnswer) => void) | undefined;
    fakeServer(({ query }) =>
      query.get('page') === '1'
        ? new Promise<FakeAnswer>((resolve) => (answerFirstPage = resolve))
        : page(Number(query.get('page'))),
    );
    const { result, rerender } = renderHook((query: UsersQuery) => useUsers(query), {
      wrapper: withProviders(),
      initialProps: { page: 1, search: '', pending: false, billing: '' },
    });

    rerender({ page: 2, search: '', pending: false, billing: '' });
    await waitFor(() => expect(result.current.data?.page).toBe(2), slow);

    expect(answerFirstPage).toBeDefined();
    act(() => answerFirstPage?.(page(1)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current.data?.page).toBe(2);
    expect(result.current.data?.items[0]?.id).toBe(200);
    expect(result.current.isPlaceholderData).toBe(false);
  }, 30_000);

  it('keeps the previous page on screen while the next one loads', async () => {
    let answerSecondPage: ((answer: FakeAnswer) => void) | undefined;
    fakeServer(({ query }) =>
      query.get('page') === '2'
        ? new Promise<FakeAnswer>((resolve) => (answerSecondPage = resolve))
        : page(Number(query.get('page'))),
    );
    const { result, rerender } = renderHook((query: UsersQuery) => useUsers(query), {
      wrapper: withProviders(),
      initialProps: { page: 1, search: '', pending: false, billing: '' },
    });
    await waitFor(() => expect(result.current.data?.page).toBe(1), slow);

    rerender({ page: 2, search: '', pending: false, billing: '' });
    expect(result.current.data?.page).toBe(1);
    expect(result.current.isPlaceholderData).toBe(true);
    expect(result.current.isPending).toBe(false);

    await waitFor(() => expect(answerSecondPage).toBeDefined(), slow);
    act(() => answerSecondPage?.(page(2)));
    await waitFor(() => expect(result.current.data?.page).toBe(2), slow);
    expect(result.current.isPlaceholderData).toBe(false);
  }, 30_000);
});

describe('the user list after a deletion', () => {
  it('drops the deleted member even when the list was still loading its first answer as the deletion ended', async () => {
    // A search typed a moment before "Eliminar": its first answer was read before the deletion committed and
    // arrives after it. The list must ask again, not keep that answer.
    let answerStaleSearch: ((answer: FakeAnswer) => void) | undefined;
    let deleted = false;
    const listOf = (items: AdminUser[]): FakeAnswer => ({
      body: { items, total: items.length, page: 1, pageSize: USERS_PAGE_SIZE },
    });
    const seen = fakeServer(({ method, query }) => {
      if (method === 'DELETE') {
        deleted = true;
        return { body: { ok: true } };
      }
      if (query.get('search') === 'usuario7' && !answerStaleSearch) {
        return new Promise<FakeAnswer>((resolve) => (answerStaleSearch = resolve));
      }
      return listOf(deleted ? [] : [user(7)]);
    });
    const { result } = renderHook(
      () => ({
        users: useUsers({ page: 1, search: 'usuario7', pending: false, billing: '' }),
        removal: useDeleteUser(),
      }),
      { wrapper: withProviders() },
    );
    await waitFor(() => expect(answerStaleSearch).toBeDefined(), slow);

    act(() => result.current.removal.mutate(7));
    await waitFor(() => expect(deleted).toBe(true), slow);
    act(() => answerStaleSearch?.(listOf([user(7)])));

    await waitFor(() => expect(result.current.users.data?.items).toEqual([]), slow);
    expect(seen.filter((request) => request.method === 'GET')).toHaveLength(2);
  }, 30_000);
});
