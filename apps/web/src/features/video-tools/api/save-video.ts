import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { ProviderConfig } from '../providers';
import { endpointsOf, invalidateSavedVideos } from './keys';

/** Submits a link: the server fetches and saves the video's record, answered as the screen shows it. */
export const useSaveVideo = (config: ProviderConfig) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (url: string) => config.toView(await api(endpointsOf(config).save, { body: { url } })),
    onSuccess: () => invalidateSavedVideos(queryClient, config),
  });
};
