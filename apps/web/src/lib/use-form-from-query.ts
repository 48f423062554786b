import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * A settings dialog over a query: `fill` puts the loaded settings into the form each time a load finishes (every
 * opening loads them afresh), so the form never shows stale values. `data` is null until then; `loadError` is
 * `failedMessage` when the load failed.
 */
export function useFormFromQuery<Data>(
  query: UseQueryResult<Data>,
  fill: (data: Data) => void,
  failedMessage: string,
): { data: Data | null; loadError: string | null } {
  const data = query.data !== undefined && !query.isFetching ? query.data : null;
  useEffect(() => {
    if (data !== null) fill(data);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `fill` changes every render; fill once per load
  }, [data]);
  return { data, loadError: query.isError ? failedMessage : null };
}
