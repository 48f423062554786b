import { TEXTO_DEFAULT_PROMPTS } from '@app/contracts';
import { eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import type { SecretBox } from '../../lib/secret-box';
import { sealKeys } from '../../lib/ai-config';
import type { LegacyToolSettings } from '../ai';
import { textoConfig } from './schema';

/** The text tools' own settings: their prompts (the connection, model and cap are the AI module's). */
export interface TextoSettings {
  prompt_ortografia: string;
  prompt_herramienta2: string;
}

const DEFAULTS: TextoSettings = {
  prompt_ortografia: TEXTO_DEFAULT_PROMPTS.ortografia,
  prompt_herramienta2: TEXTO_DEFAULT_PROMPTS.herramienta2,
};

export function createTextoRepo(database: AppDatabase, box: SecretBox) {
  return {
    /** Runs `work` in one transaction: the settings and their history entry are saved together. */
    transaction: <T>(work: () => Promise<T>): Promise<T> => database.transaction(() => work()),

    /** The stored prompts, or the spec's defaults before an admin saved any. */
    async get(): Promise<TextoSettings> {
      const [row] = await database.read.select().from(textoConfig).where(eq(textoConfig.id, 1));
      return row
        ? { prompt_ortografia: row.prompt_ortografia, prompt_herramienta2: row.prompt_herramienta2 }
        : { ...DEFAULTS };
    },

    save: (settings: TextoSettings): Promise<void> =>
      database.transaction(async (tx) => {
        const values = { ...settings, updated_at: new Date().toISOString() };
        await tx
          .insert(textoConfig)
          .values({ id: 1, ...values })
          .onConflictDoUpdate({ target: textoConfig.id, set: values });
      }),

    /** The provider settings kept here before AI connections (the carry-over reads them once). */
    async legacy(): Promise<LegacyToolSettings | null> {
      const [row] = await database.read.select().from(textoConfig).where(eq(textoConfig.id, 1));
      if (!row) return null;
      const keys = sealKeys(row, box.open);
      return {
        provider: row.provider,
        gemini_api_key: keys.gemini_api_key,
        gemini_base_url: row.api_url,
        openai_base_url: row.openai_base_url,
        openai_model: row.openai_model,
        openai_api_key: keys.openai_api_key,
      };
    },

    /** Forgets the old provider settings once a connection holds them. */
    clearLegacy: (): Promise<void> =>
      database.transaction(async (tx) => {
        await tx
          .update(textoConfig)
          .set({
            gemini_api_key: null,
            openai_api_key: null,
            api_url: '',
            openai_base_url: '',
            openai_model: '',
          })
          .where(eq(textoConfig.id, 1));
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
