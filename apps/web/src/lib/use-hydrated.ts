import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while React hydrates a page the server sent already drawn (and in that drawing), true from then on and in
 * any render of the browser's own: a prerendered form stays disabled until its handlers are attached, so nothing
 * typed or clicked before is lost or sent by the browser itself.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
