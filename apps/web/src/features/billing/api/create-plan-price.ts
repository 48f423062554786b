import { BILLING_MESSAGES as M, createPlanPrice, type CreatePlanPriceBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshAfterChange } from '@/lib/query-client';
import { billingSettingsQueryOptions } from './get-billing-settings';

/** Creates the product and price at Stripe and adds it to the role's plan. */
export const useCreatePlanPrice = (roleId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePlanPriceBody) =>
      api(createPlanPrice, { params: { role_id: roleId }, body }, { fallbackError: M.save }),
    onSuccess: () => refreshAfterChange(queryClient, billingSettingsQueryOptions().queryKey),
  });
};
