import { publicConfig } from '@app/contracts';
import { useEffect, useState } from 'react';
import { api } from '@/lib/api';

/**
 * The zone admin tables show dates in (the server's TIME_ZONE). `undefined` while loading; when it cannot be
 * loaded, `null` (the browser's own zone is used).
 */
export function useTimeZone(): string | null | undefined {
  const [zone, setZone] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let active = true;
    api(publicConfig).then(
      (config) => active && setZone(config.timeZone),
      () => active && setZone(null),
    );
    return () => {
      active = false;
    };
  }, []);
  return zone;
}
