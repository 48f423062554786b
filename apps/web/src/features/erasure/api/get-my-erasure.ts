import { ERASURE_MESSAGES as M, getMyErasure } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const myErasureQueryOptions = () =>
  queryOptions({
    queryKey: ['erasure', 'mine'],
    queryFn: () => api(getMyErasure, {}, { fallbackError: M.failed }),
  });

export const useMyErasure = () => useQuery(myErasureQueryOptions());
