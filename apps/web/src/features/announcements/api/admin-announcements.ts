import {
  announcementAudienceOptions,
  announcementGet,
  announcementRecipientsList,
  announcementsList,
} from '@app/contracts';
import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { MESSAGES as M } from '../messages';

/** A list read a page at a time: each «Cargar más» reads the page after the last one's key. */
const keyedPages = { initialPageParam: undefined as string | undefined };
const nextKey = (last: { next: string | null }) => last.next ?? undefined;

/** The announcements, newest first, a page at a time. */
export const useAnnouncementsList = () =>
  useInfiniteQuery({
    queryKey: ['announcements', 'list'],
    queryFn: ({ pageParam }) =>
      api(announcementsList, { query: pageParam ? { after: pageParam } : {} }, { fallbackError: M.load }),
    ...keyedPages,
    getNextPageParam: nextKey,
  });

/** The recipients of an announcement whose mail failed, or whose outcome is unknown, a page at a time. */
export const useRecipients = (id: number, status: 'unknown' | 'failed', enabled: boolean) =>
  useInfiniteQuery({
    queryKey: ['announcements', 'recipients', id, status],
    queryFn: ({ pageParam }) =>
      api(
        announcementRecipientsList,
        { params: { id }, query: { status, ...(pageParam ? { after: pageParam } : {}) } },
        { fallbackError: M.load },
      ),
    ...keyedPages,
    getNextPageParam: nextKey,
    enabled,
  });

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
