import { listRedgramProfiles, REDGRAM_MESSAGES } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The member's profiles, sorted by name by the server. */
export const profilesQueryOptions = () =>
  queryOptions({
    queryKey: ['redgram', 'profiles'],
    queryFn: () => api(listRedgramProfiles, {}, { fallbackError: REDGRAM_MESSAGES.loadProfilesFailed }),
  });

export const useProfiles = () => useQuery(profilesQueryOptions());
