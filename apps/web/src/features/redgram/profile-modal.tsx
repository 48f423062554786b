import { REDGRAM_MESSAGES, RedgramProfileBody, type RedgramProfile } from '@app/contracts';
import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect } from 'react';
import { errorMessage } from '@/lib/query-client';
import { useCreateProfile } from './api/create-profile';
import { useUpdateProfile } from './api/update-profile';
import { toast } from './toast';

const EMPTY: RedgramProfileBody = {
  name: '',
  social_network: '',
  sector: '',
  target_audience: '',
  specific_audience: '',
  visual_optimization: '',
};

export interface ProfileModalProps {
  opened: boolean;
  /** The profile to edit; null creates one. */
  profile: RedgramProfile | null;
  onClose: () => void;
  /** Called with a profile just created (not after an edit). */
  onCreated: (profile: RedgramProfile) => void;
}

/** "Nuevo Perfil" / "Editar Perfil": the six required fields of an audience profile. */
export function ProfileModal({ opened, profile, onClose, onCreated }: ProfileModalProps) {
  const create = useCreateProfile();
  const update = useUpdateProfile();
  const saving = create.isPending || update.isPending;
  const form = useForm<RedgramProfileBody>({
    initialValues: EMPTY,
    validate: zod4Resolver(RedgramProfileBody),
  });

  useEffect(() => {
    if (!opened) return;
    const { id: _id, ...fields } = profile ?? { id: 0, ...EMPTY };
    form.setValues(fields);
    form.resetDirty(fields);
    form.clearErrors();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset each time the dialog opens
  }, [opened, profile]);

  const submit = (values: RedgramProfileBody) => {
    // A second submit while saving is ignored.
    if (saving) return;
    const fallback = profile ? REDGRAM_MESSAGES.updateProfileFailed : REDGRAM_MESSAGES.saveProfileFailed;
    const outcome = {
      onSuccess: (saved: RedgramProfile) => {
        toast(profile ? REDGRAM_MESSAGES.profileUpdated : REDGRAM_MESSAGES.profileCreated);
        if (!profile) onCreated(saved);
        onClose();
      },
      onError: (error: Error) => toast(errorMessage(error, fallback), 'error'),
    };
    if (profile) update.mutate({ id: profile.id, body: values }, outcome);
    else create.mutate(values, outcome);
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={profile ? 'Editar Perfil' : 'Nuevo Perfil'}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <form
        noValidate
        onSubmit={form.onSubmit(
          (values) => void submit(values),
          () => toast(REDGRAM_MESSAGES.fillAllFields, 'error'),
        )}
      >
        <Stack gap="sm">
          <TextInput label="Nombre" withAsterisk {...form.getInputProps('name')} />
          <TextInput
            label="Red Social"
            placeholder="Instagram, TikTok, LinkedIn..."
            withAsterisk
            {...form.getInputProps('social_network')}
          />
          <TextInput label="Sector" withAsterisk {...form.getInputProps('sector')} />
          <Textarea
            label="Público Objetivo"
            autosize
            withAsterisk
            {...form.getInputProps('target_audience')}
          />
          <Textarea
            label="Audiencia Específica"
            autosize
            withAsterisk
            {...form.getInputProps('specific_audience')}
          />
          <Textarea
            label="Optimización Visual"
            placeholder="Emojis, saltos de línea, hashtags..."
            autosize
            withAsterisk
            {...form.getInputProps('visual_optimization')}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancelar
            </Button>
            <Button type="submit" loading={saving}>
              {profile ? 'Guardar Cambios' : 'Crear Perfil'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
