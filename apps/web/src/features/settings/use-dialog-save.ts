import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { ApiError } from '@/lib/api';

/**
 * A settings dialog's save: `run(save)` marks it saving; a failure naming one of the form's `fields` goes
 * under that field, any other shows as the dialog's `error` (the server's message, else `fallbackError`).
 */
export function useDialogSave<Values>(
  form: UseFormReturnType<Values>,
  fields: ReadonlySet<string>,
  fallbackError: string,
) {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (save: () => Promise<void>) => {
    setSaving(true);
    setError(null);
    try {
      await save();
    } catch (failure) {
      const message = failure instanceof ApiError ? failure.message : fallbackError;
      if (failure instanceof ApiError && failure.field && fields.has(failure.field)) {
        form.setFieldError(failure.field, message);
      } else {
        setError(message);
      }
    } finally {
      setSaving(false);
    }
  };

  return { saving, error, setError, run };
}
