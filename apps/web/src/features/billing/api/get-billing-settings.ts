import { BILLING_MESSAGES as M, getBillingSettings } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const billingSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['billing', 'settings'],
    queryFn: () => api(getBillingSettings, { query: {} }, { fallbackError: M.load }),
  });

export const useBillingSettings = () => useQuery(billingSettingsQueryOptions());
