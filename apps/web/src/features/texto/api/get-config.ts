import { getTextoConfig } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The text tools' settings (admin only); the key is write-only: the server says only whether one is set. */
export const textoConfigQueryOptions = () =>
  queryOptions({ queryKey: ['texto', 'config'], queryFn: () => api(getTextoConfig) });

/** Loaded afresh each time the dialog opens. */
export const useTextoConfig = (opened: boolean) =>
  useQuery({ ...textoConfigQueryOptions(), enabled: opened });
