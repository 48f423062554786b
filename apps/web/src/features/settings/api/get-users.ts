import {
  listUsers,
  SETTINGS_MESSAGES as M,
  USERS_PAGE_SIZE,
  type BillingFilter,
  type PagePosition,
} from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The page (and the key that seeks to it, from Anterior / Siguiente), search and filter. */
export interface UsersQuery extends PagePosition {
  /** Trimmed search text; '' for none. */
  search: string;
  /** Only accounts waiting for activation. */
  pending: boolean;
  /** Only members with a subscription in the filter's statuses; '' for everyone. */
  billing: BillingFilter | '';
}

const usersQueryOptions = ({ page, after, before, search, pending, billing }: UsersQuery) =>
  queryOptions({
    queryKey: ['users', { page, after, before, search, pending, billing }],
    queryFn: () =>
      api(
        listUsers,
        {
          query: {
            page,
            ...(after ? { after } : {}),
            ...(before ? { before } : {}),
            pageSize: USERS_PAGE_SIZE,
            ...(search ? { search } : {}),
            ...(pending ? { pending: 'true' } : {}),
            ...(billing ? { billing } : {}),
          },
        },
        { fallbackError: M.loadUsers },
      ),
  });

/** One page of the admin's user list; the previous page stays on screen while the next one loads. */
export const useUsers = (query: UsersQuery) =>
  useQuery({ ...usersQueryOptions(query), placeholderData: keepPreviousData });
