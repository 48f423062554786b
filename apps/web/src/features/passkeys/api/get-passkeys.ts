import { listPasskeys } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const PASSKEYS_KEY = ['account', 'passkeys'] as const;

const passkeysQueryOptions = () =>
  queryOptions({
    queryKey: PASSKEYS_KEY,
    queryFn: async () => (await api(listPasskeys)).passkeys,
  });

export const usePasskeys = () => useQuery(passkeysQueryOptions());
