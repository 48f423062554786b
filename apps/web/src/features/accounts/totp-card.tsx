import { TWO_FACTOR_MESSAGES as T, type TotpSetup, type TwoFactorStatus } from '@app/contracts';
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { BackupCodes } from '@/components/backup-codes';
import { toggleLabel } from '@/components/form-parts';
import { TotpSetupFields } from '@/components/totp-setup-fields';
import { errorMessage } from '@/lib/query-client';
import { useConfirmTotp } from './api/confirm-totp';
import { useDisableTotp } from './api/disable-totp';
import { useRenewBackupCodes } from './api/renew-backup-codes';
import { useStartTotp } from './api/start-totp';

const failed = 'No se ha podido completar la operación. Inténtalo de nuevo.';

function ErrorAlert({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {errorMessage(error, failed)}
    </Alert>
  );
}

/** Setting the app up: secret and QR, the first code, then the backup codes shown once. */
function TotpSetupFlow({ onStarted, onClose }: { onStarted: () => void; onClose: () => void }) {
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  if (codes) {
    return (
      <BackupCodes
        codes={codes}
        doneLabel="He guardado los códigos"
        onDone={() => {
          notifications.show({ color: 'teal', message: T.turnedOn });
          onClose();
        }}
      />
    );
  }
  if (!setup) {
    return (
      <Stack gap="sm">
        <Text>
          Además de tu contraseña, te pediremos un código de una aplicación de autenticación en tu móvil cada
          vez que inicies sesión. Así, aunque alguien conozca tu contraseña, no podrá entrar en tu cuenta.
        </Text>
        <ErrorAlert error={start.error} />
        <Group>
          <Button
            loading={start.isPending}
            onClick={() => {
              onStarted();
              start.mutate(undefined, { onSuccess: setSetup });
            }}
          >
            Activar aplicación de autenticación
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <TotpSetupFields
        setup={setup}
        busy={confirm.isPending}
        submitLabel="Confirmar y activar"
        onSubmit={(code) => confirm.mutate(code, { onSuccess: (answer) => setCodes(answer.backup_codes) })}
      />
      <ErrorAlert error={confirm.error} />
      <Text size="sm" c="dimmed">
        Al activarla cerraremos las sesiones abiertas en tus otros dispositivos.
      </Text>
    </Stack>
  );
}

/** Asks the current password (and a code) before renewing the backup codes or turning the app off. */
function ConfirmWithPassword({ mode, onClose }: { mode: 'renew' | 'disable'; onClose: () => void }) {
  const renew = useRenewBackupCodes();
  const disable = useDisableTotp();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const busy = renew.isPending || disable.isPending;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mode === 'renew') {
      renew.mutate(password, { onSuccess: (answer) => setCodes(answer.backup_codes) });
    } else {
      disable.mutate(
        { password, code },
        {
          onSuccess: () => {
            notifications.show({ color: 'teal', message: T.turnedOff });
            onClose();
          },
        },
      );
    }
  };
  const title =
    mode === 'renew' ? 'Generar códigos de recuperación nuevos' : 'Desactivar la verificación en dos pasos';
  return (
    <Modal
      opened
      onClose={busy ? () => undefined : onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {codes ? (
        <BackupCodes
          codes={codes}
          doneLabel="He guardado los códigos"
          onDone={() => {
            notifications.show({ color: 'teal', message: T.codesRenewed });
            onClose();
          }}
        />
      ) : (
        <form noValidate onSubmit={submit}>
          <Stack gap="md">
            <Text>
              {mode === 'renew'
                ? 'Los códigos que tienes ahora dejarán de servir. Confirma tu contraseña para continuar.'
                : 'Tu cuenta quedará protegida solo por tu contraseña. Confirma con tu contraseña y un código de tu aplicación o de recuperación.'}
            </Text>
            <PasswordInput
              label="Contraseña actual"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              visibilityToggleButtonProps={toggleLabel}
            />
            {mode === 'disable' && (
              <TextInput
                label="Código de la aplicación o de recuperación"
                autoComplete="one-time-code"
                value={code}
                onChange={(event) => setCode(event.currentTarget.value)}
              />
            )}
            <ErrorAlert error={renew.error ?? disable.error} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose} disabled={busy}>
                Cancelar
              </Button>
              <Button type="submit" color={mode === 'disable' ? 'red' : undefined} loading={busy}>
                {mode === 'renew' ? 'Generar códigos' : 'Desactivar'}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** The authenticator app: off (set it up) or on (backup codes left, renew them, turn it off). */
export function TotpCard({ status }: { status: TwoFactorStatus }) {
  // Open from the first click to the saved backup codes: the status turns 'on' before the codes are seen.
  const [inFlow, setInFlow] = useState(false);
  const [dialog, setDialog] = useState<'renew' | 'disable' | null>(null);
  return (
    <Stack gap="sm">
      <Group gap="sm">
        <Title order={3} size="h4">
          Aplicación de autenticación
        </Title>
        <Badge variant="light" color={status.totp ? 'teal' : 'gray'} tt="none">
          {status.totp ? 'Activada' : 'Desactivada'}
        </Badge>
      </Group>
      {status.totp && !inFlow ? (
        <>
          <Text>
            Te pedimos un código de tu aplicación cada vez que inicias sesión. Te quedan{' '}
            {status.backup_codes_left === 1
              ? '1 código de recuperación sin usar'
              : `${status.backup_codes_left} códigos de recuperación sin usar`}
            .
          </Text>
          <Group gap="sm">
            <Button variant="default" onClick={() => setDialog('renew')}>
              Generar códigos nuevos
            </Button>
            <Button variant="default" color="red" onClick={() => setDialog('disable')}>
              Desactivar
            </Button>
          </Group>
        </>
      ) : (
        <TotpSetupFlow onStarted={() => setInFlow(true)} onClose={() => setInFlow(false)} />
      )}
      {dialog && <ConfirmWithPassword mode={dialog} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
