import { MESSAGES } from '@app/contracts';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { loadRequestModule } from '@/lib/api-error';
import { nextTask } from '@/lib/next-task';
import { useSession } from '@/lib/session-store';

/**
 * The passkey's call, in two tasks: zod and the contracts first (the session's requests module, which brings
 * nothing else; the password login's own call still waits for the form), then the passkey's own code and the API
 * client. Evaluated together, as the page starts the autofill once hydrated, they were one long task of the login
 * page's first seconds.
 */
const loadPasskeySignIn = () =>
  loadRequestModule(async () => {
    await import('@/lib/session-calls');
    await nextTask();
    return import('./api/passkey-sign-in');
  });

/** Whether the browser offers passkeys in a field's autofill (conditional mediation), asked without any library. */
const offersPasskeyAutofill = async (): Promise<boolean> => {
  if (typeof PublicKeyCredential === 'undefined') return false;
  try {
    return (await PublicKeyCredential.isConditionalMediationAvailable?.()) === true;
  } catch {
    return false;
  }
};

const welcome = () => notifications.show({ color: 'teal', message: '¡Bienvenido!' });

async function refused(error: unknown): Promise<void> {
  let message: string | null = MESSAGES.loginFailed;
  try {
    message = (await loadPasskeySignIn()).passkeySignInFailure(error);
  } catch {
    // The module itself could not arrive: the generic failure stands.
  }
  // Closing the browser's dialog, or a ceremony replaced by another, is not a failure to report.
  if (message) notifications.show({ color: 'red', message });
}

/**
 * "Entrar con una llave de acceso", and the browser's autofill of passkeys in the email field where it offers
 * one (`ready`: once the page is hydrated). Either way the session store takes the signed-in user.
 */
export function usePasskeyLogin(ready: boolean) {
  const setUser = useSession((state) => state.setUser);
  const mutation = useMutation({
    mutationFn: async (autofill: boolean) =>
      setUser(await (await loadPasskeySignIn()).signInWithPasskey(autofill)),
  });
  const { mutateAsync } = mutation;

  useEffect(() => {
    if (!ready) return;
    let active = true;
    let started = false;
    void (async () => {
      if (!(await offersPasskeyAutofill()) || !active) return;
      started = true;
      try {
        await mutateAsync(true);
        welcome();
      } catch (error) {
        if (active) await refused(error);
      }
    })();
    return () => {
      active = false;
      // The autofill request would wait on after the page is gone.
      if (started) {
        void loadPasskeySignIn().then(
          (module) => module.cancelPasskeyRequest(),
          () => undefined,
        );
      }
    };
  }, [ready, mutateAsync]);

  const signIn = async () => {
    try {
      await mutateAsync(false);
      welcome();
    } catch (error) {
      await refused(error);
    }
  };
  return { signIn, isSigningIn: mutation.isPending && mutation.variables === false };
}
