import { REDGRAM_MESSAGES, RedgramConfigBody } from '@app/contracts';
import { AiToolConfigDialog } from '@/components/ai-tool-config-dialog';
import { useRedgramConfig } from './api/get-config';
import { useSaveRedgramConfig } from './api/save-config';
import { toast } from './toast';

const PLACEHOLDERS =
  'Marcadores: {name}, {social_network}, {sector}, {target_audience}, {specific_audience}, {visual_optimization}';

const PROMPTS = [
  { field: 'prompt_escribir', label: 'Prompt para Escribir', description: `${PLACEHOLDERS}, {tema}` },
  { field: 'prompt_reescribir', label: 'Prompt para Reescribir', description: `${PLACEHOLDERS}, {texto}` },
] as const;

/** Admin only: RedGram's two prompt templates and the AI connection, model, temperature and cap it uses. */
export function ConfigModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <AiToolConfigDialog
      opened={opened}
      onClose={onClose}
      prompts={PROMPTS}
      config={useRedgramConfig(opened)}
      save={useSaveRedgramConfig()}
      schema={RedgramConfigBody}
      failedMessage={REDGRAM_MESSAGES.loadConfigFailed}
      saveFailed={REDGRAM_MESSAGES.saveFailed}
      onSaved={(message) => toast(message || REDGRAM_MESSAGES.configSaved)}
    />
  );
}
