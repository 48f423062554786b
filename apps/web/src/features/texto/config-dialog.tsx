import { AI_MESSAGES, TEXTO_MESSAGES, TextoConfigBody } from '@app/contracts';
import { Alert, PasswordInput, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ConfigDialogFrame } from '@/components/config-dialog-frame';
import { AiProviderFields } from '@/components/ai-provider-fields';
import { DialogActions } from '@/components/dialog-actions';
import { markServerField } from '@/lib/form-errors';
import { errorMessage } from '@/lib/query-client';
import { keyDescription, useSettingsForm, type SettingsForm } from '@/lib/use-settings-form';
import { useTextoConfig } from './api/get-config';
import { useTextoModels } from './api/list-models';
import { useSaveTextoConfig } from './api/save-config';
import { useTextoConnectionTest } from './api/test-connection';

const SETTINGS_FORM: SettingsForm<TextoConfigBody> = {
  schema: TextoConfigBody,
  failedMessage: AI_MESSAGES.configLoadFailed,
  initialValues: {
    api_url: '',
    prompt_ortografia: '',
    prompt_herramienta2: '',
    gemini_api_key: '',
    provider: 'gemini',
    openai_base_url: '',
    openai_model: '',
    openai_api_key: '',
    remove_openai_api_key: false,
  },
};

/** Admin only: the text tools' settings. The key is write-only: the server tells only whether one is set. */
export function ConfigDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const saveConfig = useSaveTextoConfig();
  const test = useTextoConnectionTest();
  const models = useTextoModels();
  const { form, settings, loadError } = useSettingsForm(useTextoConfig(opened), SETTINGS_FORM);
  // A refusal is told inside the dialog, beside the fields, never in a toast over «Guardar».
  const [saveError, setSaveError] = useState<string | null>(null);

  const save = (values: TextoConfigBody) => {
    if (saveConfig.isPending) return;
    setSaveError(null);
    saveConfig.mutate(values, {
      onSuccess: (answer) => {
        notifications.show({ color: 'teal', message: answer.message || TEXTO_MESSAGES.noConfirmation });
        onClose();
      },
      onError: (error) => {
        markServerField(form, error);
        setSaveError(errorMessage(error, AI_MESSAGES.configSaveFailed));
      },
    });
  };

  return (
    <ConfigDialogFrame opened={opened} onClose={onClose} loadError={loadError} loaded={settings !== null}>
      <form noValidate onSubmit={form.onSubmit(save)}>
        <Stack gap="md">
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
          <AiProviderFields
            values={form.getValues()}
            inputProps={(field, options) => form.getInputProps(field, options)}
            serverKey={settings?.openai_api_key}
            test={test}
            models={models}
            geminiFields={
              <>
                <TextInput
                  label="URL de la API"
                  description="Dirección base de Gemini. Déjala en blanco para usar la predeterminada."
                  placeholder="https://generativelanguage.googleapis.com"
                  {...form.getInputProps('api_url')}
                />
                <PasswordInput
                  label="API Key de Gemini"
                  description={keyDescription(settings?.gemini_api_key)}
                  autoComplete="off"
                  {...form.getInputProps('gemini_api_key')}
                />
              </>
            }
          />
          {saveError ? (
            <Alert color="red" role="alert">
              {saveError}
            </Alert>
          ) : null}
          <DialogActions onCancel={onClose} saving={saveConfig.isPending} submitLabel="Guardar" />
        </Stack>
      </form>
    </ConfigDialogFrame>
  );
}
