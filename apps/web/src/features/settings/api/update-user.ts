import { SETTINGS_MESSAGES as M, updateUser, type UserUpdateBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshAfterChange } from '@/lib/query-client';

export const useUpdateUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UserUpdateBody }) =>
      api(updateUser, { params: { id }, body }, { fallbackError: M.saveUser }),
    onSuccess: () => refreshAfterChange(queryClient, ['users']),
  });
};
