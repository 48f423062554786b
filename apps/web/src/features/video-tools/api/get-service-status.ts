import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { ProviderConfig } from '../providers';
import { endpointsOf, savedVideosKey } from './keys';

/**
 * Administrators: which outside services of this tool are not configured or failed recently. Kept under the
 * saved videos' key, so a save (which is what finds a service failing) asks again.
 */
const serviceStatusQueryOptions = (config: ProviderConfig) =>
  queryOptions({
    queryKey: [...savedVideosKey(config), 'status'],
    queryFn: () => api(endpointsOf(config).status),
  });

export const useServiceStatus = (config: ProviderConfig) => useQuery(serviceStatusQueryOptions(config));
