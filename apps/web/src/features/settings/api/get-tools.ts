import { listTools, SETTINGS_MESSAGES as M } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The tools a role can be given (they never change while the app runs). */
const toolsQueryOptions = () =>
  queryOptions({
    queryKey: ['tools'],
    queryFn: () => api(listTools, {}, { fallbackError: M.loadData }),
    staleTime: Infinity,
  });

export const useTools = () => useQuery(toolsQueryOptions());
