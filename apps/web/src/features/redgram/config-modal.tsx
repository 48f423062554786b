import { REDGRAM_MESSAGES, RedgramConfigBody } from '@app/contracts';
import { Alert, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ConfigDialogFrame } from '@/components/config-dialog-frame';
import { AiProviderFields } from '@/components/ai-provider-fields';
import { DialogActions } from '@/components/dialog-actions';
import { markServerField } from '@/lib/form-errors';
import { errorMessage } from '@/lib/query-client';
import { keyDescription, useSettingsForm, type SettingsForm } from '@/lib/use-settings-form';
import { useRedgramConfig } from './api/get-config';
import { useRedgramModels } from './api/list-models';
import { useSaveRedgramConfig } from './api/save-config';
import { useRedgramConnectionTest } from './api/test-connection';
import { toast } from './toast';

const PLACEHOLDERS =
  'Marcadores: {name}, {social_network}, {sector}, {target_audience}, {specific_audience}, {visual_optimization}';

const SETTINGS_FORM: SettingsForm<RedgramConfigBody> = {
  schema: RedgramConfigBody,
  initialValues: {
    gemini_api_key: '',
    prompt_escribir: '',
    prompt_reescribir: '',
    provider: 'gemini',
    openai_base_url: '',
    openai_model: '',
    openai_api_key: '',
    remove_openai_api_key: false,
  },
  failedMessage: REDGRAM_MESSAGES.loadConfigFailed,
};

/**
 * Admin only: the provider (Gemini and its key, or an OpenAI-compatible server) and the two prompt templates,
 * all required (a blank key keeps the stored one).
 */
export function ConfigModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const saveConfig = useSaveRedgramConfig();
  const test = useRedgramConnectionTest();
  const models = useRedgramModels();
  const { form, settings, loadError } = useSettingsForm(useRedgramConfig(opened), SETTINGS_FORM);
  // A refusal is told inside the dialog and on the field it names, never in a toast over «Guardar».
  const [saveError, setSaveError] = useState<string | null>(null);

  const save = (values: RedgramConfigBody) => {
    if (saveConfig.isPending) return;
    setSaveError(null);
    if (values.provider !== 'openai' && !values.gemini_api_key && !settings?.gemini_api_key.set) {
      form.setFieldError('gemini_api_key', REDGRAM_MESSAGES.fillAllFields);
      setSaveError(REDGRAM_MESSAGES.fillAllFields);
      return;
    }
    saveConfig.mutate(values, {
      onSuccess: () => {
        toast(REDGRAM_MESSAGES.configSaved);
        onClose();
      },
      onError: (error) => {
        markServerField(form, error);
        setSaveError(errorMessage(error, REDGRAM_MESSAGES.saveFailed));
      },
    });
  };

  const key = settings?.gemini_api_key;
  return (
    <ConfigDialogFrame opened={opened} onClose={onClose} loadError={loadError} loaded={settings !== null}>
      <form noValidate onSubmit={form.onSubmit(save, () => setSaveError(REDGRAM_MESSAGES.fillAllFields))}>
        <Stack gap="md">
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
          <AiProviderFields
            values={form.getValues()}
            inputProps={(field, options) => form.getInputProps(field, options)}
            serverKey={settings?.openai_api_key}
            test={test}
            models={models}
            geminiFields={
              <TextInput
                label="API Key de Gemini"
                description={keyDescription(key)}
                withAsterisk={!key?.set}
                autoComplete="off"
                {...form.getInputProps('gemini_api_key')}
              />
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
