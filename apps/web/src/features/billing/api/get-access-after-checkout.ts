import { ACCESS_STATUSES, getMySubscription, me } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useSession } from '@/lib/session-store';

const CHECKS = 10;
const CHECK_EVERY_MS = 2000;

const QUERY_KEY = ['billing', 'access-after-checkout'];

/** How many answers (or failures) the checks have had. */
const checksMade = (state: { dataUpdateCount: number; errorUpdateCount: number }) =>
  state.dataUpdateCount + state.errorUpdateCount;

/**
 * The signed-in member after paying: the provider's webhook may reach the server a moment after the browser comes
 * back, so the subscription is asked for again (a few checks) until it gives access; then the member is read
 * afresh into the session store, which shows the new role's tools.
 */
export const useAccessAfterCheckout = (): 'active' | 'waiting' | 'unknown' => {
  const setUser = useSession((state) => state.setUser);
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: QUERY_KEY,
    queryFn: async () => {
      const { subscription } = await api(getMySubscription, { query: {} });
      const granted = subscription !== null && ACCESS_STATUSES.includes(subscription.status);
      if (granted) setUser(await api(me));
      return granted;
    },
    gcTime: 0,
    refetchInterval: ({ state }) =>
      state.data === true || checksMade(state) >= CHECKS ? false : CHECK_EVERY_MS,
  });
  if (query.data === true) return 'active';
  const state = queryClient.getQueryState(QUERY_KEY);
  return state && checksMade(state) >= CHECKS ? 'unknown' : 'waiting';
};
