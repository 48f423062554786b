import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { notifyDone, notifyFailed } from '@/lib/notify';
import { errorMessage } from '@/lib/query-client';
import { ConfirmDialog } from './confirm-dialog';

export interface ConfirmDeleteProps {
  /** The id of the item to delete; null keeps the dialog closed. */
  id: number | null;
  title: string;
  message: ReactNode;
  remove: UseMutationResult<unknown, Error, number>;
  doneMessage: string;
  /** Shown when the server sent no message of its own. */
  fallbackError: string;
  /** How long the error toast stays, where the spec keeps it longer than the default. */
  errorAutoClose?: number;
  /** Closes the dialog: on "Cancelar", and once the deletion is answered. */
  onClose: () => void;
  /** More to fill in before confirming, under the question. */
  children?: ReactNode;
}

/** Asks before deleting one item, then deletes it and says how it went. */
export function ConfirmDelete({
  id,
  remove,
  doneMessage,
  fallbackError,
  errorAutoClose,
  onClose,
  ...dialog
}: ConfirmDeleteProps) {
  const confirm = () => {
    if (id === null) return;
    remove.mutate(id, {
      onSuccess: () => notifyDone(doneMessage),
      onError: (error) => notifyFailed(errorMessage(error, fallbackError), errorAutoClose),
      onSettled: onClose,
    });
  };
  return (
    <ConfirmDialog
      {...dialog}
      opened={id !== null}
      busy={remove.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
