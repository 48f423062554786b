import { getCommunity } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const communityQueryOptions = () =>
  queryOptions({ queryKey: ['community'], queryFn: () => api(getCommunity) });

export const useCommunity = () => useQuery(communityQueryOptions());
