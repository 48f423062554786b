import { disableTotp } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshAfterChange } from '@/lib/query-client';
import { TWO_FACTOR_KEY } from './get-two-factor';

/** Turns the app off, with the current password and a code. */
export const useDisableTotp = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { password: string; code: string }) => api(disableTotp, { body }),
    onSuccess: () => refreshAfterChange(queryClient, TWO_FACTOR_KEY),
  });
};
