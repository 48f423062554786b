import { createRedgramProfile, REDGRAM_MESSAGES, type RedgramProfileBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { profilesQueryOptions } from './get-profiles';

/** A new profile is placed first in the list (spec, section 4), not re-sorted by name. */
export const useCreateProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RedgramProfileBody) =>
      api(createRedgramProfile, { body }, { fallbackError: REDGRAM_MESSAGES.saveProfileFailed }),
    onSuccess: (created) =>
      queryClient.setQueryData(profilesQueryOptions().queryKey, (current = []) => [created, ...current]),
  });
};
