import { create } from 'zustand';

/*
 * Sudo mode in the browser: the API answers a sensitive change (adding a passkey or the authenticator app,
 * renewing backup codes, a new email) with 403 `field: 'reauth'` until the member confirms who they are. The API
 * client asks here; the dialog (components/confirm-identity-dialog.tsx) answers, and the client retries the
 * request once. Kept free of zod and the contracts so the entry chunk can hold it.
 */

interface ReauthState {
  /** Settles the request waiting for the dialog: true once the identity is confirmed, false if dismissed. */
  settle: ((confirmed: boolean) => void) | null;
}

export const useReauth = create<ReauthState>(() => ({ settle: null }));

let waiting: Promise<boolean> | null = null;

/** Opens the dialog (once, however many requests ask) and resolves with its outcome. */
export function requestReauth(): Promise<boolean> {
  waiting ??= new Promise<boolean>((resolve) => {
    useReauth.setState({
      settle: (confirmed) => {
        waiting = null;
        useReauth.setState({ settle: null });
        resolve(confirmed);
      },
    });
  });
  return waiting;
}
