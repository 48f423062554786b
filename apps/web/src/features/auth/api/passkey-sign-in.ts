import { passkeySignIn, passkeySignInOptions, MESSAGES } from '@app/contracts';
import { api } from '@/lib/api';
import { getPasskey } from '@/lib/webauthn';

/**
 * Signing in with a passkey: the server's challenge, the browser's assertion, the server's check. Loaded on
 * demand like the password login's call (./login.ts). `autofill`: the browser offers the passkeys in the email
 * field's suggestions and this waits until the member picks one.
 */
export async function signInWithPasskey(autofill: boolean) {
  const options = await api(passkeySignInOptions);
  const response = await getPasskey(options, autofill);
  return api(passkeySignIn, { body: { response } }, { fallbackError: MESSAGES.loginFailed });
}
