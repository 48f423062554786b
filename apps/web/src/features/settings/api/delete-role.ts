import { deleteRole, SETTINGS_MESSAGES as M } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshAfterChange } from '@/lib/query-client';

export const useDeleteRole = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(deleteRole, { params: { id } }, { fallbackError: M.deleteRole }),
    onSuccess: () => refreshAfterChange(queryClient, ['roles']),
  });
};
