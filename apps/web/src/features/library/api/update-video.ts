import { LIBRARY_API, type VideoBody, type LibraryName } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { invalidateLibrary, SAVE_VIDEO_ERROR } from './keys';

export const useUpdateVideo = (library: LibraryName) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: VideoBody }) =>
      api(LIBRARY_API[library].updateVideo, { params: { id }, body }, { fallbackError: SAVE_VIDEO_ERROR }),
    onSuccess: () => invalidateLibrary(queryClient, library),
  });
};
