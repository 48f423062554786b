import { LIBRARY_API, type LibraryName } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { invalidateLibrary } from './keys';

/**
 * Deletes a category with its videos. Refreshes after a failure too: it may already be gone. `onDeleted` runs
 * before the refresh, so a view filtered by that category can leave the filter first: refreshed while still
 * filtered, its page would answer "La categoría no existe" and replace the view.
 */
export const useDeleteCategory = (library: LibraryName, onDeleted?: (id: number) => void) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(LIBRARY_API[library].deleteCategory, { params: { id } }),
    onSuccess: (_answer, id) => onDeleted?.(id),
    onSettled: () => invalidateLibrary(queryClient, library),
  });
};
