import { AI_MESSAGES, saveTextoConfig, type TextoConfigBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { textoConfigQueryOptions } from './get-config';
import { refreshAfterChange } from '@/lib/query-client';

export const useSaveTextoConfig = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TextoConfigBody) =>
      api(saveTextoConfig, { body }, { fallbackError: AI_MESSAGES.configSaveFailed }),
    onSuccess: () => refreshAfterChange(queryClient, textoConfigQueryOptions().queryKey),
  });
};
