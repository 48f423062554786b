import { deleteUser, SETTINGS_MESSAGES as M } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const useDeleteUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(deleteUser, { params: { id } }, { fallbackError: M.deleteUser }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
};
