import { LIBRARY_API, type LibraryName } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { libraryKey } from './keys';

const LOAD_CATEGORIES_ERROR = 'Error al cargar las categorías. Por favor, intenta de nuevo.';

const categoriesQueryOptions = (library: LibraryName) =>
  queryOptions({
    queryKey: [...libraryKey(library), 'categories'],
    queryFn: () =>
      api(LIBRARY_API[library].listCategories, undefined, { fallbackError: LOAD_CATEGORIES_ERROR }),
  });

export const useCategories = (library: LibraryName) => useQuery(categoriesQueryOptions(library));
