import { resetUserTwoFactor } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshAfterChange } from '@/lib/query-client';

/** Removes a member's second factors (a lost phone); Historial records it. */
export const useResetTwoFactor = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(resetUserTwoFactor, { params: { id } }),
    onSuccess: () => refreshAfterChange(queryClient, ['history']),
  });
};
