import { AI_MESSAGES, TEXTO_MESSAGES, TextoConfigBody } from '@app/contracts';
import { notifications } from '@mantine/notifications';
import { AiToolConfigDialog } from '@/components/ai-tool-config-dialog';
import { useTextoConfig } from './api/get-config';
import { useSaveTextoConfig } from './api/save-config';

const PROMPTS = [
  { field: 'prompt_ortografia', label: 'Prompt de ortografía' },
  { field: 'prompt_herramienta2', label: 'Prompt de emojis' },
] as const;

/** Admin only: the text tools' prompts and the AI connection, model, temperature and cap they use. */
export function ConfigDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <AiToolConfigDialog
      opened={opened}
      onClose={onClose}
      prompts={PROMPTS}
      config={useTextoConfig(opened)}
      save={useSaveTextoConfig()}
      schema={TextoConfigBody}
      failedMessage={AI_MESSAGES.configLoadFailed}
      saveFailed={AI_MESSAGES.configSaveFailed}
      onSaved={(message) =>
        notifications.show({ color: 'teal', message: message || TEXTO_MESSAGES.noConfirmation })
      }
    />
  );
}
