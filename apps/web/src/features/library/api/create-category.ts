import { LIBRARY_API, type CategoryBody, type LibraryName } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { invalidateLibrary, SAVE_CATEGORY_ERROR } from './keys';

export const useCreateCategory = (library: LibraryName) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CategoryBody) =>
      api(LIBRARY_API[library].createCategory, { body }, { fallbackError: SAVE_CATEGORY_ERROR }),
    onSuccess: () => invalidateLibrary(queryClient, library),
  });
};
