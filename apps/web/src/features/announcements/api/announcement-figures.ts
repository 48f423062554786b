import { announcementStats } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { MESSAGES as M } from '../messages';

export const useAnnouncementFigures = () =>
  useQuery({
    queryKey: ['announcements', 'figures'],
    queryFn: () => api(announcementStats, {}, { fallbackError: M.load }),
  });
