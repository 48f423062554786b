import {
  AI_PROVIDER_LABELS,
  AI_PROVIDER_MESSAGES,
  type AiProvider,
  type HistoryChange,
} from '@app/contracts';
import { badRequest } from './errors';
import { secretStatus } from './generation';

/** Which provider an AI tool uses, and the OpenAI-compatible server's address, model and key. */
export interface ProviderSettings {
  provider: AiProvider;
  openai_base_url: string;
  openai_model: string;
  openai_api_key: string | null;
}

export const PROVIDER_DEFAULTS: ProviderSettings = {
  provider: 'gemini',
  openai_base_url: '',
  openai_model: '',
  openai_api_key: null,
};

/** The provider fields of a settings form; a field left out keeps its stored value, a blank key the stored key. */
export interface ProviderInput {
  provider?: AiProvider | undefined;
  openai_base_url?: string | undefined;
  openai_model?: string | undefined;
  openai_api_key?: string | undefined;
  remove_openai_api_key?: boolean | undefined;
}

/**
 * The provider settings after a save. A new base URL needs the key typed again (the stored key is never sent to
 * an address it was not entered for); the OpenAI-compatible provider needs an address and a model.
 */
export function mergeProviderSettings(input: ProviderInput, current: ProviderSettings): ProviderSettings {
  const provider = input.provider ?? current.provider;
  const baseUrl = input.openai_base_url ?? current.openai_base_url;
  const model = input.openai_model ?? current.openai_model;
  const typedKey = input.openai_api_key ?? '';
  const remove = input.remove_openai_api_key === true;
  if (!remove && baseUrl !== current.openai_base_url && typedKey === '' && current.openai_api_key) {
    throw badRequest(AI_PROVIDER_MESSAGES.keyRequiredForNewBaseUrl, 'openai_api_key');
  }
  if (provider === 'openai' && baseUrl === '') {
    throw badRequest(AI_PROVIDER_MESSAGES.baseUrlRequired, 'openai_base_url');
  }
  if (provider === 'openai' && model === '')
    throw badRequest(AI_PROVIDER_MESSAGES.modelRequired, 'openai_model');
  return {
    provider,
    openai_base_url: baseUrl,
    openai_model: model,
    openai_api_key: typedKey || (remove ? null : current.openai_api_key),
  };
}

/** An AI tool's keys as stored (`change` = seal) or read (`change` = open): never in clear in the database. */
export const sealKeys = <T extends { gemini_api_key: string | null; openai_api_key: string | null }>(
  settings: T,
  change: (stored: string) => string,
): T => ({
  ...settings,
  gemini_api_key: settings.gemini_api_key === null ? null : change(settings.gemini_api_key),
  openai_api_key: settings.openai_api_key === null ? null : change(settings.openai_api_key),
});

/** How the provider settings are shown to the admin: the server's key only as set / not set. */
export const providerStatus = ({ openai_api_key, ...rest }: ProviderSettings) => ({
  ...rest,
  openai_api_key: secretStatus(openai_api_key),
});

/** The key "Probar conexión" or the model list may use: the typed one, or the stored one at its own address. */
export const keyForAddress = (
  typed: string,
  address: string,
  stored: { address: string; key: string | null },
): string => typed || (address === stored.address ? (stored.key ?? '') : '');

const keyChange = (field: string, typed: string | undefined, stored: string | null): HistoryChange[] =>
  typed ? [{ field, before: null, after: typed === stored ? 'sin cambios' : 'cambiada' }] : [];

/**
 * The history entry of an AI tool's saved configuration: the fields that changed, the provider by its name, and
 * whether each key was changed. The keys themselves never enter the history, and a blank typed key keeps the
 * stored one.
 */
export function configSaveEntry(
  label: string,
  fieldChanges: HistoryChange[],
  typed: {
    gemini_api_key: string;
    openai_api_key?: string | undefined;
    remove_openai_api_key?: boolean | undefined;
  },
  stored: { gemini_api_key: string | null; openai_api_key: string | null },
  providers?: { before: ProviderSettings; after: ProviderSettings },
) {
  const keyChanged = typed.gemini_api_key !== '' && typed.gemini_api_key !== stored.gemini_api_key;
  const providerChanges: HistoryChange[] = [];
  if (providers) {
    const { before, after } = providers;
    if (before.provider !== after.provider) {
      providerChanges.push({
        field: 'provider',
        before: AI_PROVIDER_LABELS[before.provider],
        after: AI_PROVIDER_LABELS[after.provider],
      });
    }
    for (const field of ['openai_base_url', 'openai_model'] as const) {
      if (before[field] !== after[field]) {
        providerChanges.push({ field, before: before[field] || null, after: after[field] || null });
      }
    }
  }
  return {
    kind: 'config.save' as const,
    entity_type: 'tool',
    label,
    changes: [
      ...fieldChanges,
      ...providerChanges,
      { field: 'clave', before: null, after: keyChanged ? 'cambiada' : 'sin cambios' },
      ...keyChange('clave_servidor', typed.openai_api_key, stored.openai_api_key).filter(
        (change) => change.after === 'cambiada',
      ),
      ...(typed.remove_openai_api_key && !typed.openai_api_key && stored.openai_api_key
        ? [{ field: 'clave_servidor', before: null, after: 'eliminada' }]
        : []),
    ],
  };
}
