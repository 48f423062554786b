import { Button, Modal, Stack } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { DialogActions } from './dialog-actions';
import { ListState } from './list-state';

/**
 * The draft of a settings dialog: empty while closed, then a copy of what the server has each time the dialog
 * opens (once the load settled, so a refetch never overwrites the reader's edits half-way).
 */
export function useSettingsDraft<Saved, Draft>(
  opened: boolean,
  loaded: { data?: Saved; isFetching: boolean },
  toDraft: (saved: Saved) => Draft,
) {
  const [draft, setDraft] = useState<Draft | null>(null);
  const { data, isFetching } = loaded;
  useEffect(() => {
    if (opened && data && !isFetching) setDraft(toDraft(data));
    // toDraft is a pure projection given inline by the caller; a new function each render is not a change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, data, isFetching]);
  return { draft, setDraft, reset: () => setDraft(null) };
}

/**
 * An administrator's settings dialog behind its own button: "Cargando..." (or the load error with
 * "Reintentar") until the draft is ready, then the fields with "Cancelar" and "Guardar".
 */
export function SettingsDialog({
  label,
  icon,
  title,
  opened,
  onOpen,
  onClose,
  ready,
  loadError,
  onRetry,
  saving,
  onSave,
  children,
}: {
  label: string;
  icon: ReactNode;
  title: string;
  opened: boolean;
  onOpen: () => void;
  onClose: () => void;
  /** Whether the draft is there to edit. */
  ready: boolean;
  loadError: string | null;
  onRetry: () => void;
  saving: boolean;
  onSave: () => void;
  children: ReactNode;
}) {
  return (
    <>
      <Button variant="default" leftSection={icon} onClick={onOpen}>
        {label}
      </Button>
      <Modal
        opened={opened}
        onClose={onClose}
        title={title}
        centered
        closeButtonProps={{ 'aria-label': 'Cerrar' }}
      >
        <ListState
          loading={!ready && !loadError}
          error={loadError}
          empty={false}
          loadingLabel="Cargando..."
          emptyLabel=""
          onRetry={onRetry}
        >
          <Stack gap="lg">
            {children}
            <DialogActions onCancel={onClose} saving={saving} submitLabel="Guardar" onSubmit={onSave} />
          </Stack>
        </ListState>
      </Modal>
    </>
  );
}
