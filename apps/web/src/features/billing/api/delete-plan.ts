import { deletePlan } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshAfterChange } from '@/lib/query-client';
import { billingSettingsQueryOptions } from './get-billing-settings';

export const useDeletePlan = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roleId: number) => api(deletePlan, { params: { role_id: roleId } }),
    onSuccess: () => refreshAfterChange(queryClient, billingSettingsQueryOptions().queryKey),
  });
};
