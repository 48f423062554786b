import { STATS_MESSAGES as M, statsToday } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Today's figures so far, read again each minute while the page is open. */
export const useStatsToday = () =>
  useQuery({
    queryKey: ['stats', 'today'],
    queryFn: () => api(statsToday, {}, { fallbackError: M.load }),
    refetchInterval: 60_000,
  });
