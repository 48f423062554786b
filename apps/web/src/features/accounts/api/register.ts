import { ACCOUNT_MESSAGES, register, type RegisterBody } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Asks for an account; an administrator activates it later. */
export const useRegister = () =>
  useMutation({
    mutationFn: (body: RegisterBody) =>
      api(register, { body }, { fallbackError: ACCOUNT_MESSAGES.registerFailed }),
  });
