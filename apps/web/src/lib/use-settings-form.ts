import { useForm } from '@mantine/form';
import type { UseQueryResult } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect } from 'react';
import type { z } from 'zod';

/** A stored Gemini key as the server describes it: never the key itself. */
export interface WriteOnlyKey {
  set: boolean;
  last4?: string | null;
}

/** What a settings form checks, starts from, and says when the settings cannot be loaded. */
export interface SettingsForm<Values> {
  schema: z.ZodType<Values>;
  initialValues: Values;
  failedMessage: string;
}

/**
 * An admin settings dialog's form over the query that loads the settings: each finished load (every opening
 * loads them afresh) fills the form, with the write-only keys (`gemini_api_key`, `openai_api_key`) blank. `settings` is null until
 * then; `loadError` is `failedMessage` when the load failed.
 */
export function useSettingsForm<Values extends { gemini_api_key: string }, Settings extends object>(
  query: UseQueryResult<Settings>,
  { schema, initialValues, failedMessage }: SettingsForm<Values>,
) {
  const form = useForm<Values>({ initialValues, validate: zod4Resolver(schema) });
  const settings = query.data !== undefined && !query.isFetching ? query.data : null;
  useEffect(() => {
    if (settings === null) return;
    const blankKeys =
      'openai_api_key' in settings ? { openai_api_key: '', remove_openai_api_key: false } : {};
    form.setValues({ ...settings, gemini_api_key: '', ...blankKeys });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the form object is stable; fill once per load
  }, [settings]);
  return { form, settings, loadError: query.isError ? failedMessage : null };
}

/** The key field's description: whether a key is stored (and how it ends), or "No configurada". */
export const keyDescription = (key: WriteOnlyKey | undefined): string =>
  key?.set
    ? `Configurada${key.last4 ? ` (termina en ${key.last4})` : ''}. Déjala en blanco para mantenerla.`
    : 'No configurada';
