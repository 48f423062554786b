import { REDGRAM_MESSAGES, RedgramConfigBody } from '@app/contracts';
import { Stack, Textarea, TextInput } from '@mantine/core';
import { ConfigDialogFrame } from '@/components/config-dialog-frame';
import { AiProviderFields } from '@/components/ai-provider-fields';
import { DialogActions } from '@/components/dialog-actions';
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

  const save = (values: RedgramConfigBody) => {
    if (saveConfig.isPending) return;
    if (values.provider !== 'openai' && !values.gemini_api_key && !settings?.gemini_api_key.set) {
      toast(REDGRAM_MESSAGES.fillAllFields, 'error');
      return;
    }
    saveConfig.mutate(values, {
      onSuccess: () => {
        toast(REDGRAM_MESSAGES.configSaved);
        onClose();
      },
      onError: (error) => toast(errorMessage(error, REDGRAM_MESSAGES.saveFailed), 'error'),
    });
  };

  const key = settings?.gemini_api_key;
  return (
    <ConfigDialogFrame opened={opened} onClose={onClose} loadError={loadError} loaded={settings !== null}>
      <form noValidate onSubmit={form.onSubmit(save, () => toast(REDGRAM_MESSAGES.fillAllFields, 'error'))}>
        <Stack gap="md">
          <AiProviderFields
            values={form.getValues()}
            inputProps={(field) => form.getInputProps(field)}
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
          <DialogActions onCancel={onClose} saving={saveConfig.isPending} submitLabel="Guardar" />
        </Stack>
      </form>
    </ConfigDialogFrame>
  );
}
