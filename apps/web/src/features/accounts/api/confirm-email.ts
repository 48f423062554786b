import { ACCOUNT_MESSAGES, confirmEmail } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Follows an emailed confirmation link (a button press, so a mail scanner opening the page proves nothing). */
export const useConfirmEmail = () =>
  useMutation({
    mutationFn: (token: string) =>
      api(confirmEmail, { body: { token } }, { fallbackError: ACCOUNT_MESSAGES.requestFailed }),
  });
