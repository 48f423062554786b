import { createUser, SETTINGS_MESSAGES as M, type UserCreateBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshAfterChange } from '@/lib/query-client';

export const useCreateUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserCreateBody) => api(createUser, { body }, { fallbackError: M.saveUser }),
    onSuccess: () => refreshAfterChange(queryClient, ['users']),
  });
};
