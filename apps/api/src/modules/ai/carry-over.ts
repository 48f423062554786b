import { AI_PROVIDER_LABELS, type AiProvider, type AiToolName } from '@app/contracts';
import type { AiRepo, ConnectionValues } from './repo';

/** A tool's provider settings as they were kept before connections (its own key, address and model). */
export interface LegacyToolSettings {
  provider: AiProvider;
  gemini_api_key: string | null;
  /** The Gemini address the tool called (Texto's «URL de la API»; blank: the server's default). */
  gemini_base_url: string;
  openai_base_url: string;
  openai_model: string;
  openai_api_key: string | null;
}

/** What the carry-over needs of a tool: its old settings (null: it never saved any), and their removal. */
export interface LegacyToolSource {
  tool: AiToolName;
  read(): Promise<LegacyToolSettings | null>;
  /** Forgets the old keys once a connection holds them. */
  clear(): Promise<void>;
}

const hostOf = (url: string): string => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

const nameOf = (values: Omit<ConnectionValues, 'name'>): string =>
  values.base_url
    ? `${AI_PROVIDER_LABELS[values.provider]} (${hostOf(values.base_url)})`
    : AI_PROVIDER_LABELS[values.provider];

const sameConnection = (a: Omit<ConnectionValues, 'name'>, b: Omit<ConnectionValues, 'name'>): boolean =>
  a.provider === b.provider &&
  a.base_url === b.base_url &&
  a.api_key === b.api_key &&
  a.default_model === b.default_model &&
  a.headers.length === 0 &&
  b.headers.length === 0 &&
  a.query.length === 0 &&
  b.query.length === 0;

/**
 * The start-up migration to connections: each tool's old provider settings become a connection it points at
 * (two tools with the same settings share one; a Gemini key kept beside a chosen server becomes a connection
 * too, so no key is lost), then the old keys are cleared. A tool that already has settings is left alone, so it
 * runs once and is safe on every start; the keys are compared in clear, as they are sealed with a random IV.
 */
export async function carryOverToolSettings(repo: AiRepo, sources: LegacyToolSource[]): Promise<void> {
  for (const source of sources) {
    await repo.transaction(async () => {
      if (await repo.toolSettings(source.tool)) return;
      const legacy = await source.read();
      const wanted: { provider: AiProvider; values: Omit<ConnectionValues, 'name'> }[] = [];
      if (legacy?.gemini_api_key) {
        wanted.push({
          provider: 'gemini',
          values: {
            provider: 'gemini',
            base_url: legacy.gemini_base_url,
            api_key: legacy.gemini_api_key,
            headers: [],
            query: [],
            default_model: '',
          },
        });
      }
      if (legacy?.openai_base_url) {
        wanted.push({
          provider: 'openai',
          values: {
            provider: 'openai',
            base_url: legacy.openai_base_url,
            api_key: legacy.openai_api_key,
            headers: [],
            query: [],
            default_model: legacy.openai_model,
          },
        });
      }
      let chosen: number | null = null;
      for (const { provider, values } of wanted) {
        const existing = await repo.listConnections();
        let id = existing.find((connection) => sameConnection(connection, values))?.id;
        if (id === undefined) {
          const base = nameOf(values);
          const taken = new Set(existing.map((connection) => connection.name.toLowerCase()));
          let name = base;
          for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base} ${n}`;
          id = await repo.insertConnection({ name, ...values });
        }
        if (provider === legacy?.provider) chosen = id;
      }
      await repo.saveToolSettings(source.tool, {
        connection_id: chosen === null ? null : String(chosen),
        model: legacy?.provider === 'openai' ? legacy.openai_model : '',
        temperature_centi: null,
        monthly_token_cap: null,
      });
      if (legacy) await source.clear();
    });
  }
}
