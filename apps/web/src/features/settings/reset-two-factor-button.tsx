import { TWO_FACTOR_MESSAGES as T } from '@app/contracts';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { notifyDone, notifyFailed } from '@/lib/notify';
import { errorMessage } from '@/lib/query-client';
import { useResetTwoFactor } from './api/reset-two-factor';

/** For a member who lost the phone: their second factors go, they are emailed, Historial records it. */
export function ResetTwoFactorButton({ user }: { user: { id: number; username: string } }) {
  const [asking, setAsking] = useState(false);
  const reset = useResetTwoFactor();
  return (
    <>
      <Button variant="subtle" color="red" size="compact-sm" onClick={() => setAsking(true)}>
        Restablecer verificación en dos pasos
      </Button>
      <ConfirmDialog
        opened={asking}
        title="Restablecer verificación en dos pasos"
        message={`${user.username} podrá entrar solo con su contraseña y le avisaremos por correo. Hazlo solo si has comprobado que es quien dice ser.`}
        confirmLabel="Restablecer"
        busy={reset.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          reset.mutate(user.id, {
            onSuccess: () => {
              notifyDone(T.resetDone);
              setAsking(false);
            },
            onError: (error) => notifyFailed(errorMessage(error, 'No se ha podido restablecer.')),
          })
        }
      />
    </>
  );
}
