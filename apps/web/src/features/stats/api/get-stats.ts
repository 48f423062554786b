import { STATS_MESSAGES as M, statsOverview, type StatsRange } from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

const statsQueryOptions = (range: StatsRange) =>
  queryOptions({
    queryKey: ['stats', range],
    queryFn: () => api(statsOverview, { query: { range } }, { fallbackError: M.load }),
  });

/** The figures of a range; the previous range's stay on screen while the next one loads. */
export const useStats = (range: StatsRange) =>
  useQuery({ ...statsQueryOptions(range), placeholderData: keepPreviousData });
