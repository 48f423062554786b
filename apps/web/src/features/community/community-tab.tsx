import {
  COMMUNITY_LOGO_MAX_BYTES,
  COMMUNITY_LOGO_TYPES,
  COMMUNITY_MESSAGES as M,
  COMMUNITY_NAME_MAX,
  type Community,
} from '@app/contracts';
import { Alert, Button, FileButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { CommunityMark } from '@/components/community-brand';
import { ListState } from '@/components/list-state';
import { notifyDone, notifyFailed } from '@/lib/notify';
import { errorMessage } from '@/lib/query-client';
import { useCommunity } from './api/get-community';
import { useDeleteCommunityLogo, useSaveCommunityLogo, useSaveCommunityName } from './api/save-community';

/** The file as base64 (what the JSON body carries). */
const readBase64 = (file: File): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve(typeof reader.result === 'string' ? reader.result.replace(/^data:[^,]*,/, '') : '');
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });

function NameForm({ community }: { community: Community }) {
  const [name, setName] = useState(community.name ?? '');
  const save = useSaveCommunityName();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(name, {
      onSuccess: () => notifyDone(M.saved),
      onError: (error) => notifyFailed(errorMessage(error, M.load)),
    });
  };
  return (
    <form noValidate onSubmit={submit}>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          flex={1}
          miw={220}
          label="Nombre de la comunidad"
          description="Se muestra en la barra superior, en el acceso, en el título de la pestaña y en los correos. En blanco: «Inicio»."
          maxLength={COMMUNITY_NAME_MAX}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={save.error ? errorMessage(save.error, M.load) : undefined}
        />
        <Button type="submit" loading={save.isPending}>
          Guardar nombre
        </Button>
      </Group>
    </form>
  );
}

function LogoForm({ community }: { community: Community }) {
  const upload = useSaveCommunityLogo();
  const removal = useDeleteCommunityLogo();
  const [error, setError] = useState<string | null>(null);

  const choose = async (file: File | null) => {
    if (!file) return;
    setError(null);
    // Checked here for a quick answer; the server checks the same and the file's own bytes.
    if (!(COMMUNITY_LOGO_TYPES as readonly string[]).includes(file.type)) return setError(M.logoType);
    if (file.size > COMMUNITY_LOGO_MAX_BYTES) return setError(M.logoTooLarge);
    upload.mutate(
      { type: file.type, data: await readBase64(file) },
      {
        onSuccess: () => notifyDone(M.logoSaved),
        onError: (failure) => setError(errorMessage(failure, M.load)),
      },
    );
  };

  return (
    <Stack gap="xs">
      <Text fw={500} size="sm">
        Logotipo
      </Text>
      <Text size="sm" c="dimmed">
        PNG, JPEG o WebP de hasta {COMMUNITY_LOGO_MAX_BYTES / 1024} KB. Sustituye a la taza de la barra
        superior.
      </Text>
      <Group>
        <CommunityMark logoUrl={community.logo_url} size={48} />
        <FileButton onChange={(file) => void choose(file)} accept={COMMUNITY_LOGO_TYPES.join(',')}>
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<IconPhotoUp size={16} aria-hidden="true" />}
              loading={upload.isPending}
            >
              {community.logo_url ? 'Cambiar logotipo' : 'Subir logotipo'}
            </Button>
          )}
        </FileButton>
        {community.logo_url && (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden="true" />}
            loading={removal.isPending}
            onClick={() =>
              removal.mutate(undefined, {
                onSuccess: () => notifyDone(M.logoRemoved),
                onError: (failure) => setError(errorMessage(failure, M.load)),
              })
            }
          >
            Quitar logotipo
          </Button>
        )}
      </Group>
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}

/** /config, "Comunidad": the community's name and logo. */
export function CommunityTab() {
  const community = useCommunity();
  return (
    <Stack gap="md">
      <Title order={2}>Comunidad</Title>
      <ListState
        loading={community.isPending}
        error={community.error && errorMessage(community.error, M.load)}
        empty={false}
        emptyLabel=""
        loadingLabel="Cargando..."
        onRetry={() => void community.refetch()}
      >
        {community.data && (
          <Paper withBorder radius="md" p="lg">
            <Stack gap="lg">
              <NameForm community={community.data} />
              <LogoForm community={community.data} />
            </Stack>
          </Paper>
        )}
      </ListState>
    </Stack>
  );
}
