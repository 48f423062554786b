import { ACCOUNT_MESSAGES } from '@app/contracts';
import { ApiError } from '@/lib/api-error';

export type AccountField =
  'username' | 'email' | 'phone' | 'password' | 'confirmPassword' | 'current_password';

export interface ServerErrorView {
  /** Messages to show under fields. */
  fieldErrors: Partial<Record<AccountField, string>>;
  /** The toast. */
  toast: string;
}

const FORM_FIELDS = new Set<string>([
  'username',
  'email',
  'phone',
  'password',
  'confirmPassword',
  'current_password',
]);

/**
 * How a failed registration or profile save shows: a taken email or username goes under its field with the
 * spec's "use different data" toast (a conflict naming neither field flags both); a refused field value goes
 * under that field; anything else is only a toast.
 */
export function serverErrorView(
  error: unknown,
  options: { fallback: string; unknownConflict?: string },
): ServerErrorView {
  if (!(error instanceof ApiError)) return { fieldErrors: {}, toast: options.fallback };
  if (error.status === 409) {
    const fieldErrors: ServerErrorView['fieldErrors'] =
      error.field === 'email' || error.field === 'username'
        ? { [error.field]: error.message }
        : {
            username: options.unknownConflict ?? error.message,
            email: options.unknownConflict ?? error.message,
          };
    return { fieldErrors, toast: ACCOUNT_MESSAGES.useDifferentData };
  }
  if (error.field && FORM_FIELDS.has(error.field)) {
    return { fieldErrors: { [error.field as AccountField]: error.message }, toast: error.message };
  }
  return { fieldErrors: {}, toast: error.message || options.fallback };
}
