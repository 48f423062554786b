import { STATS_MESSAGES as M, statsChartExport, type StatsChartExportQuery } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** A chart's numbers for a range as a CSV file, written by the server. */
export const useExportStatsChart = (query: StatsChartExportQuery) =>
  useMutation({
    mutationFn: () => api(statsChartExport, { query }, { fallbackError: M.exportChart }),
  });
