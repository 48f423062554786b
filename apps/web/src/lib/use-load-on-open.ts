import { useEffect, useState } from 'react';

/**
 * Loads something each time a dialog opens (`opened` turns true): `data` is null while it loads, `error` the
 * given message when it fails. An answer that comes after the dialog closed is ignored.
 */
export function useLoadOnOpen<T>(
  opened: boolean,
  load: () => Promise<T>,
  failedMessage: string,
  onLoaded?: (value: T) => void,
): { data: T | null; error: string | null } {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!opened) return;
    let active = true;
    setData(null);
    setError(null);
    load()
      .then((loaded) => {
        if (!active) return;
        setData(loaded);
        onLoaded?.(loaded);
      })
      .catch(() => active && setError(failedMessage));
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reload each time the dialog opens
  }, [opened]);

  return { data, error };
}
