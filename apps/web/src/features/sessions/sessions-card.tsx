import { SESSION_MESSAGES, type AccountSession } from '@app/contracts';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { PlainList } from '@/components/plain-list';
import { ProfileSection } from '@/components/profile-section';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListState } from '@/components/list-state';
import { formatDateTime } from '@/lib/format-date';
import { useTimeZone } from '@/lib/public-config';
import { errorMessage } from '@/lib/query-client';
import { useEndOtherSessions } from './api/end-other-sessions';
import { useEndSession } from './api/end-session';
import { useAccountSessions } from './api/get-sessions';

function SessionRow({ session }: { session: AccountSession }) {
  const timeZone = useTimeZone();
  const end = useEndSession();
  const onEnd = () =>
    end.mutate(session.id, {
      onSuccess: () => notifications.show({ color: 'teal', message: SESSION_MESSAGES.ended }),
      onError: (failure) =>
        notifications.show({ color: 'red', message: errorMessage(failure, SESSION_MESSAGES.notFound) }),
    });
  return (
    <Group component="li" justify="space-between" align="flex-start" gap="sm" wrap="wrap">
      <Stack gap={2}>
        <Group gap="xs">
          <Text fw={600}>
            {session.browser} en {session.os}
          </Text>
          {session.current && (
            <Badge variant="light" color="teal" tt="none">
              Este dispositivo
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          Dirección IP: {session.ip ?? 'desconocida'}
        </Text>
        <Text size="sm" c="dimmed">
          Inicio: {formatDateTime(session.created_at, timeZone)} · Último uso:{' '}
          {formatDateTime(session.last_used_at, timeZone)}
        </Text>
      </Stack>
      {!session.current && (
        <Button variant="light" color="red" size="xs" loading={end.isPending} onClick={onEnd}>
          Cerrar sesión
        </Button>
      )}
    </Group>
  );
}

/** "Sesiones y dispositivos" in Seguridad (/perfil): where the account is signed in, and the way to end it. */
export function SessionsCard() {
  const sessions = useAccountSessions();
  const endOthers = useEndOtherSessions();
  const [confirming, setConfirming] = useState(false);
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;
  const confirmEndOthers = () =>
    endOthers.mutate(undefined, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: SESSION_MESSAGES.othersEnded });
        setConfirming(false);
      },
      onError: (failure) =>
        notifications.show({ color: 'red', message: errorMessage(failure, SESSION_MESSAGES.notFound) }),
    });
  return (
    <ProfileSection title="Sesiones y dispositivos" titleId="sessions-title">
      <Text size="sm" c="dimmed" mb="md">
        Dónde está abierta tu cuenta. Como lugar aproximado mostramos la dirección IP desde la que se inició
        la sesión; no la traducimos a una ciudad. Si no reconoces una sesión, ciérrala y cambia tu contraseña.
      </Text>
      <ListState
        loading={sessions.isPending}
        error={sessions.error && errorMessage(sessions.error, 'No se pudieron cargar las sesiones')}
        empty={sessions.data?.length === 0}
        loadingLabel="Cargando sesiones..."
        emptyLabel="No hay sesiones abiertas."
        onRetry={() => void sessions.refetch()}
      >
        <PlainList label="Tus sesiones abiertas">
          {sessions.data?.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </PlainList>
      </ListState>
      <Button mt="lg" variant="default" disabled={others === 0} onClick={() => setConfirming(true)}>
        Cerrar las demás sesiones
      </Button>
      <ConfirmDialog
        opened={confirming}
        title="Cerrar las demás sesiones"
        message="Se cerrará tu cuenta en todos los demás dispositivos. Este seguirá conectado."
        confirmLabel="Cerrar sesiones"
        busy={endOthers.isPending}
        onConfirm={confirmEndOthers}
        onCancel={() => setConfirming(false)}
      />
    </ProfileSection>
  );
}
