import { listRoles, SETTINGS_MESSAGES as M } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

const rolesQueryOptions = () =>
  queryOptions({
    queryKey: ['roles'],
    queryFn: () => api(listRoles, {}, { fallbackError: M.loadRoles }),
  });

export const useRoles = () => useQuery(rolesQueryOptions());
