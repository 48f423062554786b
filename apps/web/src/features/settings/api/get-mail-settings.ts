import { getMailSettings, NOTIFICATION_MESSAGES as M } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const mailSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['mail-settings'],
    queryFn: () => api(getMailSettings, {}, { fallbackError: M.load }),
  });

/** Loaded afresh each time the dialog opens. */
export const useMailSettings = (opened: boolean) =>
  useQuery({ ...mailSettingsQueryOptions(), enabled: opened });
