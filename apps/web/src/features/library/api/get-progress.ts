import { LIBRARY_API, type LibraryName } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { libraryKey } from './keys';

export const LOAD_ERROR = 'Error al cargar datos';

/** The signed-in member's own progress in one library. */
export const progressQueryOptions = (library: LibraryName) =>
  queryOptions({
    queryKey: [...libraryKey(library), 'progress'],
    queryFn: () => api(LIBRARY_API[library].progress, undefined, { fallbackError: LOAD_ERROR }),
  });

export const useProgress = (library: LibraryName) => useQuery(progressQueryOptions(library));
