import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadRequestModule } from './api-error';

/**
 * Browser-visible settings (plans link, time zone): one query shared by every screen that needs them. The dashboard
 * asks for them as it is hydrated, so the request's module loads then, in a task of its own, not with the dashboard.
 */
const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['public-config'],
    queryFn: async () => (await loadRequestModule(() => import('./public-config-call'))).fetchPublicConfig(),
    staleTime: Infinity,
  });

export const usePublicConfig = () => useQuery(publicConfigQueryOptions());

/** The community's zone (TIME_ZONE) in which every date is shown; undefined until the settings arrive. */
export const useTimeZone = (): string | undefined => usePublicConfig().data?.timeZone;
