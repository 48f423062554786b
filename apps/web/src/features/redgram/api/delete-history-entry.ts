import { deleteRedgramHistoryEntry, REDGRAM_MESSAGES } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { historyKey } from './get-history';
import { refreshAfterChange } from '@/lib/query-client';

export const useDeleteHistoryEntry = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api(
        deleteRedgramHistoryEntry,
        { params: { id } },
        { fallbackError: REDGRAM_MESSAGES.deleteHistoryFailed },
      ),
    onSuccess: () => refreshAfterChange(queryClient, historyKey),
  });
};
