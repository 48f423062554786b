import { PASSKEY_MESSAGES, type Passkey } from '@app/contracts';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ListState } from '@/components/list-state';
import { formatDateTime } from '@/lib/format-date';
import { useTimeZone } from '@/lib/public-config';
import { errorMessage } from '@/lib/query-client';
import { supportsPasskeys } from '@/lib/webauthn';
import { usePasskeys } from './api/get-passkeys';
import { AddPasskeyDialog, RemovePasskeyDialog, RenamePasskeyDialog } from './passkey-dialogs';

function PasskeyRow({
  passkey,
  onRename,
  onRemove,
}: {
  passkey: Passkey;
  onRename: () => void;
  onRemove: () => void;
}) {
  const timeZone = useTimeZone();
  return (
    <Group component="li" justify="space-between" align="flex-start" gap="sm" wrap="wrap">
      <Stack gap={2}>
        <Text fw={600}>{passkey.name}</Text>
        <Text size="sm" c="dimmed">
          Añadida el {formatDateTime(passkey.created_at, timeZone)}
        </Text>
        <Text size="sm" c="dimmed">
          {passkey.last_used_at
            ? `Último uso: ${formatDateTime(passkey.last_used_at, timeZone)}`
            : 'Todavía no se ha usado'}
        </Text>
      </Stack>
      <Group gap="xs">
        <Button variant="default" size="xs" onClick={onRename}>
          Cambiar nombre
        </Button>
        <Button variant="light" color="red" size="xs" onClick={onRemove}>
          Eliminar
        </Button>
      </Group>
    </Group>
  );
}

/** "Llaves de acceso" in Seguridad (/perfil): the member's passkeys, added, renamed and removed here. */
export function PasskeysCard() {
  const passkeys = usePasskeys();
  const supported = useQuery({
    queryKey: ['webauthn', 'supported'],
    queryFn: supportsPasskeys,
    staleTime: Infinity,
  });
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  return (
    <Paper
      component="section"
      withBorder
      shadow="md"
      radius="md"
      p="xl"
      mt="xl"
      aria-labelledby="passkeys-title"
    >
      <Title order={2} size="h3" mb="xs" id="passkeys-title">
        Llaves de acceso
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Entra sin escribir tu contraseña, con la huella, la cara o el PIN de tu dispositivo. Una llave de
        acceso cuenta como verificación en dos pasos. Al añadir una, cerramos tus demás sesiones.
      </Text>
      <ListState
        loading={passkeys.isPending}
        error={passkeys.error && errorMessage(passkeys.error, 'No se pudieron cargar las llaves de acceso')}
        empty={passkeys.data?.length === 0}
        loadingLabel="Cargando llaves de acceso..."
        emptyLabel="Aún no has añadido ninguna llave de acceso."
        onRetry={() => void passkeys.refetch()}
      >
        <Stack
          component="ul"
          gap="md"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="Tus llaves de acceso"
        >
          {passkeys.data?.map((passkey) => (
            <PasskeyRow
              key={passkey.id}
              passkey={passkey}
              onRename={() => setRenaming(passkey)}
              onRemove={() => setRemoving(passkey)}
            />
          ))}
        </Stack>
      </ListState>
      {supported.data === false && (
        <Alert color="yellow" variant="light" mt="lg">
          {PASSKEY_MESSAGES.unsupported}
        </Alert>
      )}
      <Button mt="lg" disabled={supported.data !== true} onClick={() => setAdding(true)}>
        Añadir una llave de acceso
      </Button>
      <AddPasskeyDialog opened={adding} onClose={() => setAdding(false)} />
      <RenamePasskeyDialog
        key={`rename-${renaming?.id}`}
        passkey={renaming}
        onClose={() => setRenaming(null)}
      />
      <RemovePasskeyDialog
        key={`remove-${removing?.id}`}
        passkey={removing}
        onClose={() => setRemoving(null)}
      />
    </Paper>
  );
}
