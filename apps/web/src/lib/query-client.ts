import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from './api-error';

/**
 * The app's query client. No automatic retries: a failed load shows the spec's error with "Reintentar" at once
 * (the user retries). No refetch on window focus: an open form is never reset under the user's hands.
 */
export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });

/**
 * Forgets what was loaded for the previous session (another member's data must not outlive it). Queries no screen
 * shows are dropped; queries on screen start over, so they show what the new session may see. `clear()` is not
 * enough: it drops a query from under the screen showing it, and an answer still in flight then never reaches
 * that screen, which waits forever (TanStack/query#8430).
 */
export async function forgetSession(queryClient: QueryClient): Promise<void> {
  queryClient.removeQueries({ type: 'inactive' });
  await queryClient.resetQueries({ type: 'active' });
}

/** The Spanish message of a failed call: the server's own when it sent one, else the fallback. */
export const errorMessage = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.message.trim() !== '' ? error.message : fallback;

/**
 * Brings the queries a change touched up to date: what every mutation calls after it succeeded.
 * `invalidateQueries` alone is not enough: TanStack cancels an in-flight fetch only when the query already has
 * data, so a list still waiting for its first answer (a search typed a moment before "Eliminar") would keep that
 * answer, read before the change. Cancelling first makes every touched query on screen ask again.
 */
export async function refreshAfterChange(queryClient: QueryClient, ...queryKeys: QueryKey[]): Promise<void> {
  await Promise.all(queryKeys.map((queryKey) => queryClient.cancelQueries({ queryKey })));
  await Promise.all(queryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
