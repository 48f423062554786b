import { pageCount, VIDEO_MESSAGES, type videoTools } from '@app/contracts';
import { useCallback, useEffect, useState } from 'react';
import { api } from '@/lib/api';
import type { ProviderConfig, VideoView } from './providers';

// Both providers' endpoints have the same shape; the real endpoint (and its response schema) is used at run time.
type Endpoints = typeof videoTools.youtube;

export interface SavedVideosState {
  items: VideoView[];
  total: number;
  page: number;
  totalPages: number;
  filter: string;
  filters: string[];
  loading: boolean;
  error: string | null;
  setPage: (page: number) => void;
  setFilter: (filter: string) => void;
  reload: () => void;
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The admin's saved-video list of one provider: server-side pages and filter, reloaded on demand. */
export function useSavedVideos(config: ProviderConfig, enabled: boolean): SavedVideosState {
  const endpoints = config.endpoints as Endpoints;
  const [page, setPage] = useState(1);
  const [filter, setFilterState] = useState('');
  const [version, setVersion] = useState(0);
  const [data, setData] = useState<{ items: VideoView[]; total: number; totalPages: number }>({
    items: [],
    total: 0,
    totalPages: 1,
  });
  const [filters, setFilters] = useState<string[]>([]);
  const [loading, setLoading] = useState(enabled);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!enabled) return;
    let active = true;
    setLoading(true);
    setError(null);
    api(endpoints.list, { query: { page, ...(filter ? { filter } : {}) } }).then(
      (result) => {
        if (!active) return;
        // A deletion may leave the current page past the end: show the last one instead.
        const totalPages = pageCount(result.total, result.pageSize);
        if (page > totalPages) {
          setPage(totalPages);
          return;
        }
        setData({
          items: result.items.map((item) => config.toView(item)),
          total: result.total,
          totalPages,
        });
        setLoading(false);
      },
      (failure: unknown) => {
        if (!active) return;
        setError(filter ? config.filterError : VIDEO_MESSAGES.loadError(reason(failure)));
        setLoading(false);
      },
    );
    return () => {
      active = false;
    };
  }, [config, endpoints, enabled, page, filter, version]);

  useEffect(() => {
    if (!enabled) return;
    let active = true;
    api(endpoints.filters).then(
      (values) => active && setFilters(values),
      () => active && setFilters([]),
    );
    return () => {
      active = false;
    };
  }, [endpoints, enabled, version]);

  const setFilter = useCallback((value: string) => {
    setFilterState(value);
    setPage(1);
  }, []);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  return { ...data, page, filter, filters, loading, error, setPage, setFilter, reload };
}
