import { renewBackupCodes } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshAfterChange } from '@/lib/query-client';
import { TWO_FACTOR_KEY } from './get-two-factor';

/** Ten new backup codes (the old ones stop working), with the current password. */
export const useRenewBackupCodes = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => api(renewBackupCodes, { body: { password } }),
    onSuccess: () => refreshAfterChange(queryClient, TWO_FACTOR_KEY),
  });
};
