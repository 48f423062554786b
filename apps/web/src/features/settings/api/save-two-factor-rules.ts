import { saveTwoFactorRules, type TwoFactorRules } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshAfterChange } from '@/lib/query-client';
import { twoFactorRulesQueryOptions } from './get-two-factor-rules';

export const useSaveTwoFactorRules = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorRules) => api(saveTwoFactorRules, { body }),
    onSuccess: () => refreshAfterChange(queryClient, twoFactorRulesQueryOptions().queryKey, ['history']),
  });
};
