import { getJobs, JOBS_MESSAGES as M } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const jobsQueryOptions = () =>
  queryOptions({
    queryKey: ['jobs'],
    queryFn: () => api(getJobs, {}, { fallbackError: M.load }),
    // What runs in the background changes by itself: the tab follows it while open.
    refetchInterval: 30_000,
  });

export const useJobs = () => useQuery(jobsQueryOptions());
