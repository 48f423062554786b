import { Button, Modal, Stack } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { DialogActions } from './dialog-actions';
import { ListState } from './list-state';
import { notifyDone, notifyFailed } from '@/lib/notify';
import { errorMessage } from '@/lib/query-client';

/** How a settings dialog loads and saves, with its Spanish messages. */
export interface SettingsDialogSource<Saved, Draft> {
  /** The settings query, enabled while the dialog is open. */
  useLoad: (opened: boolean) => { data?: Saved; error: unknown; isFetching: boolean; refetch: () => unknown };
  useSave: () => {
    mutate: (draft: Draft, options: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
    isPending: boolean;
  };
  toDraft: (saved: Saved) => Draft;
  messages: { load: string; saved: string; save: string };
}

/**
 * A settings dialog's state: closed with no draft; once open, a copy of what the server has (taken when the
 * load settled, so a refetch never overwrites the reader's edits half-way); saved, it tells so and closes.
 * `frame` is what SettingsDialog draws.
 */
export function useSettingsDialog<Saved, Draft>({
  useLoad,
  useSave,
  toDraft,
  messages,
}: SettingsDialogSource<Saved, Draft>) {
  const [opened, setOpened] = useState(false);
  const loaded = useLoad(opened);
  const saving = useSave();
  const [draft, setDraft] = useState<Draft | null>(null);
  const { data, isFetching } = loaded;
  useEffect(() => {
    if (opened && data && !isFetching) setDraft(toDraft(data));
    // toDraft is a pure projection given by the caller; a new function each render is not a change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, data, isFetching]);
  const close = () => {
    setOpened(false);
    setDraft(null);
  };
  const frame = {
    opened,
    onOpen: () => setOpened(true),
    onClose: close,
    ready: draft !== null,
    loadError: loaded.error ? errorMessage(loaded.error, messages.load) : null,
    onRetry: () => void loaded.refetch(),
    saving: saving.isPending,
    onSave: () => {
      if (!draft) return;
      saving.mutate(draft, {
        onSuccess: () => {
          notifyDone(messages.saved);
          close();
        },
        onError: (error) => notifyFailed(errorMessage(error, messages.save)),
      });
    },
  };
  return { draft, setDraft, loaded, frame };
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
