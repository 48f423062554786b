import { listAiConnections } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';

/**
 * The AI connections (admin only, never a key): managed in /config, chosen by every AI tool's settings, so
 * shared here rather than in one feature.
 */
export const aiConnectionsQueryOptions = () =>
  queryOptions({ queryKey: ['ai', 'connections'], queryFn: () => api(listAiConnections) });

export const useAiConnections = (enabled = true) => useQuery({ ...aiConnectionsQueryOptions(), enabled });
