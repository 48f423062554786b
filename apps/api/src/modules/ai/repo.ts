import type { AiProvider, AiToolName } from '@app/contracts';
import { and, asc, eq, gte, lte, sql, sum } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { single } from '../../db/rows';
import type { SecretBox } from '../../lib/secret-box';
import { isSecretHeader } from '@app/contracts';
import { aiConnections, aiToolSettings, aiUsage } from './schema';

export interface NameValue {
  name: string;
  value: string;
}

/** A stored connection, its key and secret headers in clear (sealed only in the table). */
export interface StoredConnection {
  id: number;
  name: string;
  provider: AiProvider;
  base_url: string;
  api_key: string | null;
  headers: NameValue[];
  query: NameValue[];
  default_model: string;
}

export type ConnectionValues = Omit<StoredConnection, 'id'>;

export interface ToolSettingsRow {
  connection_id: string | null;
  model: string;
  temperature_centi: number | null;
  monthly_token_cap: number | null;
}

export interface UsageValues {
  tool: AiToolName;
  connection_id: string;
  connection_name: string;
  model: string;
  prompt_tokens: number;
  completion_tokens: number;
  day: string;
}

const parsePairs = (stored: string): NameValue[] => {
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value)
      ? value.filter(
          (pair): pair is NameValue =>
            typeof pair === 'object' &&
            pair !== null &&
            typeof (pair as NameValue).name === 'string' &&
            typeof (pair as NameValue).value === 'string',
        )
      : [];
  } catch {
    return [];
  }
};

/** Secret headers' values through `change` (seal, open or reseal); the others as they are. */
const changeSecretHeaders = (headers: NameValue[], change: (value: string) => string): NameValue[] =>
  headers.map((header) =>
    isSecretHeader(header.name) ? { ...header, value: change(header.value) } : header,
  );

export function createAiRepo(database: AppDatabase, box: SecretBox) {
  const toStored = (row: typeof aiConnections.$inferSelect): StoredConnection => ({
    id: row.id,
    name: row.name,
    provider: row.provider,
    base_url: row.base_url,
    api_key: row.api_key === null ? null : box.open(row.api_key),
    headers: changeSecretHeaders(parsePairs(row.headers), box.open),
    query: parsePairs(row.query),
    default_model: row.default_model,
  });
  const toRow = (values: ConnectionValues) => ({
    name: values.name,
    provider: values.provider,
    base_url: values.base_url,
    api_key: values.api_key === null ? null : box.seal(values.api_key),
    headers: JSON.stringify(changeSecretHeaders(values.headers, box.seal)),
    query: JSON.stringify(values.query),
    default_model: values.default_model,
  });

  return {
    transaction: <T>(work: () => Promise<T>): Promise<T> => database.transaction(() => work()),

    async listConnections(): Promise<StoredConnection[]> {
      const rows = await database.read.select().from(aiConnections).orderBy(asc(aiConnections.id));
      return rows.map(toStored);
    },

    async findConnection(id: number): Promise<StoredConnection | undefined> {
      const [row] = await database.read.select().from(aiConnections).where(eq(aiConnections.id, id));
      return row ? toStored(row) : undefined;
    },

    insertConnection: (values: ConnectionValues): Promise<number> =>
      database.transaction(async (tx) => {
        const rows = await tx.insert(aiConnections).values(toRow(values)).returning({ id: aiConnections.id });
        return single(rows, 'new AI connection').id;
      }),

    updateConnection: (id: number, values: ConnectionValues): Promise<void> =>
      database.transaction(async (tx) => {
        await tx
          .update(aiConnections)
          .set({ ...toRow(values), updated_at: new Date().toISOString() })
          .where(eq(aiConnections.id, id));
      }),

    deleteConnection: (id: number): Promise<void> =>
      database.transaction(async (tx) => {
        await tx.delete(aiConnections).where(eq(aiConnections.id, id));
      }),

    async toolSettings(tool: AiToolName): Promise<ToolSettingsRow | undefined> {
      const [row] = await database.read.select().from(aiToolSettings).where(eq(aiToolSettings.tool, tool));
      return row;
    },

    allToolSettings: () => database.read.select().from(aiToolSettings),

    saveToolSettings: (tool: AiToolName, values: ToolSettingsRow): Promise<void> =>
      database.transaction(async (tx) => {
        const set = { ...values, updated_at: new Date().toISOString() };
        await tx
          .insert(aiToolSettings)
          .values({ tool, ...set })
          .onConflictDoUpdate({ target: aiToolSettings.tool, set });
      }),

    insertUsage: (values: UsageValues): Promise<void> =>
      database.transaction(async (tx) => {
        await tx.insert(aiUsage).values(values);
      }),

    /** The tokens a tool used from `fromDay` on (the month so far), read on the (tool, day) index. */
    async tokensSince(tool: AiToolName, fromDay: string): Promise<number> {
      const [row] = await database.read
        .select({ total: sum(sql`${aiUsage.prompt_tokens} + ${aiUsage.completion_tokens}`) })
        .from(aiUsage)
        .where(and(eq(aiUsage.tool, tool), gte(aiUsage.day, fromDay)));
      return Number(row?.total ?? 0);
    },

    /** Tokens per day, tool and connection between two days (inclusive). */
    usageByDay: (fromDay: string, toDay: string) =>
      database.read
        .select({
          day: aiUsage.day,
          tool: aiUsage.tool,
          connection_id: aiUsage.connection_id,
          connection_name: sql<string>`max(${aiUsage.connection_name})`,
          prompt_tokens: sum(aiUsage.prompt_tokens),
          completion_tokens: sum(aiUsage.completion_tokens),
          generations: sql<number>`count(*)`,
        })
        .from(aiUsage)
        .where(and(gte(aiUsage.day, fromDay), lte(aiUsage.day, toDay)))
        .groupBy(aiUsage.day, aiUsage.tool, aiUsage.connection_id)
        .orderBy(asc(aiUsage.day), asc(aiUsage.tool), asc(aiUsage.connection_id)),

    /** Seals every stored key and secret header with the current key (the start-up migration, a rotation). */
    resealSecrets: (): Promise<void> =>
      database.transaction(async (tx) => {
        const rows = await tx.select().from(aiConnections);
        for (const row of rows) {
          await tx
            .update(aiConnections)
            .set({
              api_key: row.api_key === null ? null : box.reseal(row.api_key),
              headers: JSON.stringify(changeSecretHeaders(parsePairs(row.headers), box.reseal)),
            })
            .where(eq(aiConnections.id, row.id));
        }
      }),
  };
}

export type AiRepo = ReturnType<typeof createAiRepo>;
