import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** The spec's question, e.g. "¿Estás seguro de que deseas eliminar este usuario?". */
  message: ReactNode;
  /** More to fill in before confirming (e.g. the optional reason of a refusal), under the question. */
  children?: ReactNode;
  confirmLabel?: string;
  /** True while the confirmed action runs: the buttons are disabled and the confirm button spins. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** An accessible confirmation before a destructive action (instead of the browser's window.confirm). */
export function ConfirmDialog({
  opened,
  title,
  message,
  children,
  confirmLabel = 'Eliminar',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={busy ? () => undefined : onCancel}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <Stack gap="lg">
        <Text>{message}</Text>
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancelar
          </Button>
          <Button color="red" onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
