import { TEXTO_DEFAULT_PROMPTS } from '@app/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { textoConfig } from './schema';

export interface TextoSettings {
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
};

export function createTextoRepo(db: Db) {
  return {
    /** The stored settings, or the spec's defaults before an admin saved any. */
    get(): TextoSettings {
      const row = db.select().from(textoConfig).where(eq(textoConfig.id, 1)).get();
      if (!row) return { ...DEFAULTS };
      const { id: _id, updated_at: _updatedAt, ...settings } = row;
      return settings;
    },

    save(settings: TextoSettings): void {
      const values = { ...settings, updated_at: new Date().toISOString() };
      db.insert(textoConfig)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: textoConfig.id, set: values })
        .run();
    },
  };
}

export type TextoRepo = ReturnType<typeof createTextoRepo>;
