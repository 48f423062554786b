import { Alert, Modal, Stack } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';

/**
 * A dialog holding one form: it cannot be closed while saving, and shows the save error (the server's Spanish
 * message) above the fields.
 */
export function FormDialog({
  opened,
  title,
  saving,
  error,
  onClose,
  onSubmit,
  children,
}: {
  opened: boolean;
  title: string;
  saving: boolean;
  error: string | null | undefined;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <Modal
      opened={opened}
      onClose={saving ? () => undefined : onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="sm">
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          {children}
        </Stack>
      </form>
    </Modal>
  );
}
