import { BILLING_MESSAGES as M, savePlan, type SavePlanBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshAfterChange } from '@/lib/query-client';
import { billingSettingsQueryOptions } from './get-billing-settings';

export const useSavePlan = (roleId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SavePlanBody) =>
      api(savePlan, { params: { role_id: roleId }, body }, { fallbackError: M.save }),
    onSuccess: () => refreshAfterChange(queryClient, billingSettingsQueryOptions().queryKey),
  });
};
