import { AI_MESSAGES, saveTextoConfig, type TextoConfigBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { textoConfigQueryOptions } from './get-config';

export const useSaveTextoConfig = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TextoConfigBody) =>
      api(saveTextoConfig, { body }, { fallbackError: AI_MESSAGES.configSaveFailed }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: textoConfigQueryOptions().queryKey }),
  });
};
