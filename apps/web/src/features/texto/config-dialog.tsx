import {
  AI_MESSAGES,
  getTextoConfig,
  saveTextoConfig,
  TEXTO_MESSAGES,
  TextoConfigBody,
  type TextoConfig,
} from '@app/contracts';
import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  PasswordInput,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useState } from 'react';
import { api, ApiError } from '@/lib/api';

const keyDescription = (config: TextoConfig | null) =>
  config?.gemini_api_key.set
    ? `Configurada${config.gemini_api_key.last4 ? ` (termina en ${config.gemini_api_key.last4})` : ''}. Déjala en blanco para mantenerla.`
    : 'No configurada';

/** Admin only: the text tools' settings. The key is write-only: the server tells only whether one is set. */
export function ConfigDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [config, setConfig] = useState<TextoConfig | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useForm<TextoConfigBody>({
    initialValues: { api_url: '', prompt_ortografia: '', prompt_herramienta2: '', gemini_api_key: '' },
    validate: zod4Resolver(TextoConfigBody),
  });

  useEffect(() => {
    if (!opened) return;
    let active = true;
    setConfig(null);
    setLoadError(null);
    api(getTextoConfig)
      .then((loaded) => {
        if (!active) return;
        setConfig(loaded);
        form.setValues({ ...loaded, gemini_api_key: '' });
      })
      .catch(() => active && setLoadError(AI_MESSAGES.configLoadFailed));
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reload each time the dialog opens
  }, [opened]);

  const save = async (values: TextoConfigBody) => {
    if (saving) return;
    setSaving(true);
    try {
      const answer = await api(
        saveTextoConfig,
        { body: values },
        { fallbackError: AI_MESSAGES.configSaveFailed },
      );
      notifications.show({ color: 'teal', message: answer.message || TEXTO_MESSAGES.noConfirmation });
      onClose();
    } catch (error) {
      notifications.show({
        color: 'red',
        message: error instanceof ApiError ? error.message : AI_MESSAGES.configSaveFailed,
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Configuración"
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {loadError ? (
        <Alert color="red" role="alert">
          {loadError}
        </Alert>
      ) : !config ? (
        <Group justify="center" py="xl" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text c="dimmed">Cargando configuración...</Text>
        </Group>
      ) : (
        <form noValidate onSubmit={form.onSubmit((values) => void save(values))}>
          <Stack gap="md">
            <TextInput
              label="URL de la API"
              description="Dirección base de Gemini. Déjala en blanco para usar la predeterminada."
              placeholder="https://generativelanguage.googleapis.com"
              {...form.getInputProps('api_url')}
            />
            <Textarea
              label="Prompt de ortografía"
              autosize
              minRows={2}
              {...form.getInputProps('prompt_ortografia')}
            />
            <Textarea
              label="Prompt de emojis"
              autosize
              minRows={2}
              {...form.getInputProps('prompt_herramienta2')}
            />
            <PasswordInput
              label="API Key de Gemini"
              description={keyDescription(config)}
              autoComplete="off"
              {...form.getInputProps('gemini_api_key')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose} disabled={saving}>
                Cancelar
              </Button>
              <Button type="submit" loading={saving}>
                Guardar
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
