import {
  getRedgramConfig,
  REDGRAM_MESSAGES,
  RedgramConfigBody,
  saveRedgramConfig,
  type RedgramConfig,
} from '@app/contracts';
import { Alert, Button, Group, Loader, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useState } from 'react';
import { api, ApiError } from '@/lib/api';
import { toast } from './toast';

const PLACEHOLDERS =
  'Marcadores: {name}, {social_network}, {sector}, {target_audience}, {specific_audience}, {visual_optimization}';

/** Admin only: Gemini key and the two prompt templates, all required (a blank key keeps the stored one). */
export function ConfigModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [config, setConfig] = useState<RedgramConfig | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useForm<RedgramConfigBody>({
    initialValues: { gemini_api_key: '', prompt_escribir: '', prompt_reescribir: '' },
    validate: zod4Resolver(RedgramConfigBody),
  });

  useEffect(() => {
    if (!opened) return;
    let active = true;
    setConfig(null);
    setLoadError(null);
    api(getRedgramConfig)
      .then((loaded) => {
        if (!active) return;
        setConfig(loaded);
        form.setValues({ ...loaded, gemini_api_key: '' });
      })
      .catch(() => active && setLoadError(REDGRAM_MESSAGES.loadConfigFailed));
    return () => {
      active = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reload each time the dialog opens
  }, [opened]);

  const save = async (values: RedgramConfigBody) => {
    if (saving) return;
    if (!values.gemini_api_key && !config?.gemini_api_key.set) {
      toast(REDGRAM_MESSAGES.fillAllFields, 'error');
      return;
    }
    setSaving(true);
    try {
      await api(saveRedgramConfig, { body: values }, { fallbackError: REDGRAM_MESSAGES.saveFailed });
      toast(REDGRAM_MESSAGES.configSaved);
      onClose();
    } catch (error) {
      toast(error instanceof ApiError ? error.message : REDGRAM_MESSAGES.saveFailed, 'error');
    } finally {
      setSaving(false);
    }
  };

  const key = config?.gemini_api_key;
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
        <form
          noValidate
          onSubmit={form.onSubmit(
            (values) => void save(values),
            () => toast(REDGRAM_MESSAGES.fillAllFields, 'error'),
          )}
        >
          <Stack gap="md">
            <TextInput
              label="API Key de Gemini"
              description={
                key?.set
                  ? `Configurada${key.last4 ? ` (termina en ${key.last4})` : ''}. Déjala en blanco para mantenerla.`
                  : 'No configurada'
              }
              withAsterisk={!key?.set}
              autoComplete="off"
              {...form.getInputProps('gemini_api_key')}
            />
            <Textarea
              label="Prompt para Escribir"
              description={`${PLACEHOLDERS}, {tema}`}
              autosize
              minRows={3}
              withAsterisk
              {...form.getInputProps('prompt_escribir')}
            />
            <Textarea
              label="Prompt para Reescribir"
              description={`${PLACEHOLDERS}, {texto}`}
              autosize
              minRows={3}
              withAsterisk
              {...form.getInputProps('prompt_reescribir')}
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
