import { passkeySignIn, passkeySignInOptions, MESSAGES } from '@app/contracts';
import { api } from '@/lib/api';
import { cancelPasskeyRequest, getPasskey, isPasskeyCancelled, passkeyErrorMessage } from '@/lib/webauthn';

/*
 * Signing in with a passkey, loaded on demand like the password login's call (./login.ts): it brings the API
 * client, zod and the browser's WebAuthn code, none of which the login page needs to be drawn.
 */

/**
 * The autofill offer ended before the visitor chose a passkey: the browser refused the site (an IP address is no
 * passkey domain), or the challenge did not arrive. Nobody asked for it, and the password form still works.
 */
class AutofillUnavailable extends Error {
  override readonly name = 'AutofillUnavailable';
}

/**
 * The server's challenge, the browser's assertion, the server's check. `autofill`: the browser offers the
 * passkeys in the email field's suggestions and this waits until the member picks one.
 */
export async function signInWithPasskey(autofill: boolean) {
  let response;
  try {
    response = await getPasskey(await api(passkeySignInOptions), autofill);
  } catch (error) {
    throw autofill ? new AutofillUnavailable('autofill unavailable', { cause: error }) : error;
  }
  return api(passkeySignIn, { body: { response } }, { fallbackError: MESSAGES.loginFailed });
}

/**
 * What to tell the member of a failed passkey sign-in; null when they closed the dialog, or when the autofill
 * offer ended before they chose a passkey (nothing they did failed).
 */
export const passkeySignInFailure = (error: unknown): string | null =>
  error instanceof AutofillUnavailable || isPasskeyCancelled(error)
    ? null
    : passkeyErrorMessage(error, MESSAGES.loginFailed);

export { cancelPasskeyRequest };
