import type { PagePosition } from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { ProviderConfig } from '../providers';
import { endpointsOf, savedVideosKey } from './keys';

export interface SavedVideosQuery {
  /** The page, and the key that seeks to it when Anterior / Siguiente gave one. */
  position: PagePosition;
  /** The channel or user shown; '' for all. */
  filter: string;
}

const savedVideosQueryOptions = (config: ProviderConfig, { position, filter }: SavedVideosQuery) =>
  queryOptions({
    queryKey: [...savedVideosKey(config), 'page', { ...position, filter }],
    queryFn: async () => {
      const result = await api(endpointsOf(config).list, {
        query: { ...position, ...(filter ? { filter } : {}) },
      });
      return { ...result, items: result.items.map((item) => config.toView(item)) };
    },
  });

/** One page of the admin's saved videos; the previous page stays on screen while the next one loads. */
export const useSavedVideos = (config: ProviderConfig, query: SavedVideosQuery) =>
  useQuery({ ...savedVideosQueryOptions(config, query), placeholderData: keepPreviousData });
