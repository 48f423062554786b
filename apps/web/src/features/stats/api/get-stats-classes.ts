import {
  STATS_MESSAGES as M,
  statsClassCategories,
  statsClassExport,
  statsClassList,
  type LibraryName,
  type PagePosition,
} from '@app/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** One page of a library's classes; the page shown stays on screen while the next one loads. */
export const useStatsClasses = (library: LibraryName, position: PagePosition, categoria?: number) =>
  useQuery({
    queryKey: ['stats', 'classes', library, categoria ?? null, position],
    queryFn: () =>
      api(
        statsClassList,
        { query: { library, ...position, ...(categoria ? { categoria } : {}) } },
        { fallbackError: M.load },
      ),
    placeholderData: keepPreviousData,
  });

/** The categories of a library's classes, for the table's filter. */
export const useStatsClassCategories = (library: LibraryName) =>
  useQuery({
    queryKey: ['stats', 'class-categories', library],
    queryFn: () => api(statsClassCategories, { query: { library } }, { fallbackError: M.load }),
  });

/** Every class of a library as a CSV file. */
export const useExportStatsClasses = (library: LibraryName) =>
  useMutation({
    mutationFn: () => api(statsClassExport, { query: { library } }, { fallbackError: M.exportClasses }),
  });
