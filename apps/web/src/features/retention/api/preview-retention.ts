import { previewRetention, RETENTION_MESSAGES as M, type RetentionSettings } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** What the next purge would remove with these days: asked before saving a shorter period. */
export const usePreviewRetention = () =>
  useMutation({
    mutationFn: (body: RetentionSettings) => api(previewRetention, { body }, { fallbackError: M.preview }),
  });
