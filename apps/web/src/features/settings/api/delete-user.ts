import { deleteUser, SETTINGS_MESSAGES as M } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshAfterChange } from '@/lib/query-client';

/** Deletes an account; `reason` (may be empty) goes into the refusal email of a pending account. */
export const useDeleteUser = (reason = '') => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api(
        deleteUser,
        { params: { id }, body: reason.trim() === '' ? {} : { reason: reason.trim() } },
        { fallbackError: M.deleteUser },
      ),
    onSuccess: () => refreshAfterChange(queryClient, ['users']),
  });
};
