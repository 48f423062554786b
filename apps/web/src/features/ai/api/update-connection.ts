import { AI_MESSAGES, updateAiConnection, type AiConnectionBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { aiConnectionsQueryOptions } from '@/lib/ai-connections';
import { refreshAfterChange } from '@/lib/query-client';

export const useUpdateAiConnection = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AiConnectionBody }) =>
      api(updateAiConnection, { params: { id }, body }, { fallbackError: AI_MESSAGES.configSaveFailed }),
    onSuccess: () => refreshAfterChange(queryClient, aiConnectionsQueryOptions().queryKey),
  });
};
