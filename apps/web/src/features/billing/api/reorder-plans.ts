import { BILLING_MESSAGES as M, savePlan, type AdminPlan } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshAfterChange } from '@/lib/query-client';
import { initialValues } from '../plan-values';
import { billingSettingsQueryOptions } from './get-billing-settings';

/**
 * Puts the saved plans in `order` (first card first): each plan whose place changes is saved again with its new
 * position and everything else as it was, one after the other.
 */
export const useReorderPlans = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (order: readonly AdminPlan[]) => {
      for (const [position, plan] of order.entries()) {
        if (plan.position === position) continue;
        await api(
          savePlan,
          { params: { role_id: plan.role_id }, body: { ...initialValues(plan, position), position } },
          { fallbackError: M.save },
        );
      }
    },
    onSettled: () => refreshAfterChange(queryClient, billingSettingsQueryOptions().queryKey),
  });
};
