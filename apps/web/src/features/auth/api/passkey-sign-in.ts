import { passkeySignIn, passkeySignInOptions, MESSAGES } from '@app/contracts';
import { api } from '@/lib/api';
import { cancelPasskeyRequest, getPasskey, isPasskeyCancelled, passkeyErrorMessage } from '@/lib/webauthn';

/*
 * Signing in with a passkey, loaded on demand like the password login's call (./login.ts): it brings the API
 * client, zod and the browser's WebAuthn code, none of which the login page needs to be drawn.
 */

/**
 * The server's challenge, the browser's assertion, the server's check. `autofill`: the browser offers the
 * passkeys in the email field's suggestions and this waits until the member picks one.
 */
export async function signInWithPasskey(autofill: boolean) {
  const options = await api(passkeySignInOptions);
  const response = await getPasskey(options, autofill);
  return api(passkeySignIn, { body: { response } }, { fallbackError: MESSAGES.loginFailed });
}

/** What to tell the member of a failed passkey sign-in; null when they closed the dialog (nothing failed). */
export const passkeySignInFailure = (error: unknown): string | null =>
  isPasskeyCancelled(error) ? null : passkeyErrorMessage(error, MESSAGES.loginFailed);

export { cancelPasskeyRequest };
