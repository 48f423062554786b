import { claimPayment, me } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useSession } from '@/lib/session-store';

/**
 * Attaches a waiting payment: signed in as its account, or choosing the account's password. A signed-in member
 * is read afresh afterwards, so the new plan's tools show at once.
 */
export const useClaimPayment = () => {
  const setUser = useSession((state) => state.setUser);
  return useMutation({
    mutationFn: async (body: { token: string; password?: string }) => {
      const claimed = await api(claimPayment, { body });
      // Without a password the claimer was signed in as the account (the server refuses anyone else).
      if (body.password === undefined) setUser(await api(me));
      return claimed;
    },
  });
};
