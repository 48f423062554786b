import { listRoles, SETTINGS_MESSAGES as M } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The roles a plan can be given to and a member can end in (the same cache entry the roles tab uses). */
export const useRoles = () =>
  useQuery({ queryKey: ['roles'], queryFn: () => api(listRoles, {}, { fallbackError: M.loadRoles }) });
