import { Alert, Group, Loader, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * An admin "Configuración" dialog: the load error, or "Cargando configuración..." until the settings are
 * `loaded`, then the form (`children`).
 */
export function ConfigDialogFrame({
  opened,
  onClose,
  loadError,
  loaded,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  loadError: string | null;
  loaded: boolean;
  children: ReactNode;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Configuración"
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {loadError ? (
        <Alert color="red" role="alert">
          {loadError}
        </Alert>
      ) : !loaded ? (
        <Group justify="center" py="xl" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text c="dimmed">Cargando configuración...</Text>
        </Group>
      ) : (
        children
      )}
    </Modal>
  );
}
