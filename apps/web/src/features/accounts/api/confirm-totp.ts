import { confirmTotp } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshAfterChange } from '@/lib/query-client';
import { TWO_FACTOR_KEY } from './get-two-factor';

/** Turns the app on with its first code; answers the ten backup codes. */
export const useConfirmTotp = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api(confirmTotp, { body: { code } }),
    onSuccess: () => refreshAfterChange(queryClient, TWO_FACTOR_KEY),
  });
};
