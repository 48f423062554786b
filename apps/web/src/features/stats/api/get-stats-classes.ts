import {
  STATS_MESSAGES as M,
  statsClassExport,
  statsClassList,
  type LibraryName,
  type PagePosition,
} from '@app/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** One page of a library's classes; the page shown stays on screen while the next one loads. */
export const useStatsClasses = (library: LibraryName, position: PagePosition) =>
  useQuery({
    queryKey: ['stats', 'classes', library, position],
    queryFn: () => api(statsClassList, { query: { library, ...position } }, { fallbackError: M.load }),
    placeholderData: keepPreviousData,
  });

/** Every class of a library as a CSV file. */
export const useExportStatsClasses = (library: LibraryName) =>
  useMutation({
    mutationFn: () => api(statsClassExport, { query: { library } }, { fallbackError: M.exportClasses }),
  });
