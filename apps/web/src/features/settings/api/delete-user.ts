import { deleteUser, SETTINGS_MESSAGES as M } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshAfterChange } from '@/lib/query-client';

export const useDeleteUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(deleteUser, { params: { id } }, { fallbackError: M.deleteUser }),
    onSuccess: () => refreshAfterChange(queryClient, ['users']),
  });
};
