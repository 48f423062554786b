import {
  announcementEmailChoiceGet,
  announcementEmailChoiceSave,
  announcementFeed,
  announcementRead,
  announcementUnsubscribe,
} from '@app/contracts';
import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshAfterChange } from '@/lib/query-client';
import { MESSAGES as M } from '../messages';

const feedOptions = (limit?: number) =>
  queryOptions({
    queryKey: ['announcements', 'feed', limit ?? 'all'],
    queryFn: () => api(announcementFeed, { query: limit ? { limit } : {} }, { fallbackError: M.load }),
  });

export const useFeed = (limit?: number) => useQuery(feedOptions(limit));

/** /mis-comunicados: the member's announcements a page at a time (each «Cargar más» reads the next page). */
export const useFeedPages = () =>
  useInfiniteQuery({
    queryKey: ['announcements', 'feed', 'pages'],
    queryFn: ({ pageParam }) =>
      api(announcementFeed, { query: pageParam ? { after: pageParam } : {} }, { fallbackError: M.load }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
  });

/** A published announcement (its web copy); reading it marks it read, so the feed is read again. */
export const useReadAnnouncement = (id: number) => {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['announcements', 'read', id],
    queryFn: async () => {
      const answer = await api(announcementRead, { params: { id } }, { fallbackError: M.load });
      void queryClient.invalidateQueries({ queryKey: ['announcements', 'feed'] });
      return answer;
    },
  });
};

const choiceOptions = () =>
  queryOptions({
    queryKey: ['announcements', 'email-choice'],
    queryFn: () => api(announcementEmailChoiceGet, {}, { fallbackError: M.load }),
  });

export const useEmailChoice = () => useQuery(choiceOptions());

export const useSaveEmailChoice = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (receive: boolean) =>
      api(announcementEmailChoiceSave, { body: { receive } }, { fallbackError: M.choice }),
    onSuccess: () => refreshAfterChange(queryClient, choiceOptions().queryKey),
  });
};

export const useUnsubscribe = () =>
  useMutation({
    mutationFn: (token: string) =>
      api(announcementUnsubscribe, { query: { token } }, { fallbackError: M.unsubscribe }),
  });
