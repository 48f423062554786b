import {
  announcementControl,
  announcementCreate,
  announcementDelete,
  announcementPreview,
  announcementPublish,
  announcementSendTest,
  announcementUpdate,
  type AnnouncementDraft,
} from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { refreshAfterChange } from '@/lib/query-client';
import { MESSAGES as M } from '../messages';

const useRefresh = () => {
  const queryClient = useQueryClient();
  return () => refreshAfterChange(queryClient, ['announcements']);
};

/** Saves a draft: a new one, or the one with `id`. */
export const useSaveDraft = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: AnnouncementDraft }) =>
      id === null
        ? api(announcementCreate, { body }, { fallbackError: M.save })
        : api(announcementUpdate, { params: { id }, body }, { fallbackError: M.save }),
    onSuccess: refresh,
  });
};

export const useDeleteDraft = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api(announcementDelete, { params: { id } }, { fallbackError: M.save }),
    onSuccess: refresh,
  });
};

export const usePreview = () =>
  useMutation({
    mutationFn: (body: { titulo: string; cuerpo_html: string }) =>
      api(announcementPreview, { body }, { fallbackError: M.preview }),
  });

export const useSendTest = () =>
  useMutation({
    mutationFn: (id: number) => api(announcementSendTest, { params: { id } }, { fallbackError: M.test }),
  });

export const usePublish = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, publish_at }: { id: number; publish_at: string | null }) =>
      api(announcementPublish, { params: { id }, body: { publish_at } }, { fallbackError: M.publish }),
    onSuccess: refresh,
  });
};

export const useControl = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'pause' | 'resume' | 'cancel' }) =>
      api(announcementControl, { params: { id }, body: { action } }, { fallbackError: M.control }),
    onSuccess: refresh,
  });
};
