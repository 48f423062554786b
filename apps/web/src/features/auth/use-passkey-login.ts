import { MESSAGES } from '@app/contracts';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { loadRequestModule } from '@/lib/api-error';
import { useSession } from '@/lib/session-store';
import {
  cancelPasskeyRequest,
  isPasskeyCancelled,
  passkeyErrorMessage,
  supportsPasskeyAutofill,
} from '@/lib/webauthn';

const loadPasskeySignIn = () => import('./api/passkey-sign-in');

const signInWithPasskey = async (autofill: boolean) =>
  (await loadRequestModule(loadPasskeySignIn)).signInWithPasskey(autofill);

const welcome = () => notifications.show({ color: 'teal', message: '¡Bienvenido!' });

const refused = (error: unknown) => {
  // Closing the browser's dialog, or a ceremony replaced by another, is not a failure to report.
  if (isPasskeyCancelled(error)) return;
  notifications.show({ color: 'red', message: passkeyErrorMessage(error, MESSAGES.loginFailed) });
};

/**
 * "Entrar con una llave de acceso", and the browser's autofill of passkeys in the email field where it offers
 * one (`ready`: once the page is hydrated). Either way the session store takes the signed-in user.
 */
export function usePasskeyLogin(ready: boolean) {
  const setUser = useSession((state) => state.setUser);
  const mutation = useMutation({
    mutationFn: async (autofill: boolean) => setUser(await signInWithPasskey(autofill)),
  });
  const { mutateAsync } = mutation;

  useEffect(() => {
    if (!ready) return;
    let active = true;
    void (async () => {
      if (!(await supportsPasskeyAutofill()) || !active) return;
      try {
        await mutateAsync(true);
        welcome();
      } catch (error) {
        if (active) refused(error);
      }
    })();
    return () => {
      active = false;
      void cancelPasskeyRequest();
    };
  }, [ready, mutateAsync]);

  const signIn = async () => {
    try {
      await mutateAsync(false);
      welcome();
    } catch (error) {
      refused(error);
    }
  };
  return { signIn, isSigningIn: mutation.isPending && mutation.variables === false };
}
