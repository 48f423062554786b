import { AI_MESSAGES, createAiConnection, type AiConnectionBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { aiConnectionsQueryOptions } from '@/lib/ai-connections';
import { refreshAfterChange } from '@/lib/query-client';

export const useCreateAiConnection = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AiConnectionBody) =>
      api(createAiConnection, { body }, { fallbackError: AI_MESSAGES.configSaveFailed }),
    onSuccess: () => refreshAfterChange(queryClient, aiConnectionsQueryOptions().queryKey),
  });
};
