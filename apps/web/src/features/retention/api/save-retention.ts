import { RETENTION_MESSAGES as M, saveRetention, type RetentionSettings } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshAfterChange } from '@/lib/query-client';
import { retentionQueryOptions } from './get-retention';

export const useSaveRetention = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RetentionSettings) => api(saveRetention, { body }, { fallbackError: M.save }),
    onSuccess: () => refreshAfterChange(queryClient, retentionQueryOptions().queryKey),
  });
};
