import { createRole, SETTINGS_MESSAGES as M, type RoleBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const useCreateRole = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RoleBody) => api(createRole, { body }, { fallbackError: M.createRole }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['roles'] }),
  });
};
