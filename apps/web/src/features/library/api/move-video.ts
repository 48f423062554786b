import { LIBRARY_API, type LibraryName } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { invalidateLibrary } from './keys';

/** Swaps a video with its neighbour in its category. Refreshes after a failure too: the order may have changed. */
export const useMoveVideo = (library: LibraryName) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, direction }: { id: number; direction: 'up' | 'down' }) =>
      api(LIBRARY_API[library].moveVideo, { params: { id }, body: { direction } }),
    onSettled: () => invalidateLibrary(queryClient, library),
  });
};
