import {
  pageCount,
  type Category,
  type LibraryName,
  type LibraryProgress,
  type VideoPage,
  type VideoSort,
} from '@app/contracts';
import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '@/lib/query-client';
import type { LibraryConfig } from './library-config';
import { useCategories } from './api/get-categories';
import { LOAD_ERROR, useProgress } from './api/get-progress';
import { useVideos } from './api/get-videos';

export interface LibraryData {
  categories: Category[];
  /** The page of videos on screen (the server pages, filters and orders them). */
  videos: VideoPage;
  progress: LibraryProgress;
}

/** Which page of videos is on screen: page number and category (null = all). */
export interface VideoQuery {
  page: number;
  categoryId: number | null;
}

export interface LibraryView {
  /** Everything the screen shows, once all of it has loaded. */
  data: LibraryData | null;
  loading: boolean;
  error: string | null;
  /** Loads again what failed. */
  retry: () => void;
  query: VideoQuery;
  /** Shows another category (null = all), from its first page. */
  setCategory: (categoryId: number | null) => void;
  setPage: (page: number) => void;
}

/** What the member and management views are given. */
export interface LibraryViewProps {
  library: LibraryName;
  config: LibraryConfig;
  data: LibraryData;
  state: Pick<LibraryView, 'query' | 'setCategory' | 'setPage'>;
}

const FIRST_PAGE: VideoQuery = { page: 1, categoryId: null };

/**
 * Categories, progress and one page of videos of one library in the given order, with the page and category
 * on screen. Turning the page keeps the current one shown until the next arrives.
 */
export function useLibraryView(library: LibraryName, sort: VideoSort): LibraryView {
  const [query, setQuery] = useState<VideoQuery>(FIRST_PAGE);
  const categories = useCategories(library);
  const progress = useProgress(library);
  const videos = useVideos(library, { ...query, sort });

  // A page past the end (after deletions): show the last page instead.
  const shown = videos.isPlaceholderData ? undefined : videos.data;
  useEffect(() => {
    if (shown?.items.length === 0 && shown.total > 0 && query.page > 1) {
      setQuery((q) => ({ ...q, page: pageCount(shown.total, shown.pageSize) }));
    }
  }, [shown, query.page]);

  const failed = [categories, videos, progress].find((result) => result.isError);
  const data =
    categories.data && progress.data && videos.data
      ? { categories: categories.data, progress: progress.data, videos: videos.data }
      : null;

  const retry = () => {
    for (const result of [categories, videos, progress]) if (result.isError) void result.refetch();
  };
  const setCategory = useCallback((categoryId: number | null) => setQuery({ page: 1, categoryId }), []);
  const setPage = useCallback((page: number) => setQuery((q) => ({ ...q, page })), []);

  return {
    data,
    loading: !failed && !data,
    error: failed ? errorMessage(failed.error, LOAD_ERROR) : null,
    retry,
    query,
    setCategory,
    setPage,
  };
}
