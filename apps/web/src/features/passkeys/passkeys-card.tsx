import { PASSKEY_MESSAGES, type Passkey } from '@app/contracts';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PlainList } from '@/components/plain-list';
import { ProfileSection } from '@/components/profile-section';
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
    <ProfileSection title="Llaves de acceso" titleId="passkeys-title">
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
        <PlainList label="Tus llaves de acceso">
          {passkeys.data?.map((passkey) => (
            <PasskeyRow
              key={passkey.id}
              passkey={passkey}
              onRename={() => setRenaming(passkey)}
              onRemove={() => setRemoving(passkey)}
            />
          ))}
        </PlainList>
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
    </ProfileSection>
  );
}
