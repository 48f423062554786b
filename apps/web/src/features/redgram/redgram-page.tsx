import {
  isAdmin,
  networkLimit,
  REDGRAM_MESSAGES,
  REDGRAM_VARIANTS_MAX,
  type RedgramHistoryEntry,
  type RedgramMode,
  type RedgramProfile,
} from '@app/contracts';
import { Button, Container, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconHistory, IconSettings } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { AiKeyNotice, AiNotReadyNotice } from '@/components/ai-key-notice';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { readRedgramDraft } from '@/lib/redgram-draft';
import { useSession } from '@/lib/session-store';
import { ConfigModal } from './config-modal';
import { GenerateBar } from './generate-bar';
import { HistoryPanel } from './history-panel';
import { LogsModal } from './logs-modal';
import { ModeCards } from './mode-cards';
import { ProfileModal } from './profile-modal';
import { ProfilePicker } from './profile-picker';
import { ResultPanel } from './result-panel';
import { toast } from './toast';
import { useDeleteProfile } from './api/delete-profile';
import { useRedgramConfig } from './api/get-config';
import { useRedgramReady } from './api/get-ready';
import { useChosenProfile, useRedgramWriter } from './use-redgram';

const INPUT_COPY: Record<RedgramMode, { label: string; placeholder: string }> = {
  escribir: { label: 'Tema', placeholder: 'Escribe el tema sobre el que quieres crear contenido...' },
  reescribir: { label: 'Texto a reescribir', placeholder: 'Pega aquí el texto que quieres optimizar...' },
};

type Dialog = 'none' | 'new-profile' | 'edit-profile' | 'delete-profile' | 'config' | 'logs';

function RedgramHeader({ admin, onOpen }: { admin: boolean; onOpen: (dialog: 'logs' | 'config') => void }) {
  return (
    <Group justify="space-between" align="flex-start">
      <Stack gap={4}>
        <Title order={1}>RedGram</Title>
        <Text c="dimmed">Genera contenido optimizado para redes sociales</Text>
      </Stack>
      {admin && (
        <Group gap="xs">
          <Button variant="default" leftSection={<IconHistory size={18} />} onClick={() => onOpen('logs')}>
            Historial
          </Button>
          <Button variant="default" leftSection={<IconSettings size={18} />} onClick={() => onOpen('config')}>
            Configuración
          </Button>
        </Group>
      )}
    </Group>
  );
}

/** Asks before deleting the chosen profile; once it is gone, nothing is chosen. */
function DeleteProfileDialog({
  opened,
  profile,
  onDeleted,
  onClose,
}: {
  opened: boolean;
  profile: RedgramProfile | null;
  onDeleted: () => void;
  onClose: () => void;
}) {
  const deleteProfile = useDeleteProfile();
  const confirm = () => {
    if (!profile || deleteProfile.isPending) return;
    deleteProfile.mutate(profile.id, {
      onSuccess: () => {
        onDeleted();
        toast(REDGRAM_MESSAGES.profileDeleted);
        onClose();
      },
      onError: (error) => toast(error.message, 'error'),
    });
  };
  return (
    <ConfirmDialog
      opened={opened}
      title="Eliminar Perfil"
      message={`¿Eliminar el perfil "${profile?.name ?? ''}"? Esta acción no se puede deshacer.`}
      busy={deleteProfile.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}

/** RedGram: social-media text from an audience profile, written from a topic or rewritten, streamed by Gemini. */
export function RedgramPage() {
  const user = useSession((state) => state.user);
  const admin = isAdmin(user);
  // Only an administrator may read the settings: members learn of a missing key from the tool's own message.
  const config = useRedgramConfig(admin);
  const ready = useRedgramReady(user !== null && !admin);
  const { profiles, selected, choose } = useChosenProfile(user?.id);
  // "Crear publicación" (video tools) opens this screen with a text to rewrite.
  const location = useLocation();
  const [draft] = useState(() => readRedgramDraft(location.state));
  const [mode, setMode] = useState<RedgramMode>(draft?.mode ?? 'escribir');
  const [input, setInput] = useState(draft?.text ?? '');
  const [variantCount, setVariantCount] = useState(1);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const [dialog, setDialog] = useState<Dialog>('none');
  const writer = useRedgramWriter({ selected, mode, input, variantCount });
  const closeDialog = () => setDialog('none');

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

  const limit = selected ? networkLimit(selected.social_network) : null;
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <RedgramHeader admin={admin} onOpen={setDialog} />

        <AiKeyNotice settings={config.data} onConfigure={() => setDialog('config')} />
        <AiNotReadyNotice configured={ready.data?.configured} />

        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            <ProfilePicker
              profiles={profiles}
              selected={selected}
              onChoose={choose}
              onNew={() => setDialog('new-profile')}
              onEdit={() => setDialog('edit-profile')}
              onDelete={() => setDialog('delete-profile')}
            />

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
            <GenerateBar
              variantCount={variantCount}
              onVariantCount={setVariantCount}
              busy={writer.busy}
              canGenerate={selected !== null && ready.data?.configured !== false}
              onGenerate={() => void writer.generate()}
              onStop={writer.stop}
              canClear={input !== ''}
              onClear={() => setInput('')}
            />
          </Stack>
        </Paper>

        <ResultPanel
          texts={writer.shownVariants}
          busy={writer.busy}
          limit={limit}
          onClear={writer.clearResult}
        />

        <HistoryPanel onReuse={reuse} />
      </Stack>

      <ProfileModal
        opened={dialog === 'new-profile' || dialog === 'edit-profile'}
        profile={dialog === 'edit-profile' ? selected : null}
        onClose={closeDialog}
        onCreated={(created) => choose(created.id)}
      />
      <DeleteProfileDialog
        opened={dialog === 'delete-profile'}
        profile={selected}
        onDeleted={() => choose(null)}
        onClose={closeDialog}
      />
      {admin && <ConfigModal opened={dialog === 'config'} onClose={closeDialog} />}
      {admin && <LogsModal opened={dialog === 'logs'} onClose={closeDialog} />}
    </Container>
  );
}
