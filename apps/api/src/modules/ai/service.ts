import {
  AI_CONNECTION_MESSAGES,
  AI_NOT_READY_MESSAGE,
  AI_PROVIDER_LABELS,
  AI_PROVIDER_MESSAGES,
  connectionInUseMessage,
  isSecretHeader,
  TOOL_TITLES,
  type AiConnection,
  type AiConnectionBody,
  type AiConnectionTestResult,
  type AiProvider,
  type AiToolName,
  type AiUsageReport,
  type HistoryChange,
  type StatsRange,
} from '@app/contracts';
import type { EnvAiConnection } from '../../config';
import type { AiClient, AiTarget, AiUsage } from '../../integrations/ai';
import { assertAllowedAddress } from '../../integrations/ai-targets';
import type { Clock } from '../../lib/clock';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { secretStatus } from '../../lib/generation';
import { dayOf } from '../../lib/zoned-time';
import { uniqueViolation } from '../../db/unique-violation';
import type { Actor, HistoryRecorder } from '../history';
import type { AiRepo, NameValue, StoredConnection, ToolSettingsRow } from './repo';

/** A connection wherever it is defined: stored (id "12") or in AI_CONNECTIONS (id "env:openrouter"). */
interface Connection {
  id: string;
  name: string;
  provider: AiProvider;
  base_url: string;
  api_key: string | null;
  headers: NameValue[];
  query: NameValue[];
  default_model: string;
  read_only: boolean;
}

/** What an AI tool's settings hold besides its prompts, as the contracts show and take them. */
export interface ToolConnectionSettings {
  connection_id: string | null;
  model: string;
  temperature: number | null;
  monthly_token_cap: number | null;
}

/** A generation about to start: where it goes, and the meter its provider's usage reports go to. */
export interface ToolGeneration {
  target: AiTarget;
  onUsage: (usage: AiUsage) => void;
  /** Stores the tokens reported so far as one generation's usage (nothing when none were reported). */
  recordUsage: () => Promise<void>;
}

export interface AiServiceDeps {
  repo: AiRepo;
  ai: AiClient;
  envConnections: EnvAiConnection[];
  clock: Clock;
  timeZone: string;
  history: HistoryRecorder;
  /** Gemini's model when neither the tool nor the connection names one (GEMINI_MODEL). */
  geminiModel: string;
}

const ENV_PREFIX = 'env:';

/** A blank text as no value, for the history. */
const orNull = (value: string | undefined): string | null =>
  value === undefined || value === '' ? null : value;
const NO_SETTINGS: ToolConnectionSettings = {
  connection_id: null,
  model: '',
  temperature: null,
  monthly_token_cap: null,
};

const RANGE_DAYS: Record<StatsRange, number> = { '30': 30, '90': 90, '365': 365, all: 3650 };

const pairsOf = (record: Record<string, string>): NameValue[] =>
  Object.entries(record).map(([name, value]) => ({ name, value }));
const recordOf = (pairs: NameValue[]): Record<string, string> | undefined =>
  pairs.length === 0 ? undefined : Object.fromEntries(pairs.map(({ name, value }) => [name, value]));

const fromEnv = (entry: EnvAiConnection): Connection => ({
  id: `${ENV_PREFIX}${entry.id}`,
  name: entry.name,
  provider: entry.provider,
  base_url: entry.base_url,
  api_key: entry.api_key === '' ? null : entry.api_key,
  headers: pairsOf(entry.headers),
  query: pairsOf(entry.query),
  default_model: entry.default_model,
  read_only: true,
});

const fromStored = (stored: StoredConnection): Connection => ({
  ...stored,
  id: String(stored.id),
  read_only: false,
});

const toSettings = (row: ToolSettingsRow | undefined): ToolConnectionSettings =>
  row
    ? {
        connection_id: row.connection_id,
        model: row.model,
        temperature: row.temperature_centi === null ? null : row.temperature_centi / 100,
        monthly_token_cap: row.monthly_token_cap,
      }
    : { ...NO_SETTINGS };

/** Where a tool's generations go through `connection`: its key, address, extras, and the model it uses. */
function targetOf(connection: Connection, model: string, temperature: number | null): AiTarget {
  const extras = {
    ...(connection.headers.length > 0 ? { headers: recordOf(connection.headers) } : {}),
    ...(connection.query.length > 0 ? { query: recordOf(connection.query) } : {}),
    ...(temperature !== null ? { temperature } : {}),
  };
  const chosen = model || connection.default_model;
  if (connection.provider === 'gemini') {
    return {
      provider: 'gemini',
      apiKey: connection.api_key ?? '',
      ...(connection.base_url ? { baseUrl: connection.base_url } : {}),
      ...(chosen ? { model: chosen } : {}),
      ...extras,
    };
  }
  return {
    provider: 'openai',
    apiKey: connection.api_key ?? '',
    baseUrl: connection.base_url,
    model: chosen,
    ...extras,
  };
}

/** Whether a connection can write: Gemini needs its key (or a credential header), the other server a model. */
const canGenerate = (connection: Connection, model: string): boolean =>
  connection.provider === 'gemini'
    ? connection.api_key !== null || connection.headers.some((header) => isSecretHeader(header.name))
    : connection.base_url !== '' && (model || connection.default_model) !== '';

export function createAiService({
  repo,
  ai,
  envConnections,
  clock,
  timeZone,
  history,
  geminiModel,
}: AiServiceDeps) {
  const envList = envConnections.map(fromEnv);

  async function all(): Promise<Connection[]> {
    return [...(await repo.listConnections()).map(fromStored), ...envList];
  }

  async function find(id: string): Promise<Connection | undefined> {
    if (id.startsWith(ENV_PREFIX)) return envList.find((connection) => connection.id === id);
    if (!/^\d{1,9}$/.test(id)) return undefined;
    const stored = await repo.findConnection(Number(id));
    return stored ? fromStored(stored) : undefined;
  }

  async function usersOf(): Promise<Map<string, AiToolName[]>> {
    const users = new Map<string, AiToolName[]>();
    for (const row of await repo.allToolSettings()) {
      if (row.connection_id)
        users.set(row.connection_id, [...(users.get(row.connection_id) ?? []), row.tool]);
    }
    return users;
  }

  const view = (connection: Connection, usedBy: AiToolName[]): AiConnection => ({
    id: connection.id,
    name: connection.name,
    provider: connection.provider,
    base_url: connection.base_url,
    api_key: secretStatus(connection.api_key),
    headers: connection.headers.map(({ name, value }) =>
      isSecretHeader(name) ? { name, value: null, secret: true } : { name, value, secret: false },
    ),
    query: connection.query,
    default_model: connection.default_model,
    read_only: connection.read_only,
    used_by: usedBy,
  });

  async function editable(id: string): Promise<StoredConnection> {
    const found = await find(id);
    if (!found) throw notFound(AI_CONNECTION_MESSAGES.notFound);
    if (found.read_only) throw conflict(AI_CONNECTION_MESSAGES.readOnly);
    const stored = await repo.findConnection(Number(id));
    if (!stored) throw notFound(AI_CONNECTION_MESSAGES.notFound);
    return stored;
  }

  async function assertNameFree(name: string, except?: number): Promise<void> {
    const taken = (await all()).some(
      (connection) =>
        connection.name.toLowerCase() === name.toLowerCase() && connection.id !== String(except),
    );
    if (taken) throw conflict(AI_CONNECTION_MESSAGES.nameTaken, 'name');
  }

  /**
   * The values a form saves. A blank key (or secret header) keeps the stored one, but only at the same address:
   * a stored credential is never sent to an address it was not entered for.
   */
  function merge(body: AiConnectionBody, current: StoredConnection | undefined) {
    const sameAddress = current?.base_url === body.base_url;
    let apiKey: string | null = body.api_key || null;
    if (!apiKey && current?.api_key && !body.remove_api_key) {
      if (!sameAddress) throw badRequest(AI_PROVIDER_MESSAGES.keyRequiredForNewBaseUrl, 'api_key');
      apiKey = current.api_key;
    }
    const headers: NameValue[] = [];
    for (const [index, header] of body.headers.entries()) {
      if (!isSecretHeader(header.name) || header.value !== '') {
        headers.push(header);
        continue;
      }
      const stored = current?.headers.find((old) => old.name.toLowerCase() === header.name.toLowerCase());
      if (!stored) continue;
      if (!sameAddress)
        throw badRequest(AI_PROVIDER_MESSAGES.keyRequiredForNewBaseUrl, `headers.${index}.value`);
      headers.push({ name: header.name, value: stored.value });
    }
    return {
      name: body.name,
      provider: body.provider,
      base_url: body.base_url,
      api_key: apiKey,
      headers,
      query: body.query,
      default_model: body.default_model,
    };
  }

  /** The history line of a saved connection: what changed, the credentials only as «cambiada». */
  function changesOf(before: StoredConnection | undefined, after: ReturnType<typeof merge>): HistoryChange[] {
    const changes: HistoryChange[] = [];
    for (const field of ['name', 'base_url', 'default_model'] as const) {
      if ((before?.[field] ?? '') !== after[field]) {
        changes.push({ field, before: orNull(before?.[field]), after: orNull(after[field]) });
      }
    }
    if ((before?.provider ?? null) !== after.provider) {
      changes.push({
        field: 'provider',
        before: before ? AI_PROVIDER_LABELS[before.provider] : null,
        after: AI_PROVIDER_LABELS[after.provider],
      });
    }
    if ((before?.api_key ?? null) !== after.api_key) {
      changes.push({ field: 'clave', before: null, after: after.api_key ? 'cambiada' : 'eliminada' });
    }
    const shown = (pairs: NameValue[]) =>
      pairs.map(({ name, value }) => `${name}=${isSecretHeader(name) ? '••••' : value}`).join(', ');
    if (JSON.stringify(before?.headers ?? []) !== JSON.stringify(after.headers)) {
      changes.push({
        field: 'cabeceras',
        before: shown(before?.headers ?? []) || null,
        after: shown(after.headers) || null,
      });
    }
    if (JSON.stringify(before?.query ?? []) !== JSON.stringify(after.query)) {
      changes.push({
        field: 'parametros',
        before: shown(before?.query ?? []) || null,
        after: shown(after.query) || null,
      });
    }
    return changes;
  }

  const record = (actor: Actor, id: number, name: string, changes: HistoryChange[]) =>
    history.recordAction(actor, {
      kind: 'config.save',
      entity_type: 'ai_connection',
      entity_id: id,
      label: `Conexión de IA «${name}»`,
      changes,
    });

  /** Runs a write that may hit the name's unique index (two admins at once): the same 409 as the look-up's. */
  async function guardName<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (uniqueViolation(error)) throw conflict(AI_CONNECTION_MESSAGES.nameTaken, 'name');
      throw error;
    }
  }

  async function connectionOfTool(tool: AiToolName) {
    const settings = toSettings(await repo.toolSettings(tool));
    const connection = settings.connection_id ? await find(settings.connection_id) : undefined;
    return { settings, connection };
  }

  return {
    async list(): Promise<{ connections: AiConnection[] }> {
      const users = await usersOf();
      return {
        connections: (await all()).map((connection) => view(connection, users.get(connection.id) ?? [])),
      };
    },

    create: (body: AiConnectionBody, actor: Actor): Promise<{ message: string; connection: AiConnection }> =>
      guardName(() =>
        repo.transaction(async () => {
          await assertNameFree(body.name);
          await assertAllowedAddress(ai, body.base_url, 'base_url');
          const values = merge(body, undefined);
          const id = await repo.insertConnection(values);
          await record(actor, id, values.name, changesOf(undefined, values));
          return {
            message: AI_CONNECTION_MESSAGES.created,
            connection: view(fromStored({ id, ...values }), []),
          };
        }),
      ),

    update: (
      id: string,
      body: AiConnectionBody,
      actor: Actor,
    ): Promise<{ message: string; connection: AiConnection }> =>
      guardName(() =>
        repo.transaction(async () => {
          const current = await editable(id);
          await assertNameFree(body.name, current.id);
          await assertAllowedAddress(ai, body.base_url, 'base_url');
          const values = merge(body, current);
          await repo.updateConnection(current.id, values);
          await record(actor, current.id, values.name, changesOf(current, values));
          const users = await usersOf();
          return {
            message: AI_CONNECTION_MESSAGES.saved,
            connection: view(fromStored({ id: current.id, ...values }), users.get(id) ?? []),
          };
        }),
      ),

    /** Deletes a connection no tool uses (a tool never points at nothing). */
    remove: (id: string, actor: Actor): Promise<{ message: string }> =>
      repo.transaction(async () => {
        const current = await editable(id);
        const users = (await usersOf()).get(id) ?? [];
        if (users.length > 0) throw conflict(connectionInUseMessage(users.map((tool) => TOOL_TITLES[tool])));
        await repo.deleteConnection(current.id);
        await history.recordAction(actor, {
          kind: 'config.save',
          entity_type: 'ai_connection',
          entity_id: current.id,
          label: `Conexión de IA «${current.name}»`,
          changes: [{ field: 'conexion', before: current.name, after: 'eliminada' }],
        });
        return { message: AI_CONNECTION_MESSAGES.deleted };
      }),

    /** «Probar conexión»: one short call with the stored connection and a model (blank: its default). */
    async test(id: string, model: string | undefined): Promise<AiConnectionTestResult> {
      const connection = await find(id);
      if (!connection) throw notFound(AI_CONNECTION_MESSAGES.notFound);
      if (connection.provider === 'openai' && !(model || connection.default_model)) {
        return { ok: false, message: AI_PROVIDER_MESSAGES.modelRequired };
      }
      if (!canGenerate(connection, model ?? '')) {
        return { ok: false, message: AI_PROVIDER_MESSAGES.missingGeminiKey };
      }
      return ai.testConnection(targetOf(connection, model ?? '', null));
    },

    /** The models an OpenAI-compatible connection lists (Gemini's: none, the model is typed). */
    async models(id: string): Promise<{ models: string[] }> {
      const connection = await find(id);
      if (!connection) throw notFound(AI_CONNECTION_MESSAGES.notFound);
      if (connection.provider !== 'openai') return { models: [] };
      const target = targetOf(connection, '', null);
      return ai.listModels({
        baseUrl: connection.base_url,
        apiKey: target.apiKey,
        headers: target.headers,
        query: target.query,
      });
    },

    toolSettings: async (tool: AiToolName): Promise<ToolConnectionSettings> =>
      toSettings(await repo.toolSettings(tool)),

    /** Saves a tool's choice (inside the caller's transaction): the connection must exist. */
    async saveToolSettings(tool: AiToolName, body: ToolConnectionSettings): Promise<HistoryChange[]> {
      if (body.connection_id !== null && !(await find(body.connection_id))) {
        throw badRequest(AI_CONNECTION_MESSAGES.connectionMissing, 'connection_id');
      }
      const before = toSettings(await repo.toolSettings(tool));
      await repo.saveToolSettings(tool, {
        connection_id: body.connection_id,
        model: body.model,
        temperature_centi: body.temperature === null ? null : Math.round(body.temperature * 100),
        monthly_token_cap: body.monthly_token_cap,
      });
      const names = new Map((await all()).map((connection) => [connection.id, connection.name]));
      const shown = (settings: ToolConnectionSettings, field: keyof ToolConnectionSettings) =>
        field === 'connection_id'
          ? settings.connection_id === null
            ? null
            : (names.get(settings.connection_id) ?? settings.connection_id)
          : settings[field] === null || settings[field] === ''
            ? null
            : String(settings[field]);
      return (['connection_id', 'model', 'temperature', 'monthly_token_cap'] as const)
        .filter((field) => before[field] !== body[field])
        .map((field) => ({ field, before: shown(before, field), after: shown(body, field) }));
    },

    /** Whether a tool could generate now (a connection with what it needs). */
    async ready(tool: AiToolName): Promise<boolean> {
      const { settings, connection } = await connectionOfTool(tool);
      return connection !== undefined && canGenerate(connection, settings.model);
    },

    /**
     * A generation of `tool` about to start: its target, or the Spanish reason it cannot (not configured: 409;
     * the month's tokens reached the tool's cap: 429).
     */
    async startGeneration(tool: AiToolName): Promise<ToolGeneration> {
      const { settings, connection } = await connectionOfTool(tool);
      if (!connection || !canGenerate(connection, settings.model))
        throw new AppError(409, AI_NOT_READY_MESSAGE);
      const today = dayOf(clock.now(), timeZone);
      if (
        settings.monthly_token_cap !== null &&
        (await repo.tokensSince(tool, `${today.slice(0, 7)}-01`)) >= settings.monthly_token_cap
      ) {
        throw new AppError(429, AI_CONNECTION_MESSAGES.monthlyCapReached);
      }
      const target = targetOf(connection, settings.model, settings.temperature);
      const used = { promptTokens: 0, completionTokens: 0, reported: false };
      return {
        target,
        onUsage: (usage) => {
          used.promptTokens += usage.promptTokens;
          used.completionTokens += usage.completionTokens;
          used.reported = true;
        },
        recordUsage: async () => {
          if (!used.reported) return;
          used.reported = false;
          await repo.insertUsage({
            tool,
            connection_id: connection.id,
            connection_name: connection.name,
            model: target.model ?? geminiModel,
            prompt_tokens: used.promptTokens,
            completion_tokens: used.completionTokens,
            day: dayOf(clock.now(), timeZone),
          });
        },
      };
    },

    /** Estadísticas: tokens per day, tool and connection over the range, and each tool's month against its cap. */
    async usageReport(range: StatsRange): Promise<AiUsageReport> {
      const to = dayOf(clock.now(), timeZone);
      const from = dayOf(new Date(clock.now().getTime() - (RANGE_DAYS[range] - 1) * 86_400_000), timeZone);
      const rows = await repo.usageByDay(from, to);
      const monthStart = `${to.slice(0, 7)}-01`;
      const month = await Promise.all(
        (['texto', 'redgram'] as const).map(async (tool) => ({
          tool,
          tokens: await repo.tokensSince(tool, monthStart),
          monthly_token_cap: toSettings(await repo.toolSettings(tool)).monthly_token_cap,
        })),
      );
      return {
        from,
        to,
        rows: rows.map((row) => ({
          day: row.day,
          tool: row.tool,
          connection_id: row.connection_id,
          connection_name: row.connection_name,
          prompt_tokens: Number(row.prompt_tokens ?? 0),
          completion_tokens: Number(row.completion_tokens ?? 0),
          generations: Number(row.generations),
        })),
        month,
      };
    },
  };
}

export type AiService = ReturnType<typeof createAiService>;
