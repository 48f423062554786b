import { SETTINGS_MESSAGES as M, updateRole, type RoleBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshAfterChange } from '@/lib/query-client';

/** A renamed role shows under its new name in the user list too. */
export const useUpdateRole = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: RoleBody }) =>
      api(updateRole, { params: { id }, body }, { fallbackError: M.updateRole }),
    onSuccess: () => refreshAfterChange(queryClient, ['roles'], ['users']),
  });
};
