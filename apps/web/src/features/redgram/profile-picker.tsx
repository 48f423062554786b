import { REDGRAM_MESSAGES, type RedgramProfile } from '@app/contracts';
import { Alert, Button, Group, NativeSelect, Text } from '@mantine/core';
import { useId } from 'react';
import type { useProfiles } from './api/get-profiles';
import { toast } from './toast';

/** The audience profile to write for, and the buttons that create, edit or delete one. */
export function ProfilePicker({
  profiles,
  selected,
  onChoose,
  onNew,
  onEdit,
  onDelete,
}: {
  profiles: ReturnType<typeof useProfiles>;
  selected: RedgramProfile | null;
  onChoose: (id: number | null) => void;
  onNew: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const profileHintId = useId();
  return (
    <>
      {profiles.isError ? (
        <Alert color="red" role="alert">
          <Group justify="space-between">
            <Text>{REDGRAM_MESSAGES.loadProfilesFailed}</Text>
            <Button variant="light" color="red" onClick={() => void profiles.refetch()}>
              Reintentar
            </Button>
          </Group>
        </Alert>
      ) : (
        <NativeSelect
          label="Seleccionar perfil"
          value={selected ? String(selected.id) : ''}
          onChange={(event) => onChoose(event.currentTarget.value ? Number(event.currentTarget.value) : null)}
          disabled={profiles.isPending}
          data={[
            { value: '', label: profiles.isPending ? 'Cargando perfiles...' : 'Seleccionar perfil' },
            ...(profiles.data ?? []).map((profile) => ({
              value: String(profile.id),
              label: profile.name,
            })),
          ]}
        />
      )}
      <Group gap="xs">
        <Button variant="light" onClick={onNew}>
          Nuevo Perfil
        </Button>
        {/* Without a profile it looks disabled and says why, but stays clickable: the spec's toast answers a click. */}
        <Button
          variant="default"
          data-disabled={!selected || undefined}
          aria-disabled={!selected}
          aria-describedby={selected ? undefined : profileHintId}
          onClick={() => (selected ? onEdit() : toast(REDGRAM_MESSAGES.selectProfileToEdit, 'error'))}
        >
          Editar Perfil
        </Button>
        <Button variant="subtle" color="red" disabled={!selected} onClick={onDelete}>
          Eliminar Perfil
        </Button>
      </Group>
      {!selected && !profiles.isError && (
        <Text size="sm" c="dimmed" id={profileHintId} mt={-8}>
          Elige un perfil en «Seleccionar perfil» para editarlo o eliminarlo.
        </Text>
      )}
    </>
  );
}
