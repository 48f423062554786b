import { MESSAGES, type LoginBody, type SecondStep } from '@app/contracts';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ApiError } from '@/lib/api-error';
import { notifyProgress } from '@/lib/notify';
import { loadSignIn, useLoginMutation } from './api/login';

const USER_KEYS = new Set<PropertyKey>(['id', 'email', 'role']);

/** The Spanish message of a failed login (spec, section 8). */
export const loginErrorMessage = (error: unknown): string => {
  if (error instanceof ApiError) {
    // A success answer without the user's id, email or role is "invalid user data", not a generic failure.
    const missingUserData = error.issues?.some((issue) => USER_KEYS.has(issue.path[0] ?? ''));
    return missingUserData ? MESSAGES.invalidUserData : error.message;
  }
  return MESSAGES.loginFailed;
};

/**
 * Login: idle -> submitting -> signed in (toast "¡Bienvenido!") or error toast and idle again.
 * A second submit while one is running is ignored.
 */
export function useLogin() {
  const mutation = useLoginMutation();
  /** The second step the server asked for after a right password (no session yet). */
  const [secondStep, setSecondStep] = useState<SecondStep['second_step'] | null>(null);
  const submit = async (body: LoginBody): Promise<boolean> => {
    if (mutation.isPending) return false;
    const hideProgress = notifyProgress('Iniciando sesión...');
    try {
      const answer = await mutation.mutateAsync(body);
      // Checked here, not with the contracts' isSecondStep: importing it would bring their zod schemas into the
      // login screen's first files.
      if ('second_step' in answer) {
        setSecondStep(answer.second_step);
        return false;
      }
      notifications.show({ color: 'teal', message: '¡Bienvenido!' });
      return true;
    } catch (error) {
      notifications.show({ color: 'red', message: loginErrorMessage(error) });
      return false;
    } finally {
      hideProgress();
    }
  };
  /** Loads the login call ahead of the submit: call it when the visitor starts on the form. */
  const prepare = () => void loadSignIn();
  return {
    submit,
    prepare,
    isSubmitting: mutation.isPending,
    secondStep,
    cancelSecondStep: () => setSecondStep(null),
  };
}
