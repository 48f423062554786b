import { TEXTO_DEFAULT_PROMPTS } from '@app/contracts';
import { eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import type { SecretBox } from '../../lib/secret-box';
import { PROVIDER_DEFAULTS, sealKeys, type ProviderSettings } from '../../lib/ai-config';
import { textoConfig } from './schema';

export interface TextoSettings extends ProviderSettings {
  api_url: string;
  prompt_ortografia: string;
  prompt_herramienta2: string;
  gemini_api_key: string | null;
}

const DEFAULTS: TextoSettings = {
  api_url: '',
  prompt_ortografia: TEXTO_DEFAULT_PROMPTS.ortografia,
  prompt_herramienta2: TEXTO_DEFAULT_PROMPTS.herramienta2,
  gemini_api_key: null,
  ...PROVIDER_DEFAULTS,
};

export function createTextoRepo(database: AppDatabase, box: SecretBox) {
  return {
    /** Runs `work` in one transaction: the settings and their history entry are saved together. */
    transaction: <T>(work: () => Promise<T>): Promise<T> => database.transaction(() => work()),

    /** The stored settings, or the spec's defaults before an admin saved any. */
    async get(): Promise<TextoSettings> {
      const [row] = await database.read.select().from(textoConfig).where(eq(textoConfig.id, 1));
      if (!row) return { ...DEFAULTS };
      const { id: _id, updated_at: _updatedAt, ...settings } = row;
      return sealKeys(settings, box.open);
    },

    save: (settings: TextoSettings): Promise<void> =>
      database.transaction(async (tx) => {
        const values = { ...sealKeys(settings, box.seal), updated_at: new Date().toISOString() };
        await tx
          .insert(textoConfig)
          .values({ id: 1, ...values })
          .onConflictDoUpdate({ target: textoConfig.id, set: values });
      }),

    /** Seals the stored keys with the current key (the start-up migration, a key rotation). */
    resealSecrets: (): Promise<void> =>
      database.transaction(async (tx) => {
        const [row] = await tx.select().from(textoConfig).where(eq(textoConfig.id, 1));
        if (!row) return;
        const { gemini_api_key, openai_api_key } = sealKeys(row, box.reseal);
        await tx.update(textoConfig).set({ gemini_api_key, openai_api_key }).where(eq(textoConfig.id, 1));
      }),
  };
}

export type TextoRepo = ReturnType<typeof createTextoRepo>;
