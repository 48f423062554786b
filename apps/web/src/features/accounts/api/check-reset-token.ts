import { checkPasswordResetToken } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Whether an emailed reset link still works; asked once per link (a used link is checked again on reload). */
const resetTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['reset-token', token],
    queryFn: () => api(checkPasswordResetToken, { body: { token } }),
    gcTime: 0,
  });

export const useResetToken = (token: string) => useQuery(resetTokenQueryOptions(token));
