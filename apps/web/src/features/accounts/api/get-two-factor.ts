import { getTwoFactor } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const TWO_FACTOR_KEY = ['account', 'two-factor'] as const;

/** The account's second factors (Seguridad in /perfil). */
const twoFactorQueryOptions = () =>
  queryOptions({ queryKey: TWO_FACTOR_KEY, queryFn: () => api(getTwoFactor, {}) });

export const useTwoFactor = () => useQuery(twoFactorQueryOptions());
