import { publicConfig } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';

/** Browser-visible settings (plans link, time zone): one query shared by every screen that needs them. */
export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['public-config'],
    queryFn: () => api(publicConfig),
    staleTime: Infinity,
  });

export const usePublicConfig = () => useQuery(publicConfigQueryOptions());
