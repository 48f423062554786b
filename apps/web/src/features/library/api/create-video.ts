import { LIBRARY_API, type VideoBody, type LibraryName } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { invalidateLibrary, SAVE_VIDEO_ERROR } from './keys';

export const useCreateVideo = (library: LibraryName) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VideoBody) =>
      api(LIBRARY_API[library].createVideo, { body }, { fallbackError: SAVE_VIDEO_ERROR }),
    onSuccess: () => invalidateLibrary(queryClient, library),
  });
};
