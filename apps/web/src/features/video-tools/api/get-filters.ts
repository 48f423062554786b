import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { ProviderConfig } from '../providers';
import { endpointsOf, savedVideosKey } from './keys';

/** The channels (YouTube) or users (Instagram) the saved videos can be filtered by. */
const filtersQueryOptions = (config: ProviderConfig) =>
  queryOptions({
    queryKey: [...savedVideosKey(config), 'filters'],
    queryFn: () => api(endpointsOf(config).filters),
  });

export const useFilters = (config: ProviderConfig) => useQuery(filtersQueryOptions(config));
