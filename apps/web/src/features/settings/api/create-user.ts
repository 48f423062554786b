import { createUser, SETTINGS_MESSAGES as M, type UserCreateBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const useCreateUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserCreateBody) => api(createUser, { body }, { fallbackError: M.saveUser }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
};
