import { endSession } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshAfterChange } from '@/lib/query-client';
import { SESSIONS_KEY } from './get-sessions';

export const useEndSession = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(endSession, { params: { id } }),
    onSuccess: () => refreshAfterChange(queryClient, SESSIONS_KEY),
  });
};
