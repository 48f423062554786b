import { getRetention, RETENTION_MESSAGES as M } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const retentionQueryOptions = () =>
  queryOptions({
    queryKey: ['retention'],
    queryFn: () => api(getRetention, {}, { fallbackError: M.load }),
  });

export const useRetention = () => useQuery(retentionQueryOptions());
