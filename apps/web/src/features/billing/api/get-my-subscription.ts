import { getMySubscription } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

const mySubscriptionQueryOptions = () =>
  queryOptions({
    queryKey: ['billing', 'subscription'],
    queryFn: async () => (await api(getMySubscription, { query: {} })).subscription,
  });

export const useMySubscription = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...mySubscriptionQueryOptions(), enabled });
