import { publicConfig, type PublicConfig } from '@app/contracts';
import { useEffect, useState } from 'react';
import { api } from '@/lib/api';

export type PublicConfigState =
  { status: 'loading'; data: null } | { status: 'ready'; data: PublicConfig | null };

/** Browser-visible settings; `data` is null when they could not be loaded (the dashboard then degrades). */
export function usePublicConfig(): PublicConfigState {
  const [state, setState] = useState<PublicConfigState>({ status: 'loading', data: null });

  useEffect(() => {
    let active = true;
    api(publicConfig).then(
      (data) => active && setState({ status: 'ready', data }),
      () => active && setState({ status: 'ready', data: null }),
    );
    return () => {
      active = false;
    };
  }, []);

  return state;
}
