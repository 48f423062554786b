import {
  REFUSAL_REASON_MAX,
  SETTINGS_MESSAGES as M,
  isLiveSubscription,
  type AdminUser,
  type SubscriptionEnding,
} from '@app/contracts';
import { Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDelete } from '@/components/confirm-delete';
import { useDeleteUser } from './api/delete-user';
import { SubscriptionEndChoice } from './subscription-end-choice';

/**
 * Asks before erasing an account (its data goes, Historial keeps a pseudonym); a pending one may be refused with a reason, sent to the member by email, and
 * a member with a live subscription gets the choice of how it ends at Stripe.
 */
export function DeleteUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [ending, setEnding] = useState<SubscriptionEnding>('period_end');
  const paying = user !== null && isLiveSubscription(user.subscription?.status);
  const removal = useDeleteUser(reason, paying ? ending : undefined);
  return (
    <ConfirmDelete
      id={user?.id ?? null}
      title="Eliminar usuario"
      message="¿Estás seguro de que deseas eliminar este usuario?"
      remove={removal}
      doneMessage="Usuario eliminado"
      fallbackError={M.deleteUser}
      onClose={() => {
        onClose();
        setReason('');
        setEnding('period_end');
      }}
    >
      <Text size="sm">
        Se borrarán sus datos personales (textos de IA, perfiles, registros de vídeos guardados, marcas de
        clases vistas e inicios de sesión) y el Historial lo nombrará con un seudónimo.
      </Text>
      {paying && <SubscriptionEndChoice value={ending} onChange={setEnding} />}
      {user && !user.is_active && (
        <Textarea
          label="Motivo del rechazo (opcional)"
          description="La cuenta está pendiente de activación: el miembro recibirá un correo avisando del rechazo, con este motivo."
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          maxLength={REFUSAL_REASON_MAX}
          autosize
          minRows={2}
        />
      )}
    </ConfirmDelete>
  );
}
