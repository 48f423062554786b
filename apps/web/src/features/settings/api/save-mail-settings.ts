import { NOTIFICATION_MESSAGES as M, saveMailSettings, type MailSettings } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshAfterChange } from '@/lib/query-client';
import { mailSettingsQueryOptions } from './get-mail-settings';

export const useSaveMailSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MailSettings) => api(saveMailSettings, { body }, { fallbackError: M.save }),
    onSuccess: () => refreshAfterChange(queryClient, mailSettingsQueryOptions().queryKey),
  });
};
