import type { UseFormReturnType } from '@mantine/form';
import { ApiError } from './api-error';
import { notifyDone, notifyFailed } from './notify';
import { errorMessage } from './query-client';

/** The form field a failed save names (the server's `field`), when the form has it. */
export const serverField = (error: unknown, values: object): string | null =>
  error instanceof ApiError && error.field && error.field in values ? error.field : null;

/** Puts the server's message under the field it named; returns whether there was such a field. */
export function markServerField<Values extends object>(
  form: UseFormReturnType<Values>,
  error: unknown,
): boolean {
  const field = serverField(error, form.getValues());
  if (field && error instanceof ApiError) form.setFieldError(field, error.message);
  return field !== null;
}

/**
 * What a dialog's save does when answered: the saved toast then `onDone`; or the field the server named marked
 * and the error toast (the server's message, else `fallbackError`). Pass it to `mutate`.
 */
export const saveOutcome = <Values extends object, Data>(
  form: UseFormReturnType<Values>,
  {
    savedMessage,
    fallbackError,
    onDone,
  }: { savedMessage: string; fallbackError: string; onDone: (data: Data) => void },
) => ({
  onSuccess: (data: Data) => {
    notifyDone(savedMessage);
    onDone(data);
  },
  onError: (error: Error) => {
    markServerField(form, error);
    notifyFailed(errorMessage(error, fallbackError));
  },
});
