import { Button, Loader } from '@mantine/core';
import type { ReactNode } from 'react';

/** The accessible name of a password field's show / hide button. */
export const toggleLabel = { 'aria-label': 'Mostrar u ocultar los caracteres' };

/** A form's full-width submit button: disabled and spinning, with `busyLabel`, while the form is sent. */
export function SubmitButton({
  busy,
  busyLabel,
  children,
}: {
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
}) {
  return (
    <Button
      type="submit"
      fullWidth
      disabled={busy}
      leftSection={busy ? <Loader size="xs" color="gray" aria-hidden="true" /> : undefined}
    >
      {busy ? busyLabel : children}
    </Button>
  );
}
