import { pageCount, type Page } from '@app/contracts';
import { useEffect } from 'react';

/**
 * After a delete empties the last page, shows the new last page instead of an empty one. Only the list's own
 * answer counts: placeholder data (the previous page, kept while the next one loads) would step back too soon.
 */
export function usePageInRange(
  list: { data?: Pick<Page<unknown>, 'total' | 'pageSize'>; isPlaceholderData: boolean },
  page: number,
  setPage: (page: number) => void,
): void {
  const lastPage =
    list.data && !list.isPlaceholderData ? pageCount(list.data.total, list.data.pageSize) : null;
  useEffect(() => {
    if (lastPage !== null && page > lastPage) setPage(lastPage);
  }, [lastPage, page, setPage]);
}
