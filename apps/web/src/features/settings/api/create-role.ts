import { createRole, SETTINGS_MESSAGES as M, type RoleBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshAfterChange } from '@/lib/query-client';

export const useCreateRole = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RoleBody) => api(createRole, { body }, { fallbackError: M.createRole }),
    onSuccess: () => refreshAfterChange(queryClient, ['roles']),
  });
};
