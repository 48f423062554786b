import { BILLING_MESSAGES as M, listPlans } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

const plansQueryOptions = () =>
  queryOptions({
    queryKey: ['billing', 'plans'],
    queryFn: () => api(listPlans, { query: {} }, { fallbackError: M.load }),
  });

export const usePlans = () => useQuery(plansQueryOptions());
