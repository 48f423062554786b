import {
  HISTORY_MESSAGES as M,
  HISTORY_PAGE_SIZE,
  listHistory,
  type HistoryKind,
  type PagePosition,
} from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The Historial filters; '' is "any". */
export interface HistoryFilters {
  actor: string;
  kind: HistoryKind | '';
  /** AAAA-MM-DD, days of the server's time zone. */
  from: string;
  to: string;
}

/** The filters as the API takes them (empty ones left out). */
export const historyFilterInput = ({ actor, kind, from, to }: HistoryFilters) => ({
  ...(actor ? { actor_id: Number(actor) } : {}),
  ...(kind ? { kind } : {}),
  ...(from ? { from } : {}),
  ...(to ? { to } : {}),
});

const historyQueryOptions = (position: PagePosition, filters: HistoryFilters) =>
  queryOptions({
    queryKey: ['history', { ...position, ...filters }],
    queryFn: () =>
      api(
        listHistory,
        { query: { ...position, pageSize: HISTORY_PAGE_SIZE, ...historyFilterInput(filters) } },
        { fallbackError: M.load },
      ),
  });

/** One page of the history; the previous page stays on screen while the next one loads. */
export const useHistory = (position: PagePosition, filters: HistoryFilters) =>
  useQuery({ ...historyQueryOptions(position, filters), placeholderData: keepPreviousData });
