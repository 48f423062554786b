import { deleteRedgramProfile, REDGRAM_MESSAGES } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { profilesQueryOptions } from './get-profiles';

export const useDeleteProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api(deleteRedgramProfile, { params: { id } }, { fallbackError: REDGRAM_MESSAGES.deleteProfileFailed }),
    onSuccess: (_answer, id) =>
      queryClient.setQueryData(profilesQueryOptions().queryKey, (current = []) =>
        current.filter((profile) => profile.id !== id),
      ),
  });
};
