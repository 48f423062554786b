import { renamePasskey } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshAfterChange } from '@/lib/query-client';
import { PASSKEYS_KEY } from './get-passkeys';

export const useRenamePasskey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      api(renamePasskey, { params: { id }, body: { name } }),
    onSuccess: () => refreshAfterChange(queryClient, PASSKEYS_KEY),
  });
};
