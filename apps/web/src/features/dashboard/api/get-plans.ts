import { useQuery } from '@tanstack/react-query';
import { loadRequestModule } from '@/lib/api-error';

/**
 * The paid plans, for the membership panel's prices: asked for only while payments run through the app, after
 * the dashboard is drawn (the request's module loads then, as the public settings' does).
 */
export const usePlans = (enabled: boolean) =>
  useQuery({
    // The plans page's key: both screens share one answer.
    queryKey: ['billing', 'plans'],
    queryFn: async () => (await loadRequestModule(() => import('./get-plans-call'))).fetchPlans(),
    enabled,
  });
