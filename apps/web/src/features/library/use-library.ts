import {
  LIBRARY_API,
  LIBRARY_PAGE_SIZE,
  pageCount,
  type Category,
  type LibraryName,
  type LibraryProgress,
  type Video,
  type VideoPage,
  type VideoSort,
} from '@app/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, ApiError } from '@/lib/api';

export const LOAD_CATEGORIES_ERROR = 'Error al cargar las categorías. Por favor, intenta de nuevo.';
export const LOAD_ERROR = 'Error al cargar datos';

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

export interface LibraryState {
  data: LibraryData | null;
  loading: boolean;
  error: string | null;
  query: VideoQuery;
  /** Shows another category (null = all), from its first page. */
  setCategory: (categoryId: number | null) => void;
  setPage: (page: number) => void;
  /** Loads everything again; `silent` keeps the current data on screen meanwhile (after a change). */
  reload: (options?: { silent?: boolean }) => Promise<void>;
  /** Sets the member's own watched mark, then refreshes the progress. Throws the Spanish error. */
  setWatched: (video: Video, visto: boolean) => Promise<void>;
}

const FIRST_PAGE: VideoQuery = { page: 1, categoryId: null };

/**
 * Categories, progress and one page of videos (with this member's watched marks) of one library, in the
 * given order. Turning the page or changing the category loads only the videos.
 */
export function useLibrary(library: LibraryName, sort: VideoSort): LibraryState {
  const endpoints = LIBRARY_API[library];
  const [data, setData] = useState<LibraryData | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [query, setQuery] = useState<VideoQuery>(FIRST_PAGE);
  // What the next request asks for: the query changes here at once (a reload right after a change asks for
  // the new page), the state re-renders.
  const current = useRef({ query, sort });
  current.current.sort = sort;
  const changeQuery = useCallback((next: (previous: VideoQuery) => VideoQuery) => {
    const updated = next(current.current.query);
    current.current.query = updated;
    setQuery(updated);
  }, []);

  // The latest full load and the latest videos load each win over older ones of their kind; a full load
  // overtaken by a page turn still brings its categories and progress.
  const allRun = useRef(0);
  const videosRun = useRef(0);

  const load = useCallback(
    async (what: 'all' | 'videos', { silent = false }: { silent?: boolean } = {}) => {
      const full = what === 'all' ? ++allRun.current : 0;
      const run = ++videosRun.current;
      if (full && !silent) setLoading(true);
      const wanted = current.current.query;
      const isCurrent = () => run === videosRun.current || (full !== 0 && full === allRun.current);
      try {
        const videosRequest = api(
          endpoints.listVideos,
          {
            query: {
              page: wanted.page,
              pageSize: LIBRARY_PAGE_SIZE,
              sort: current.current.sort,
              ...(wanted.categoryId === null ? {} : { categoria_id: wanted.categoryId }),
            },
          },
          { fallbackError: LOAD_ERROR },
        );
        const [categories, videos, progress] = await Promise.all([
          full ? api(endpoints.listCategories, undefined, { fallbackError: LOAD_CATEGORIES_ERROR }) : null,
          videosRequest,
          full ? api(endpoints.progress, undefined, { fallbackError: LOAD_ERROR }) : null,
        ]);
        const freshVideos = run === videosRun.current;
        if (!isCurrent()) return;
        setData((previous) => {
          const base =
            categories && progress && full === allRun.current
              ? { categories, progress, videos: previous?.videos ?? videos }
              : previous;
          return base && { ...base, videos: freshVideos ? videos : base.videos };
        });
        setError(null);
        // A page past the end (after deletions): show the last page instead.
        if (freshVideos && videos.items.length === 0 && videos.total > 0 && wanted.page > 1) {
          const last = pageCount(videos.total, videos.pageSize);
          changeQuery((q) => (q === wanted ? { ...q, page: last } : q));
        }
      } catch (e) {
        if (!isCurrent()) return;
        setError(e instanceof ApiError ? e.message : LOAD_ERROR);
      } finally {
        if (full && full === allRun.current) setLoading(false);
      }
    },
    [endpoints, changeQuery],
  );

  useEffect(() => {
    void load('all');
  }, [load]);

  // After the first load, a new page, category or order loads only the videos.
  const loaded = useRef(false);
  useEffect(() => {
    if (!loaded.current) {
      loaded.current = true;
      return;
    }
    void load('videos', { silent: true });
  }, [query, sort, load]);

  const reload = useCallback((options?: { silent?: boolean }) => load('all', options), [load]);
  const setCategory = useCallback(
    (categoryId: number | null) => changeQuery(() => ({ page: 1, categoryId })),
    [changeQuery],
  );
  const setPage = useCallback((page: number) => changeQuery((q) => ({ ...q, page })), [changeQuery]);

  const setWatched = useCallback(
    async (video: Video, visto: boolean) => {
      await api(endpoints.setWatched, { params: { id: video.id }, body: { visto } });
      setData(
        (previous) =>
          previous && {
            ...previous,
            videos: {
              ...previous.videos,
              items: previous.videos.items.map((item) => (item.id === video.id ? { ...item, visto } : item)),
            },
          },
      );
      const progress = await api(endpoints.progress).catch(() => null);
      if (progress) setData((previous) => previous && { ...previous, progress });
    },
    [endpoints],
  );

  return { data, loading, error, query, setCategory, setPage, reload, setWatched };
}
