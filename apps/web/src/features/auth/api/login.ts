import { login, MESSAGES, type LoginBody } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useSession } from '@/lib/session-store';

/** Signs in; the session store (the owner of the session) takes the user the server returned. */
export const useLoginMutation = () => {
  const setUser = useSession((state) => state.setUser);
  return useMutation({
    mutationFn: async (body: LoginBody) =>
      setUser(await api(login, { body }, { fallbackError: MESSAGES.loginFailed })),
  });
};
