import { LIBRARY_API, type CategoryBody, type LibraryName } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { invalidateLibrary, SAVE_CATEGORY_ERROR } from './keys';

export const useUpdateCategory = (library: LibraryName) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CategoryBody }) =>
      api(
        LIBRARY_API[library].updateCategory,
        { params: { id }, body },
        { fallbackError: SAVE_CATEGORY_ERROR },
      ),
    onSuccess: () => invalidateLibrary(queryClient, library),
  });
};
