import { QueryObserver, type QueryObserverResult } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient, forgetSession } from './query-client';

/** A query function whose answers the test hands out one by one. */
function answers() {
  const pending: ((value: string) => void)[] = [];
  return {
    queryFn: () => new Promise<string>((resolve) => pending.push(resolve)),
    calls: () => pending.length,
    answer: (index: number, value: string) => pending[index]?.(value),
  };
}

/** A screen showing one query: the observer TanStack's `useQuery` uses, and what it last showed. */
function watch(
  queryClient: ReturnType<typeof createQueryClient>,
  key: string,
  queryFn: () => Promise<string>,
) {
  const observer = new QueryObserver(queryClient, { queryKey: [key], queryFn });
  let shown: QueryObserverResult<string> = observer.getCurrentResult();
  const unsubscribe = observer.subscribe((result) => {
    shown = result;
  });
  return { shown: () => shown, unsubscribe };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('forgetSession', () => {
  it('lets a screen waiting for an answer when the session ends show an answer (no endless loader)', async () => {
    const queryClient = createQueryClient();
    const link = answers();
    const screen = watch(queryClient, 'reset-token', link.queryFn);
    await settle();
    expect(link.calls()).toBe(1);

    const forgotten = forgetSession(queryClient);
    await settle();
    link.answer(0, 'old');
    for (let index = 1; index < link.calls(); index += 1) link.answer(index, 'asked again');
    await forgotten;
    await settle();

    expect(screen.shown().status).toBe('success');
    expect(screen.shown().data).toBe('asked again');
    screen.unsubscribe();
  });

  it('asks again for what is on screen, and drops what no screen shows', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(['members'], 'the previous member’s list');
    const profile = answers();
    const screen = watch(queryClient, 'profile', profile.queryFn);
    await settle();
    profile.answer(0, 'previous member');
    await settle();
    expect(screen.shown().data).toBe('previous member');

    const forgotten = forgetSession(queryClient);
    await settle();
    expect(screen.shown().data).toBeUndefined();
    expect(profile.calls()).toBe(2);
    profile.answer(1, 'new member');
    await forgotten;
    await settle();

    expect(screen.shown().data).toBe('new member');
    expect(queryClient.getQueryData(['members'])).toBeUndefined();
    screen.unsubscribe();
  });
});
