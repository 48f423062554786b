import { BILLING_FILTER_PARAM, BillingFilter, type PagePosition } from '@app/contracts';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { usePageInRange } from '@/lib/use-page-in-range';
import { useUsers, type UsersQuery } from './api/get-users';

const SEARCH_DELAY_MS = 300;

/** The query's search and filters without its page position (a new one starts from page 1). */
const filtersOf = ({ search, pending, billing }: UsersQuery) => ({ search, pending, billing });

/**
 * The accounts table's query: page, search, the "pending only" filter and the subscription filter. A new
 * search or filter starts again from the first page. `/config?pendientes=1` (the link in the new-registration email) opens on the accounts
 * waiting for activation; `/config?suscripcion=subscribed` (a figure of Estadísticas) on the members with a
 * subscription.
 */
export function useUsersList() {
  const [searchParams] = useSearchParams();
  // What the search box shows; `query.search` is what the server is asked for.
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState<UsersQuery>({
    page: 1,
    search: '',
    pending: searchParams.get('pendientes') === '1',
    billing: BillingFilter.safeParse(searchParams.get(BILLING_FILTER_PARAM)).data ?? '',
  });
  // A page number alone reads by offset; Anterior / Siguiente add the key that seeks to their page.
  const setPosition = ({ page, after, before }: PagePosition) =>
    setQuery((q) => ({ ...filtersOf(q), page, after, before }));
  const setPage = (page: number) => setPosition({ page });
  const setPending = (pending: boolean) => setQuery((q) => ({ ...filtersOf(q), pending, page: 1 }));
  const setBilling = (billing: BillingFilter | '') =>
    setQuery((q) => ({ ...filtersOf(q), billing, page: 1 }));

  // Ask the server once typing pauses, not on every key.
  useEffect(() => {
    const timer = setTimeout(() => {
      const trimmed = search.trim();
      setQuery((q) => (q.search === trimmed ? q : { ...filtersOf(q), search: trimmed, page: 1 }));
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const users = useUsers(query);
  usePageInRange(users, query.page, setPage);
  return { search, setSearch, query, setPage, setPosition, setPending, setBilling, users };
}
