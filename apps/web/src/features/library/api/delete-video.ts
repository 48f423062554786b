import { LIBRARY_API, type LibraryName } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { invalidateLibrary } from './keys';

/** Refreshes after a failure too: the video may already be gone. */
export const useDeleteVideo = (library: LibraryName) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(LIBRARY_API[library].deleteVideo, { params: { id } }),
    onSettled: () => invalidateLibrary(queryClient, library),
  });
};
