import type { HistoryChange } from '@app/contracts';

/**
 * The history entry of an AI tool's saved configuration: the fields that changed and whether the Gemini key was
 * changed. The key itself never enters the history, and a blank typed key keeps the stored one.
 */
export function configSaveEntry(
  label: string,
  fieldChanges: HistoryChange[],
  typed: { gemini_api_key: string },
  stored: { gemini_api_key: string | null },
) {
  const keyChanged = typed.gemini_api_key !== '' && typed.gemini_api_key !== stored.gemini_api_key;
  return {
    kind: 'config.save' as const,
    entity_type: 'tool',
    label,
    changes: [
      ...fieldChanges,
      { field: 'clave', before: null, after: keyChanged ? 'cambiada' : 'sin cambios' },
    ],
  };
}
