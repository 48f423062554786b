import { HISTORY_MESSAGES as M, listHistoryActors } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

const historyActorsQueryOptions = () =>
  queryOptions({
    queryKey: ['history', 'actors'],
    queryFn: () => api(listHistoryActors, {}, { fallbackError: M.load }),
  });

/** The administrators that appear in the history (the "Administrador" filter's options). */
export const useHistoryActors = () => useQuery(historyActorsQueryOptions());
