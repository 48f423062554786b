import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadRequestModule } from '@/lib/api-error';

/**
 * The administrator's first screen: the community at a glance, the first steps, the AI tools' state. The
 * request's module loads when first asked, as the plans' does: members never load it.
 */
const adminOverviewQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'overview'],
    queryFn: async () =>
      (await loadRequestModule(() => import('./get-admin-overview-call'))).fetchAdminOverview(),
  });

export const useAdminOverview = (enabled = true) => useQuery({ ...adminOverviewQueryOptions(), enabled });
