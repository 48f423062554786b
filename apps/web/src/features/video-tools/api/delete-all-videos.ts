import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { ProviderConfig } from '../providers';
import { endpointsOf, invalidateSavedVideos } from './keys';

/** Deletes every saved record, or only those of one channel / user (`filter`). */
export const useDeleteAllVideos = (config: ProviderConfig) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (filter: string) =>
      api(endpointsOf(config).removeAll, {
        // The server deletes nothing unless told which records: one filter's, or all of them.
        query: filter ? { filter } : { all: 'true' },
      }),
    onSettled: () => invalidateSavedVideos(queryClient, config),
  });
};
