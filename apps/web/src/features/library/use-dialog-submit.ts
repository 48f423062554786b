import type { UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ApiError } from '@/lib/api';

/**
 * A create / edit dialog's submit: runs `save` once at a time, then notifies `savedMessage` and calls `onDone`;
 * on failure notifies the server's message (or `fallbackError`) and marks the field the server named.
 */
export function useDialogSubmit<Values extends Record<string, unknown>>(
  form: UseFormReturnType<Values>,
  {
    save,
    fallbackError,
    savedMessage,
    onDone,
  }: {
    save: (values: Values) => Promise<unknown>;
    fallbackError: string;
    savedMessage: string;
    onDone: () => void;
  },
) {
  const [saving, setSaving] = useState(false);

  const submit = form.onSubmit(async (values) => {
    if (saving) return;
    setSaving(true);
    try {
      await save(values);
      notifications.show({ color: 'teal', message: savedMessage });
      onDone();
    } catch (error) {
      const message = error instanceof ApiError ? error.message : fallbackError;
      if (error instanceof ApiError && error.field && error.field in values) {
        form.setFieldError(error.field, message);
      }
      notifications.show({ color: 'red', message });
    } finally {
      setSaving(false);
    }
  });

  return { saving, submit };
}
