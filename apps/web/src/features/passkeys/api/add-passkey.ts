import { addPasskey, passkeyRegistrationOptions } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshAfterChange } from '@/lib/query-client';
import { createPasskey } from '@/lib/webauthn';
import { PASSKEYS_KEY } from './get-passkeys';

/** The whole registration: the server's challenge, the browser's new passkey, the server's check. */
export const useAddPasskey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const options = await api(passkeyRegistrationOptions);
      const response = await createPasskey(options);
      return api(addPasskey, { body: { name, response } });
    },
    // Adding one ended the account's other sessions: the sessions list changed too.
    onSuccess: () => refreshAfterChange(queryClient, PASSKEYS_KEY, ['account', 'sessions']),
  });
};
