import type { LoginAnswer, LoginBody } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { loadRequestModule } from '@/lib/api-error';
import { useSession } from '@/lib/session-store';

/**
 * Loads the login request's module. The login page arrives prerendered and is hydrated at once; the module (with
 * zod and the API client) is loaded when the member starts filling the form, or at the latest on submit, so
 * hydration does not evaluate it.
 */
export const loadSignIn = () => import('./sign-in');

/**
 * Signs in; the session store (the owner of the session) takes the user the server returned. An answer that
 * asks for a second step opens no session: the caller shows that step.
 */
export const useLoginMutation = () => {
  const setUser = useSession((state) => state.setUser);
  return useMutation({
    mutationFn: async (body: LoginBody): Promise<LoginAnswer> => {
      const answer = await (await loadRequestModule(loadSignIn)).signIn(body);
      // Not the contracts' isSecondStep: a value from there brings zod into the login screen's first files.
      if (!('second_step' in answer)) setUser(answer);
      return answer;
    },
  });
};
