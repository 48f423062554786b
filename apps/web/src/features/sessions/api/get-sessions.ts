import { listSessions } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const SESSIONS_KEY = ['account', 'sessions'] as const;

const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: SESSIONS_KEY,
    queryFn: async () => (await api(listSessions)).sessions,
  });

export const useAccountSessions = () => useQuery(sessionsQueryOptions());
