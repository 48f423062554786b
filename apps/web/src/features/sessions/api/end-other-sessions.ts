import { endOtherSessions } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshAfterChange } from '@/lib/query-client';
import { SESSIONS_KEY } from './get-sessions';

export const useEndOtherSessions = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(endOtherSessions),
    onSuccess: () => refreshAfterChange(queryClient, SESSIONS_KEY),
  });
};
