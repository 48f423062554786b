import { ACCOUNT_MESSAGES, resetPassword } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Sets a new password with the emailed link's token. */
export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: { token: string; password: string; remove_passkeys?: boolean }) =>
      api(resetPassword, { body }, { fallbackError: ACCOUNT_MESSAGES.requestFailed }),
  });
