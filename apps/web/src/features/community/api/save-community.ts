import {
  COMMUNITY_MESSAGES as M,
  deleteCommunityLogo,
  saveCommunityLogo,
  saveCommunityName,
  type Community,
  type PublicConfig,
} from '@app/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { settingsInPage } from '@/lib/public-config';
import { communityQueryOptions } from './get-community';

/** The new name and logo, in this screen and in the public settings the bar and the title read. */
const showSaved = (queryClient: QueryClient, saved: Community) => {
  queryClient.setQueryData(communityQueryOptions().queryKey, saved);
  queryClient.setQueryData<PublicConfig>(
    ['public-config'],
    // Nothing may have asked for the settings yet on this screen: the page's own copy is the base then.
    (config) => {
      const base = config ?? settingsInPage();
      return base && { ...base, communityName: saved.name, communityLogoUrl: saved.logo_url };
    },
  );
  void queryClient.invalidateQueries({ queryKey: ['admin', 'overview'] });
};

export const useSaveCommunityName = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api(saveCommunityName, { body: { name } }, { fallbackError: M.load }),
    onSuccess: (saved) => showSaved(queryClient, saved),
  });
};

export const useSaveCommunityLogo = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (logo: { type: string; data: string }) =>
      api(saveCommunityLogo, { body: logo }, { fallbackError: M.load }),
    onSuccess: (saved) => showSaved(queryClient, saved),
  });
};

export const useDeleteCommunityLogo = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(deleteCommunityLogo, {}, { fallbackError: M.load }),
    onSuccess: (saved) => showSaved(queryClient, saved),
  });
};
