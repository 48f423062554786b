import { getTwoFactorRules } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const twoFactorRulesQueryOptions = () =>
  queryOptions({ queryKey: ['two-factor-rules'], queryFn: () => api(getTwoFactorRules, {}) });

/** Loaded afresh each time the dialog opens. */
export const useTwoFactorRules = (opened: boolean) =>
  useQuery({ ...twoFactorRulesQueryOptions(), enabled: opened });
