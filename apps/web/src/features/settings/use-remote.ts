import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api';

export interface Remote<T> {
  data: T | null;
  loading: boolean;
  error: string | null;
  reload: () => void;
}

/** The Spanish message of a failed call: the server's own when it sent one, else the fallback. */
export const errorMessage = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.message.trim() !== '' ? error.message : fallback;

/**
 * Loads data and reloads it whenever `key` changes (or `reload` is called). The previous data stays shown
 * while the next load runs, so paging does not flash the loading state; a late answer never wins.
 */
export function useRemote<T>(load: () => Promise<T>, key: string, fallbackError: string): Remote<T> {
  const loadRef = useRef(load);
  loadRef.current = load;
  const [version, setVersion] = useState(0);
  const [state, setState] = useState<Omit<Remote<T>, 'reload'>>({ data: null, loading: true, error: null });

  useEffect(() => {
    let active = true;
    setState((previous) => ({ ...previous, loading: true, error: null }));
    loadRef.current().then(
      (data) => active && setState({ data, loading: false, error: null }),
      (error: unknown) =>
        active &&
        setState((previous) => ({ ...previous, loading: false, error: errorMessage(error, fallbackError) })),
    );
    return () => {
      active = false;
    };
  }, [key, version, fallbackError]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { ...state, reload };
}
