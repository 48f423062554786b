import type { PagePosition } from '@app/contracts';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { usePageInRange } from '@/lib/use-page-in-range';
import { useUsers, type UsersQuery } from './api/get-users';

const SEARCH_DELAY_MS = 300;

/**
 * The accounts table's query: page, search and the "pending only" filter. A new search or filter starts again
 * from the first page. `/config?pendientes=1` (the link in the new-registration email) opens on the accounts
 * waiting for activation.
 */
export function useUsersList() {
  const [searchParams] = useSearchParams();
  // What the search box shows; `query.search` is what the server is asked for.
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState<UsersQuery>({
    page: 1,
    search: '',
    pending: searchParams.get('pendientes') === '1',
  });
  // A page number alone reads by offset; Anterior / Siguiente add the key that seeks to their page.
  const setPosition = ({ page, after, before }: PagePosition) =>
    setQuery((q) => ({ search: q.search, pending: q.pending, page, after, before }));
  const setPage = (page: number) => setPosition({ page });
  const setPending = (pending: boolean) => setQuery((q) => ({ search: q.search, pending, page: 1 }));

  // Ask the server once typing pauses, not on every key.
  useEffect(() => {
    const timer = setTimeout(() => {
      const trimmed = search.trim();
      setQuery((q) => (q.search === trimmed ? q : { pending: q.pending, search: trimmed, page: 1 }));
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const users = useUsers(query);
  usePageInRange(users, query.page, setPage);
  return { search, setSearch, query, setPage, setPosition, setPending, users };
}
