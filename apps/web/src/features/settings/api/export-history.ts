import { exportHistory, HISTORY_MESSAGES as M, type HistoryExportBody } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The filtered history as a CSV file (a read: nothing to refresh afterwards). */
export const useExportHistory = () =>
  useMutation({
    mutationFn: (body: HistoryExportBody) => api(exportHistory, { body }, { fallbackError: M.export }),
  });
