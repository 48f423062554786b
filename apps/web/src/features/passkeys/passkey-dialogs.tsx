import { PASSKEY_MESSAGES, PASSKEY_NAME_MAX, type Passkey } from '@app/contracts';
import { PasswordInput, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DialogActions } from '@/components/dialog-actions';
import { FormDialog } from '@/components/form-dialog';
import { toggleLabel } from '@/components/form-parts';
import { errorMessage } from '@/lib/query-client';
import { passkeyErrorMessage } from '@/lib/webauthn';
import { useAddPasskey } from './api/add-passkey';
import { useRemovePasskey } from './api/remove-passkey';
import { useRenamePasskey } from './api/rename-passkey';

const nameError = (name: string): string | null =>
  name.trim() === ''
    ? PASSKEY_MESSAGES.nameRequired
    : name.trim().length > PASSKEY_NAME_MAX
      ? PASSKEY_MESSAGES.nameTooLong
      : null;

/** Names the new passkey, then hands over to the browser, which asks for the fingerprint, face or PIN. */
export function AddPasskeyDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const add = useAddPasskey();
  const [name, setName] = useState('Mi llave de acceso');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    add.reset();
    onClose();
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = nameError(name);
    setError(invalid);
    if (invalid) return;
    add.mutate(name.trim(), {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: PASSKEY_MESSAGES.added });
        close();
      },
      onError: (failure) => setError(passkeyErrorMessage(failure, PASSKEY_MESSAGES.notVerified)),
    });
  };
  return (
    <FormDialog
      opened={opened}
      title="Añadir una llave de acceso"
      saving={add.isPending}
      error={error}
      onClose={close}
      onSubmit={submit}
    >
      <TextInput
        label="Nombre de la llave de acceso"
        description="Para reconocerla en la lista, por ejemplo «Portátil del trabajo»."
        value={name}
        maxLength={PASSKEY_NAME_MAX}
        onChange={(event) => setName(event.currentTarget.value)}
        data-autofocus
      />
      <DialogActions onCancel={close} saving={add.isPending} submitLabel="Continuar" mt="sm" />
    </FormDialog>
  );
}

export function RenamePasskeyDialog({ passkey, onClose }: { passkey: Passkey | null; onClose: () => void }) {
  const rename = useRenamePasskey();
  const [name, setName] = useState(passkey?.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!passkey) return;
    const invalid = nameError(name);
    setError(invalid);
    if (invalid) return;
    rename.mutate(
      { id: passkey.id, name: name.trim() },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: PASSKEY_MESSAGES.renamed });
          onClose();
        },
        onError: (failure) => setError(errorMessage(failure, PASSKEY_MESSAGES.notFound)),
      },
    );
  };
  return (
    <FormDialog
      opened={passkey !== null}
      title="Cambiar el nombre"
      saving={rename.isPending}
      error={error}
      onClose={onClose}
      onSubmit={submit}
    >
      <TextInput
        label="Nombre de la llave de acceso"
        value={name}
        maxLength={PASSKEY_NAME_MAX}
        onChange={(event) => setName(event.currentTarget.value)}
        data-autofocus
      />
      <DialogActions onCancel={onClose} saving={rename.isPending} submitLabel="Guardar" mt="sm" />
    </FormDialog>
  );
}

/** Removing a passkey asks for the current password (the server checks it too). */
export function RemovePasskeyDialog({ passkey, onClose }: { passkey: Passkey | null; onClose: () => void }) {
  const remove = useRemovePasskey();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    if (!passkey) return;
    if (password === '') {
      setError(PASSKEY_MESSAGES.passwordRequired);
      return;
    }
    remove.mutate(
      { id: passkey.id, password },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: PASSKEY_MESSAGES.removed });
          onClose();
        },
        onError: (failure) => setError(errorMessage(failure, PASSKEY_MESSAGES.notFound)),
      },
    );
  };
  return (
    <ConfirmDialog
      opened={passkey !== null}
      title="Eliminar la llave de acceso"
      message={`¿Seguro que quieres eliminar «${passkey?.name ?? ''}»? Ya no podrás entrar con ella.`}
      busy={remove.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    >
      <PasswordInput
        label="Contraseña actual"
        autoComplete="current-password"
        value={password}
        error={error}
        onChange={(event) => setPassword(event.currentTarget.value)}
        visibilityToggleButtonProps={toggleLabel}
        data-autofocus
      />
    </ConfirmDialog>
  );
}
