import type { UseMutationResult } from '@tanstack/react-query';

/** What to do when a save is answered (the per-call callbacks of `mutate`). */
export interface SaveCallbacks<Data> {
  onSuccess?: (data: Data) => void;
  onError?: (error: Error) => void;
}

/**
 * The save of a create / edit dialog: `update` for the item with `id`, `create` when there is none. One state
 * for both: pending while either runs, the error of the one in use.
 */
export function useCreateOrUpdate<Body, Data>(
  id: number | null,
  create: UseMutationResult<Data, Error, Body>,
  update: UseMutationResult<Data, Error, { id: number; body: Body }>,
) {
  return {
    isPending: create.isPending || update.isPending,
    error: id === null ? create.error : update.error,
    reset: () => {
      create.reset();
      update.reset();
    },
    save: (body: Body, callbacks: SaveCallbacks<Data>) => {
      if (id === null) create.mutate(body, callbacks);
      else update.mutate({ id, body }, callbacks);
    },
  };
}
