import { useSyncExternalStore } from 'react';
import { createStore } from 'zustand/vanilla';

/*
 * Sudo mode in the browser: the API answers a sensitive change (adding a passkey or the authenticator app,
 * renewing backup codes, a new email) with 403 `field: 'reauth'` until the member confirms who they are. The API
 * client asks here; the dialog (components/confirm-identity-dialog.tsx) answers, and the client retries the
 * request once. Kept free of zod and the contracts so the entry chunk can hold it (zustand's vanilla store, as
 * the session store uses, rather than its React binding).
 */

interface ReauthState {
  /** Settles the request waiting for the dialog: true once the identity is confirmed, false if dismissed. */
  settle: ((confirmed: boolean) => void) | null;
}

const store = createStore<ReauthState>(() => ({ settle: null }));

/** The dialog's settle function while a request waits for it, else null. */
export const useReauthSettle = (): ReauthState['settle'] =>
  useSyncExternalStore(
    store.subscribe,
    () => store.getState().settle,
    () => null,
  );

let waiting: Promise<boolean> | null = null;

/** Opens the dialog (once, however many requests ask) and resolves with its outcome. */
export function requestReauth(): Promise<boolean> {
  waiting ??= new Promise<boolean>((resolve) => {
    store.setState({
      settle: (confirmed) => {
        waiting = null;
        store.setState({ settle: null });
        resolve(confirmed);
      },
    });
  });
  return waiting;
}
