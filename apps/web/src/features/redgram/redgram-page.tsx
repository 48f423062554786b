import {
  generateRedgram,
  isAdmin,
  networkLimit,
  REDGRAM_MESSAGES,
  REDGRAM_VARIANTS_MAX,
  type RedgramHistoryEntry,
  type RedgramMode,
} from '@app/contracts';
import {
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
} from '@mantine/core';
import { IconHistory, IconSettings } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { AiKeyNotice } from '@/components/ai-key-notice';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { readRedgramDraft } from '@/lib/redgram-draft';
import { useSession } from '@/lib/session-store';
import { useGeneration } from '@/lib/use-generation';
import { ConfigModal } from './config-modal';
import { HistoryPanel } from './history-panel';
import { pickProfile, readLastProfile, saveLastProfile } from './last-profile';
import { LogsModal } from './logs-modal';
import { ModeCards } from './mode-cards';
import { ProfileModal } from './profile-modal';
import { ResultPanel } from './result-panel';
import { toast } from './toast';
import { useDeleteProfile } from './api/delete-profile';
import { useRedgramConfig } from './api/get-config';
import { historyKey } from './api/get-history';
import { useProfiles } from './api/get-profiles';
import { refreshAfterChange } from '@/lib/query-client';

const INPUT_COPY: Record<RedgramMode, { label: string; placeholder: string }> = {
  escribir: { label: 'Tema', placeholder: 'Escribe el tema sobre el que quieres crear contenido...' },
  reescribir: { label: 'Texto a reescribir', placeholder: 'Pega aquí el texto que quieres optimizar...' },
};

type Dialog = 'none' | 'new-profile' | 'edit-profile' | 'delete-profile' | 'config' | 'logs';

/** RedGram: social-media text from an audience profile, written from a topic or rewritten, streamed by Gemini. */
export function RedgramPage() {
  const user = useSession((state) => state.user);
  const admin = isAdmin(user);
  // Only an administrator may read the settings: members learn of a missing key from the tool's own message.
  const config = useRedgramConfig(admin);
  const profiles = useProfiles();
  // A reload keeps the member's last choice; a member with one profile never has to choose it.
  const [chosenId, setChosenId] = useState(() => readLastProfile(user?.id));
  const profileHintId = useId();
  const choose = (id: number | null) => {
    setChosenId(id);
    saveLastProfile(user?.id, id);
  };
  // "Crear publicación" (video tools) opens this screen with a text to rewrite.
  const location = useLocation();
  const [draft] = useState(() => readRedgramDraft(location.state));
  const [mode, setMode] = useState<RedgramMode>(draft?.mode ?? 'escribir');
  const [input, setInput] = useState(draft?.text ?? '');
  const [variantCount, setVariantCount] = useState(1);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>('none');
  const deleteProfile = useDeleteProfile();
  const generation = useGeneration();

  const selected = pickProfile(profiles.data, chosenId);
  const closeDialog = () => setDialog('none');

  const generate = async () => {
    if (generation.busy) return;
    if (!selected) return toast(REDGRAM_MESSAGES.selectProfile, 'error');
    if (input.trim() === '') return toast(REDGRAM_MESSAGES.missingText[mode], 'error');
    const result = await generation.run(
      generateRedgram,
      { body: { profile_id: selected.id, mode, text: input, variants: variantCount } },
      REDGRAM_MESSAGES.generateFailed,
    );
    if (result.ok) {
      toast(REDGRAM_MESSAGES.generated);
      void refreshAfterChange(queryClient, historyKey);
    } else if (result.error) toast(result.error, 'error');
  };

  /** "Usar de nuevo": the entry's profile (if it still exists), mode, text and number of variants. */
  const reuse = (entry: RedgramHistoryEntry) => {
    const profile = profiles.data?.find((candidate) => candidate.id === entry.profile_id);
    setMode(entry.mode);
    setInput(entry.input_text);
    setVariantCount(Math.min(Math.max(entry.variants.length, 1), REDGRAM_VARIANTS_MAX));
    if (profile) {
      choose(profile.id);
      toast(REDGRAM_MESSAGES.historyReused);
    } else toast(REDGRAM_MESSAGES.historyProfileGone, 'error');
    window.scrollTo({ top: 0, behavior: 'smooth' });
    inputRef.current?.focus({ preventScroll: true });
  };

  const deleteSelected = () => {
    if (!selected || deleteProfile.isPending) return;
    deleteProfile.mutate(selected.id, {
      onSuccess: () => {
        choose(null);
        toast(REDGRAM_MESSAGES.profileDeleted);
        closeDialog();
      },
      onError: (error) => toast(error.message, 'error'),
    });
  };

  const limit = selected ? networkLimit(selected.social_network) : null;
  const shownVariants =
    generation.variants.length > 1
      ? generation.variants
      : generation.busy && variantCount > 1
        ? Array.from({ length: variantCount }, () => '')
        : [generation.text];
  const clearResult = () => {
    generation.setText('');
    generation.setVariants([]);
  };

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

        {config.data?.gemini_api_key.set === false && <AiKeyNotice onConfigure={() => setDialog('config')} />}

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
                value={selected ? String(selected.id) : ''}
                onChange={(event) =>
                  choose(event.currentTarget.value ? Number(event.currentTarget.value) : null)
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
              {/* Without a profile it looks disabled and says why, but stays clickable: the spec's toast answers a click. */}
              <Button
                variant="default"
                data-disabled={!selected || undefined}
                aria-disabled={!selected}
                aria-describedby={selected ? undefined : profileHintId}
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
            {!selected && !profiles.isError && (
              <Text size="sm" c="dimmed" id={profileHintId} mt={-8}>
                Elige un perfil en «Seleccionar perfil» para editarlo o eliminarlo.
              </Text>
            )}

            <ModeCards mode={mode} onChange={setMode} />

            <Textarea
              label={INPUT_COPY[mode].label}
              placeholder={INPUT_COPY[mode].placeholder}
              autosize
              minRows={5}
              maxRows={14}
              value={input}
              onChange={(event) => setInput(event.currentTarget.value)}
              ref={inputRef}
            />
            <Group align="flex-end">
              <NativeSelect
                label="Variantes"
                value={String(variantCount)}
                onChange={(event) => setVariantCount(Number(event.currentTarget.value))}
                disabled={generation.busy}
                data={Array.from({ length: REDGRAM_VARIANTS_MAX }, (_, index) => ({
                  value: String(index + 1),
                  label: index === 0 ? '1 variante' : `${index + 1} variantes`,
                }))}
              />
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

        <ResultPanel texts={shownVariants} busy={generation.busy} limit={limit} onClear={clearResult} />

        <HistoryPanel onReuse={reuse} />
      </Stack>

      <ProfileModal
        opened={dialog === 'new-profile' || dialog === 'edit-profile'}
        profile={dialog === 'edit-profile' ? selected : null}
        onClose={closeDialog}
        onCreated={(created) => choose(created.id)}
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
