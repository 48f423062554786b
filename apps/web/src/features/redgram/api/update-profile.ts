import { REDGRAM_MESSAGES, updateRedgramProfile, type RedgramProfileBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { profilesQueryOptions } from './get-profiles';

/** The edited profile keeps its place in the list. */
export const useUpdateProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: RedgramProfileBody }) =>
      api(
        updateRedgramProfile,
        { params: { id }, body },
        { fallbackError: REDGRAM_MESSAGES.updateProfileFailed },
      ),
    onSuccess: (updated) =>
      queryClient.setQueryData(profilesQueryOptions().queryKey, (current = []) =>
        current.map((profile) => (profile.id === updated.id ? updated : profile)),
      ),
  });
};
