import type { videoTools } from '@app/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { ProviderConfig } from '../providers';
import { refreshAfterChange } from '@/lib/query-client';

// Both providers' endpoints have the same shape; the real endpoint (and its response schema) is used at run time.
export type Endpoints = typeof videoTools.youtube;

export const endpointsOf = (config: ProviderConfig) => config.endpoints as Endpoints;

/** Every query of one provider's saved videos (its pages and its filter values) starts with this key. */
export const savedVideosKey = (config: ProviderConfig) => ['saved-videos', config.provider] as const;

/** A saved or deleted record changes the pages and may add or remove a filter value. */
export const invalidateSavedVideos = (queryClient: QueryClient, config: ProviderConfig) =>
  refreshAfterChange(queryClient, savedVideosKey(config));
