import { AI_MESSAGES, TEXTO_MESSAGES, TextoConfigBody, type TextoConfig } from '@app/contracts';
import { PasswordInput, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { ConfigDialogFrame } from '@/components/config-dialog-frame';
import { DialogActions } from '@/components/dialog-actions';
import { errorMessage } from '@/lib/query-client';
import { useFormFromQuery } from '@/lib/use-form-from-query';
import { useTextoConfig } from './api/get-config';
import { useSaveTextoConfig } from './api/save-config';

const keyDescription = (config: TextoConfig | null) =>
  config?.gemini_api_key.set
    ? `Configurada${config.gemini_api_key.last4 ? ` (termina en ${config.gemini_api_key.last4})` : ''}. Déjala en blanco para mantenerla.`
    : 'No configurada';

/** Admin only: the text tools' settings. The key is write-only: the server tells only whether one is set. */
export function ConfigDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const saveConfig = useSaveTextoConfig();
  const form = useForm<TextoConfigBody>({
    initialValues: { api_url: '', prompt_ortografia: '', prompt_herramienta2: '', gemini_api_key: '' },
    validate: zod4Resolver(TextoConfigBody),
  });

  const { data: config, loadError } = useFormFromQuery(
    useTextoConfig(opened),
    (loaded) => form.setValues({ ...loaded, gemini_api_key: '' }),
    AI_MESSAGES.configLoadFailed,
  );

  const save = (values: TextoConfigBody) => {
    if (saveConfig.isPending) return;
    saveConfig.mutate(values, {
      onSuccess: (answer) => {
        notifications.show({ color: 'teal', message: answer.message || TEXTO_MESSAGES.noConfirmation });
        onClose();
      },
      onError: (error) =>
        notifications.show({ color: 'red', message: errorMessage(error, AI_MESSAGES.configSaveFailed) }),
    });
  };

  return (
    <ConfigDialogFrame opened={opened} onClose={onClose} loadError={loadError} loaded={config !== null}>
      <form noValidate onSubmit={form.onSubmit(save)}>
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
          <DialogActions onCancel={onClose} saving={saveConfig.isPending} submitLabel="Guardar" />
        </Stack>
      </form>
    </ConfigDialogFrame>
  );
}
