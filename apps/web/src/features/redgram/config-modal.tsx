import { REDGRAM_MESSAGES, RedgramConfigBody } from '@app/contracts';
import { Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { ConfigDialogFrame } from '@/components/config-dialog-frame';
import { DialogActions } from '@/components/dialog-actions';
import { errorMessage } from '@/lib/query-client';
import { useFormFromQuery } from '@/lib/use-form-from-query';
import { useRedgramConfig } from './api/get-config';
import { useSaveRedgramConfig } from './api/save-config';
import { toast } from './toast';

const PLACEHOLDERS =
  'Marcadores: {name}, {social_network}, {sector}, {target_audience}, {specific_audience}, {visual_optimization}';

/** Admin only: Gemini key and the two prompt templates, all required (a blank key keeps the stored one). */
export function ConfigModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const saveConfig = useSaveRedgramConfig();
  const form = useForm<RedgramConfigBody>({
    initialValues: { gemini_api_key: '', prompt_escribir: '', prompt_reescribir: '' },
    validate: zod4Resolver(RedgramConfigBody),
  });

  const { data: config, loadError } = useFormFromQuery(
    useRedgramConfig(opened),
    (loaded) => form.setValues({ ...loaded, gemini_api_key: '' }),
    REDGRAM_MESSAGES.loadConfigFailed,
  );

  const save = (values: RedgramConfigBody) => {
    if (saveConfig.isPending) return;
    if (!values.gemini_api_key && !config?.gemini_api_key.set) {
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

  const key = config?.gemini_api_key;
  return (
    <ConfigDialogFrame opened={opened} onClose={onClose} loadError={loadError} loaded={config !== null}>
      <form noValidate onSubmit={form.onSubmit(save, () => toast(REDGRAM_MESSAGES.fillAllFields, 'error'))}>
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
          <DialogActions onCancel={onClose} saving={saveConfig.isPending} submitLabel="Guardar" />
        </Stack>
      </form>
    </ConfigDialogFrame>
  );
}
