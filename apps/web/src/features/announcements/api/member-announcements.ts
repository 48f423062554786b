import {
  announcementEmailChoiceGet,
  announcementEmailChoiceSave,
  announcementFeed,
  announcementRead,
  announcementUnsubscribe,
} from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshAfterChange } from '@/lib/query-client';
import { MESSAGES as M } from '../messages';

const feedOptions = (limit?: number) =>
  queryOptions({
    queryKey: ['announcements', 'feed', limit ?? 'all'],
    queryFn: () => api(announcementFeed, { query: limit ? { limit } : {} }, { fallbackError: M.load }),
  });

export const useFeed = (limit?: number) => useQuery(feedOptions(limit));

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
