import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

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

/** The Spanish message of a failed call: the server's own when it sent one, else the fallback. */
export const errorMessage = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.message.trim() !== '' ? error.message : fallback;
