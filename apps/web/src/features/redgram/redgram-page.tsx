import { generateRedgram, isAdmin, REDGRAM_MESSAGES, type RedgramMode } from '@app/contracts';
import {
  ActionIcon,
  Alert,
  Button,
  Container,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCopy, IconHistory, IconSettings, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useSession } from '@/lib/session-store';
import { useGeneration } from '@/lib/use-generation';
import { ConfigModal } from './config-modal';
import { LogsModal } from './logs-modal';
import { ModeCards } from './mode-cards';
import { ProfileModal } from './profile-modal';
import { toast } from './toast';
import { useDeleteProfile } from './api/delete-profile';
import { useProfiles } from './api/get-profiles';

const INPUT_COPY: Record<RedgramMode, { label: string; placeholder: string }> = {
  escribir: { label: 'Tema', placeholder: 'Escribe el tema sobre el que quieres crear contenido...' },
  reescribir: { label: 'Texto a reescribir', placeholder: 'Pega aquí el texto que quieres optimizar...' },
};

type Dialog = 'none' | 'new-profile' | 'edit-profile' | 'delete-profile' | 'config' | 'logs';

/** RedGram: social-media text from an audience profile, written from a topic or rewritten, streamed by Gemini. */
export function RedgramPage() {
  const user = useSession((state) => state.user);
  const admin = isAdmin(user);
  const profiles = useProfiles();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [mode, setMode] = useState<RedgramMode>('escribir');
  const [input, setInput] = useState('');
  const [dialog, setDialog] = useState<Dialog>('none');
  const deleteProfile = useDeleteProfile();
  const generation = useGeneration();

  const selected = profiles.data?.find((profile) => profile.id === selectedId) ?? null;
  const closeDialog = () => setDialog('none');

  const generate = async () => {
    if (generation.busy) return;
    if (!selected) return toast(REDGRAM_MESSAGES.selectProfile, 'error');
    if (input.trim() === '') return toast(REDGRAM_MESSAGES.missingText[mode], 'error');
    const result = await generation.run(
      generateRedgram,
      { body: { profile_id: selected.id, mode, text: input } },
      REDGRAM_MESSAGES.generateFailed,
    );
    if (result.ok) toast(REDGRAM_MESSAGES.generated);
    else if (result.error) toast(result.error, 'error');
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(generation.text);
      toast(REDGRAM_MESSAGES.copied);
    } catch {
      toast(REDGRAM_MESSAGES.copyFailed, 'error');
    }
  };

  const deleteSelected = () => {
    if (!selected || deleteProfile.isPending) return;
    deleteProfile.mutate(selected.id, {
      onSuccess: () => {
        setSelectedId(null);
        toast(REDGRAM_MESSAGES.profileDeleted);
        closeDialog();
      },
      onError: (error) => toast(error.message, 'error'),
    });
  };

  const hasText = generation.text !== '';

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Title order={1}>RedGram</Title>
            <Text c="dimmed">Genera contenido optimizado para redes sociales</Text>
          </Stack>
          {admin && (
            <Group gap="xs">
              <Button
                variant="default"
                leftSection={<IconHistory size={18} />}
                onClick={() => setDialog('logs')}
              >
                Historial
              </Button>
              <Button
                variant="default"
                leftSection={<IconSettings size={18} />}
                onClick={() => setDialog('config')}
              >
                Configuración
              </Button>
            </Group>
          )}
        </Group>

        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
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
                value={selectedId === null ? '' : String(selectedId)}
                onChange={(event) =>
                  setSelectedId(event.currentTarget.value ? Number(event.currentTarget.value) : null)
                }
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
              <Button variant="light" onClick={() => setDialog('new-profile')}>
                Nuevo Perfil
              </Button>
              <Button
                variant="default"
                onClick={() =>
                  selected ? setDialog('edit-profile') : toast(REDGRAM_MESSAGES.selectProfileToEdit, 'error')
                }
              >
                Editar Perfil
              </Button>
              <Button
                variant="subtle"
                color="red"
                disabled={!selected}
                onClick={() => setDialog('delete-profile')}
              >
                Eliminar Perfil
              </Button>
            </Group>

            <ModeCards mode={mode} onChange={setMode} />

            <Textarea
              label={INPUT_COPY[mode].label}
              placeholder={INPUT_COPY[mode].placeholder}
              autosize
              minRows={5}
              maxRows={14}
              value={input}
              onChange={(event) => setInput(event.currentTarget.value)}
            />
            <Group>
              <Button onClick={() => void generate()} disabled={generation.busy || !selected}>
                {generation.busy ? 'Generando...' : 'Generar'}
              </Button>
              {generation.busy && (
                <Button variant="default" onClick={generation.stop}>
                  Detener
                </Button>
              )}
              <Button variant="subtle" color="gray" onClick={() => setInput('')} disabled={input === ''}>
                Limpiar
              </Button>
            </Group>
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p="lg" aria-labelledby="redgram-result-title">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4" id="redgram-result-title">
              Texto Generado
            </Title>
            <Group gap={4}>
              <Tooltip label="Copiar texto">
                <ActionIcon
                  variant="subtle"
                  aria-label="Copiar texto"
                  disabled={!hasText}
                  onClick={() => void copy()}
                >
                  <IconCopy size={18} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Limpiar texto generado">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label="Limpiar texto generado"
                  disabled={!hasText || generation.busy}
                  onClick={() => generation.setText('')}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>
          <Text
            data-testid="redgram-result"
            aria-live="polite"
            aria-busy={generation.busy}
            c={hasText ? undefined : 'dimmed'}
            style={{ whiteSpace: 'pre-wrap', minHeight: 120 }}
          >
            {hasText
              ? generation.text
              : generation.busy
                ? 'Generando respuesta...'
                : 'El texto generado aparecerá aquí'}
          </Text>
        </Paper>
      </Stack>

      <ProfileModal
        opened={dialog === 'new-profile' || dialog === 'edit-profile'}
        profile={dialog === 'edit-profile' ? selected : null}
        onClose={closeDialog}
        onCreated={(created) => setSelectedId(created.id)}
      />
      <ConfirmDialog
        opened={dialog === 'delete-profile'}
        title="Eliminar Perfil"
        message={`¿Eliminar el perfil "${selected?.name ?? ''}"? Esta acción no se puede deshacer.`}
        busy={deleteProfile.isPending}
        onConfirm={deleteSelected}
        onCancel={closeDialog}
      />
      {admin && <ConfigModal opened={dialog === 'config'} onClose={closeDialog} />}
      {admin && <LogsModal opened={dialog === 'logs'} onClose={closeDialog} />}
    </Container>
  );
}
