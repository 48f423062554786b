import { LIBRARY_API, type LibraryName, type VideoPage } from '@app/contracts';
import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { continueWatchingQueryOptions } from './get-continue-watching';
import { progressQueryOptions } from './get-progress';
import { libraryKey } from './keys';
import { videosKey } from './get-videos';
import { refreshAfterChange } from '@/lib/query-client';

interface WatchedMark {
  id: number;
  visto: boolean;
}

const setWatchedKey = (library: LibraryName) => [...libraryKey(library), 'set-watched'] as const;

/**
 * The member's own watched mark: the video shows it at once, then the progress and "Continuar viendo" (a
 * completed class leaves it) are loaded again.
 */
export const useSetWatched = (library: LibraryName) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: setWatchedKey(library),
    mutationFn: ({ id, visto }: WatchedMark) =>
      api(LIBRARY_API[library].setWatched, { params: { id }, body: { visto } }),
    onSuccess: ({ id, visto }) => {
      queryClient.setQueriesData<VideoPage>(
        { queryKey: videosKey(library) },
        (page) =>
          page && { ...page, items: page.items.map((item) => (item.id === id ? { ...item, visto } : item)) },
      );
      return refreshAfterChange(
        queryClient,
        progressQueryOptions(library).queryKey,
        continueWatchingQueryOptions(library).queryKey,
      );
    },
  });
};

/** The ids of the videos whose mark is being saved right now. */
export const useWatchedInFlight = (library: LibraryName): ReadonlySet<number> =>
  new Set(
    useMutationState({
      filters: { mutationKey: setWatchedKey(library), status: 'pending' },
      select: (mutation) => (mutation.state.variables as WatchedMark).id,
    }),
  );
