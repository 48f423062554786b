import { LIBRARY_API, type LibraryName } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { invalidateLibrary } from './keys';

/** Deletes a category with its videos. Refreshes after a failure too: it may already be gone. */
export const useDeleteCategory = (library: LibraryName) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(LIBRARY_API[library].deleteCategory, { params: { id } }),
    onSettled: () => invalidateLibrary(queryClient, library),
  });
};
