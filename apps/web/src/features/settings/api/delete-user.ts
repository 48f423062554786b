import { deleteUser, SETTINGS_MESSAGES as M, type SubscriptionEnding } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshAfterChange } from '@/lib/query-client';

/**
 * Deletes an account; `reason` (may be empty) goes into the refusal email of a pending account, `ending` says
 * how a live subscription ends at Stripe.
 */
export const useDeleteUser = (reason = '', ending?: SubscriptionEnding) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api(
        deleteUser,
        {
          params: { id },
          body: {
            ...(reason.trim() === '' ? {} : { reason: reason.trim() }),
            ...(ending ? { subscription_end: ending } : {}),
          },
        },
        { fallbackError: M.deleteUser },
      ),
    onSuccess: () => refreshAfterChange(queryClient, ['users']),
  });
};
