import { announcementAudienceOptions, announcementGet, announcementsList } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { MESSAGES as M } from '../messages';

const announcementsListOptions = () =>
  queryOptions({
    queryKey: ['announcements', 'list'],
    queryFn: () => api(announcementsList, {}, { fallbackError: M.load }),
  });

export const useAnnouncementsList = () => useQuery(announcementsListOptions());

const announcementOptions = (id: number) =>
  queryOptions({
    queryKey: ['announcements', 'one', id],
    queryFn: () => api(announcementGet, { params: { id } }, { fallbackError: M.load }),
  });

/** One announcement; while it is being sent, its progress is read again every two seconds. */
export const useAnnouncement = (id: number | null) =>
  useQuery({
    ...announcementOptions(id ?? 0),
    enabled: id !== null,
    refetchInterval: (query) =>
      ['sending', 'scheduled'].includes(query.state.data?.status ?? '') ? 2000 : false,
  });

export const useAudienceOptions = () =>
  useQuery({
    queryKey: ['announcements', 'audience-options'],
    queryFn: () => api(announcementAudienceOptions, {}, { fallbackError: M.load }),
  });
