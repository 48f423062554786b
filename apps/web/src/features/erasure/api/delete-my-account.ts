import { deleteMyAccount, ERASURE_MESSAGES as M, type DeleteMyAccountBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshAfterChange } from '@/lib/query-client';
import { myErasureQueryOptions } from './get-my-erasure';

export const useDeleteMyAccount = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeleteMyAccountBody) => api(deleteMyAccount, { body }, { fallbackError: M.failed }),
    onSuccess: (done) => {
      if (done.status === 'scheduled')
        return refreshAfterChange(queryClient, myErasureQueryOptions().queryKey);
    },
  });
};
