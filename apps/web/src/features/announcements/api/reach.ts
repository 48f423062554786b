import { announcementReach, type Audience } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { MESSAGES as M } from '../messages';

const complete = (audience: Audience) =>
  !['roles', 'plans'].includes(audience.kind) || audience.ids.length > 0;

/** How many members the audience reaches now (and by email), read again as the audience changes. */
export const useReach = (audience: Audience) =>
  useQuery({
    queryKey: ['announcements', 'reach', audience],
    queryFn: () => api(announcementReach, { body: { audience } }, { fallbackError: M.reach }),
    enabled: complete(audience),
    placeholderData: keepPreviousData,
  });
