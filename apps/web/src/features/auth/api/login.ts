import type { LoginBody } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { loadCalls } from '@/lib/api-error';
import { useSession } from '@/lib/session-store';

/**
 * Loads the login call. The login page arrives drawn and is hydrated at once; the call (with zod and the API
 * client) is loaded when the visitor starts filling the form, or at the latest on submit, so the page's first
 * tasks do not evaluate it.
 */
export const loadSignIn = () => import('./sign-in');

/** Signs in; the session store (the owner of the session) takes the user the server returned. */
export const useLoginMutation = () => {
  const setUser = useSession((state) => state.setUser);
  return useMutation({
    mutationFn: async (body: LoginBody) => setUser(await (await loadCalls(loadSignIn)).signIn(body)),
  });
};
