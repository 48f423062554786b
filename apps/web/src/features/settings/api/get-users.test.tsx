import { USERS_PAGE_SIZE, type AdminUser } from '@app/contracts';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, withProviders, type FakeAnswer } from '@/lib/test-utils';
import { useUsers, type UsersQuery } from './get-users';

const user = (id: number): AdminUser => ({
  id,
  username: `usuario${id}`,
  email: `usuario${id}@example.com`,
  phone: null,
  role: 'vip',
  role_id: 2,
  is_active: true,
  created_at: '2026-01-01T10:00:00.000Z',
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
      initialProps: { page: 1, search: '', pending: false },
    });

    rerender({ page: 2, search: '', pending: false });
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
      initialProps: { page: 1, search: '', pending: false },
    });
    await waitFor(() => expect(result.current.data?.page).toBe(1), slow);

    rerender({ page: 2, search: '', pending: false });
    expect(result.current.data?.page).toBe(1);
    expect(result.current.isPlaceholderData).toBe(true);
    expect(result.current.isPending).toBe(false);

    await waitFor(() => expect(answerSecondPage).toBeDefined(), slow);
    act(() => answerSecondPage?.(page(2)));
    await waitFor(() => expect(result.current.data?.page).toBe(2), slow);
    expect(result.current.isPlaceholderData).toBe(false);
  }, 30_000);
});
