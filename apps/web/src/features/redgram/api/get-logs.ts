import { listRedgramLogs, REDGRAM_MESSAGES } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The latest generations (admin only); loaded again each time the history opens. */
const logsQueryOptions = () =>
  queryOptions({
    queryKey: ['redgram', 'logs'],
    queryFn: () => api(listRedgramLogs, {}, { fallbackError: REDGRAM_MESSAGES.loadLogsFailed }),
  });

export const useLogs = (opened: boolean) => useQuery({ ...logsQueryOptions(), enabled: opened });
