import { deleteAiConnection } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { aiConnectionsQueryOptions } from '@/lib/ai-connections';
import { refreshAfterChange } from '@/lib/query-client';

export const useDeleteAiConnection = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api(deleteAiConnection, { params: { id } }, { fallbackError: 'No se pudo eliminar la conexión' }),
    onSuccess: () => refreshAfterChange(queryClient, aiConnectionsQueryOptions().queryKey),
  });
};
