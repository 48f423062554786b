import { useCallback, useEffect, useState } from 'react';

/**
 * A list loaded from the server while `enabled` (at once, and each time it turns true), with loading and error
 * states for `ListState`. `load` must be stable (a module-level function); on failure `error` is `failedMessage`.
 */
export function useList<T>(load: () => Promise<T[]>, failedMessage: string, enabled = true) {
  const [items, setItems] = useState<T[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    setLoading(true);
    setError(null);
    try {
      setItems(await load());
    } catch {
      setError(failedMessage);
    } finally {
      setLoading(false);
    }
  }, [load, failedMessage]);

  useEffect(() => {
    if (enabled) void reload();
  }, [enabled, reload]);

  return { items, setItems, loading, error, reload };
}
