import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { ProviderConfig } from '../providers';
import { endpointsOf, invalidateSavedVideos } from './keys';

/** Deletes every saved record, or only those of one channel / user (`filter`). */
export const useDeleteAllVideos = (config: ProviderConfig) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (filter: string) => api(endpointsOf(config).removeAll, { query: filter ? { filter } : {} }),
    onSettled: () => invalidateSavedVideos(queryClient, config),
  });
};
