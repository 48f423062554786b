import { getRedgramConfig } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** RedGram's settings (admin only); the key is write-only: the server says only whether one is set. */
export const redgramConfigQueryOptions = () =>
  queryOptions({ queryKey: ['redgram', 'config'], queryFn: () => api(getRedgramConfig) });

/** Loaded afresh each time the dialog opens. */
export const useRedgramConfig = (opened: boolean) =>
  useQuery({ ...redgramConfigQueryOptions(), enabled: opened });
