import { LIBRARY_API, type LibraryName } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { LOAD_ERROR } from './get-progress';
import { libraryKey } from './keys';

/** "Continuar viendo": the signed-in member's opened, not completed classes, latest first. */
export const continueWatchingQueryOptions = (library: LibraryName) =>
  queryOptions({
    queryKey: [...libraryKey(library), 'continue-watching'],
    queryFn: () => api(LIBRARY_API[library].continueWatching, undefined, { fallbackError: LOAD_ERROR }),
  });

export const useContinueWatching = (library: LibraryName) => useQuery(continueWatchingQueryOptions(library));
