import { REDGRAM_MESSAGES, saveRedgramConfig, type RedgramConfigBody } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { redgramConfigQueryOptions } from './get-config';
import { refreshAfterChange } from '@/lib/query-client';

export const useSaveRedgramConfig = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RedgramConfigBody) =>
      api(saveRedgramConfig, { body }, { fallbackError: REDGRAM_MESSAGES.saveFailed }),
    onSuccess: () => refreshAfterChange(queryClient, redgramConfigQueryOptions().queryKey),
  });
};
