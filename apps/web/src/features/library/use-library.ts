import {
  LIBRARY_API,
  type Category,
  type LibraryName,
  type LibraryProgress,
  type Video,
} from '@app/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, ApiError } from '@/lib/api';

export const LOAD_CATEGORIES_ERROR = 'Error al cargar las categorías. Por favor, intenta de nuevo.';
export const LOAD_ERROR = 'Error al cargar datos';

export interface LibraryData {
  categories: Category[];
  videos: Video[];
  progress: LibraryProgress;
}

export interface LibraryState {
  data: LibraryData | null;
  loading: boolean;
  error: string | null;
  /** Loads everything again; `silent` keeps the current data on screen meanwhile (after a change). */
  reload: (options?: { silent?: boolean }) => Promise<void>;
  /** Sets the member's own watched mark, then refreshes the progress. Throws the Spanish error. */
  setWatched: (video: Video, visto: boolean) => Promise<void>;
}

/** Categories, videos (with this member's watched marks) and progress of one library. */
export function useLibrary(library: LibraryName): LibraryState {
  const endpoints = LIBRARY_API[library];
  const [data, setData] = useState<LibraryData | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const generation = useRef(0);

  const reload = useCallback(
    async ({ silent = false }: { silent?: boolean } = {}) => {
      const current = ++generation.current;
      if (!silent) setLoading(true);
      try {
        const [categories, videos, progress] = await Promise.all([
          api(endpoints.listCategories, undefined, { fallbackError: LOAD_CATEGORIES_ERROR }),
          api(endpoints.listVideos, undefined, { fallbackError: LOAD_ERROR }),
          api(endpoints.progress, undefined, { fallbackError: LOAD_ERROR }),
        ]);
        if (current !== generation.current) return;
        setData({ categories, videos, progress });
        setError(null);
      } catch (e) {
        if (current !== generation.current) return;
        setError(e instanceof ApiError ? e.message : LOAD_ERROR);
      } finally {
        if (current === generation.current) setLoading(false);
      }
    },
    [endpoints],
  );

  useEffect(() => {
    void reload();
  }, [reload]);

  const setWatched = useCallback(
    async (video: Video, visto: boolean) => {
      await api(endpoints.setWatched, { params: { id: video.id }, body: { visto } });
      setData(
        (current) =>
          current && {
            ...current,
            videos: current.videos.map((item) => (item.id === video.id ? { ...item, visto } : item)),
          },
      );
      const progress = await api(endpoints.progress).catch(() => null);
      if (progress) setData((current) => current && { ...current, progress });
    },
    [endpoints],
  );

  return { data, loading, error, reload, setWatched };
}
