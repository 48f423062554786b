import { removePasskey } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshAfterChange } from '@/lib/query-client';
import { PASSKEYS_KEY } from './get-passkeys';

export const useRemovePasskey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, password }: { id: number; password: string }) =>
      api(removePasskey, { params: { id }, body: { password } }),
    onSuccess: () => refreshAfterChange(queryClient, PASSKEYS_KEY),
  });
};
