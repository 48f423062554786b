import { MESSAGES } from '@app/contracts';
import type { z } from 'zod';

/*
 * What the app knows of failed requests without loading the API client: the client (./api.ts) brings zod and the
 * contracts' schemas, so the first screens import it only when they send a request, while the session, the query
 * client and the error messages, in the entry chunk, need just this.
 */

/** A failed request, with the Spanish message to show. `status` is 0 when no answer arrived. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    readonly status: number,
    readonly field?: string,
    /** Set when a success body did not match the endpoint's response schema. */
    readonly issues?: readonly z.core.$ZodIssue[],
  ) {
    super(message);
  }
}

let unauthorizedHandler: (() => void) | undefined;

/** Lets the session store react to an expired session without loading the API client. */
export const setUnauthorizedHandler = (handler: (() => void) | undefined): void => {
  unauthorizedHandler = handler;
};

/** Called by the API client on a 401 from any endpoint except login: the server no longer knows this session. */
export const signalUnauthorized = (): void => unauthorizedHandler?.();

/**
 * Loads a module that sends requests (it brings zod and the API client, so the first screens import it on demand).
 * A script that cannot arrive is, for the member, a server that cannot be reached: the same ApiError as a failed
 * request.
 */
export const loadRequestModule = async <T>(load: () => Promise<T>): Promise<T> => {
  try {
    return await load();
  } catch {
    throw new ApiError(MESSAGES.network, 0);
  }
};
