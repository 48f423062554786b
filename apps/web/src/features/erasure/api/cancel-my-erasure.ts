import { cancelMyErasure, ERASURE_MESSAGES as M } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshAfterChange } from '@/lib/query-client';
import { myErasureQueryOptions } from './get-my-erasure';

export const useCancelMyErasure = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(cancelMyErasure, {}, { fallbackError: M.failed }),
    onSuccess: () => refreshAfterChange(queryClient, myErasureQueryOptions().queryKey),
  });
};
