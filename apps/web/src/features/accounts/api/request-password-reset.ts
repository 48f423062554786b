import { ACCOUNT_MESSAGES, requestPasswordReset, type PasswordResetRequestBody } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Emails a reset link (the answer is the same whether or not the address has an account). */
export const useRequestPasswordReset = () =>
  useMutation({
    mutationFn: (body: PasswordResetRequestBody) =>
      api(requestPasswordReset, { body }, { fallbackError: ACCOUNT_MESSAGES.requestFailed }),
  });
