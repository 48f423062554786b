import { bulkUsers, SETTINGS_MESSAGES as M, type UserBulkBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshAfterChange } from '@/lib/query-client';

/** One action on many accounts; the user list is read again afterwards. */
export const useBulkUsers = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserBulkBody) => api(bulkUsers, { body }, { fallbackError: M.bulkFailed }),
    onSuccess: () => refreshAfterChange(queryClient, ['users']),
  });
};
