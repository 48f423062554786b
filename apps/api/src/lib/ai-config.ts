import type { HistoryChange } from '@app/contracts';

/**
 * The history entry of an AI tool's saved configuration: the fields that changed and whether the Gemini key was
 * changed. The key itself never enters the history, and a blank typed key keeps the stored one.
 */
export function configSaveEntry(
  label: string,
  fieldChanges: HistoryChange[],
  key: { typed: string; stored: string | null },
) {
  const keyChanged = key.typed !== '' && key.typed !== key.stored;
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
