import { login, MESSAGES, type LoginBody } from '@app/contracts';
import { notifications } from '@mantine/notifications';
import { useCallback, useRef, useState } from 'react';
import { api, ApiError } from '@/lib/api';
import { useSession } from '@/lib/session-store';

const USER_KEYS = new Set<PropertyKey>(['id', 'email', 'role']);

/** The Spanish message of a failed login (spec, section 8). */
export const loginErrorMessage = (error: unknown): string => {
  if (error instanceof ApiError) {
    // A success answer without the user's id, email or role is "invalid user data", not a generic failure.
    const missingUserData = error.issues?.some((issue) => USER_KEYS.has(issue.path[0] ?? ''));
    return missingUserData ? MESSAGES.invalidUserData : error.message;
  }
  if (error instanceof Error && error.message === MESSAGES.invalidUserData) return error.message;
  return MESSAGES.loginFailed;
};

/**
 * Login mutation: idle -> submitting -> signed in (toast "¡Bienvenido!") or error toast and idle again.
 * A second submit while one is running is ignored.
 */
export function useLogin() {
  const setUser = useSession((state) => state.setUser);
  const [isSubmitting, setSubmitting] = useState(false);
  const inFlight = useRef(false);

  const submit = useCallback(
    async (body: LoginBody): Promise<boolean> => {
      if (inFlight.current) return false;
      inFlight.current = true;
      setSubmitting(true);
      const progressToast = notifications.show({
        loading: true,
        message: 'Iniciando sesión...',
        autoClose: false,
        withCloseButton: false,
      });
      try {
        const user = await api(login, { body }, { fallbackError: MESSAGES.loginFailed });
        setUser(user);
        notifications.show({ color: 'teal', message: '¡Bienvenido!' });
        return true;
      } catch (error) {
        notifications.show({ color: 'red', message: loginErrorMessage(error) });
        return false;
      } finally {
        notifications.hide(progressToast);
        inFlight.current = false;
        setSubmitting(false);
      }
    },
    [setUser],
  );

  return { submit, isSubmitting };
}
