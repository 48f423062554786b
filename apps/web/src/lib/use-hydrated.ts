import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while React hydrates a prerendered page (and in the prerender itself), true from then on and in any
 * client render: a prerendered form stays disabled until its handlers are attached, so nothing
 * typed or clicked before is lost or sent by the browser itself.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
