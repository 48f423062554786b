import {
  listRedgramHistory,
  REDGRAM_HISTORY_PAGE_SIZE,
  REDGRAM_MESSAGES,
  type PagePosition,
} from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const historyKey = ['redgram', 'history'] as const;

const historyQueryOptions = ({ position, search }: { position: PagePosition; search: string }) =>
  queryOptions({
    queryKey: [...historyKey, { ...position, search }],
    queryFn: () =>
      api(
        listRedgramHistory,
        { query: { ...position, pageSize: REDGRAM_HISTORY_PAGE_SIZE, ...(search ? { q: search } : {}) } },
        { fallbackError: REDGRAM_MESSAGES.loadLogsFailed },
      ),
  });

/** One page of the member's own history ("Mi historial"); the previous page stays shown while the next loads. */
export const useHistory = (query: { position: PagePosition; search: string }) =>
  useQuery({ ...historyQueryOptions(query), placeholderData: keepPreviousData });
