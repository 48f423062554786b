import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { ProviderConfig } from '../providers';
import { endpointsOf, invalidateSavedVideos } from './keys';

/** Refreshes after a failure too: the record may already be gone. */
export const useDeleteVideo = (config: ProviderConfig) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (recordId: number) => api(endpointsOf(config).remove, { params: { recordId } }),
    onSettled: () => invalidateSavedVideos(queryClient, config),
  });
};
