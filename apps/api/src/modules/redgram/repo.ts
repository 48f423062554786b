import {
  REDGRAM_DEFAULT_PROMPTS,
  REDGRAM_LOG_LIMIT,
  type RedgramHistoryEntry,
  type RedgramLogEntry,
  type RedgramMode,
  type RedgramProfile,
  type RedgramProfileBody,
} from '@app/contracts';
import { and, count, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { preparedPerConnection } from '../../db/prepared';
import { single } from '../../db/rows';
import {
  pageFromRows,
  pageShape,
  pageWindow,
  readingOrder,
  seekPast,
  type Bound,
  type PageKeys,
  type PageRequest,
  type PageShape,
} from '../../lib/page-key';
import type { AppDatabase, Db } from '../../db/client';
import { sealKeys } from '../../lib/ai-config';
import type { LegacyToolSettings } from '../ai';
import type { SecretBox } from '../../lib/secret-box';
import { users } from '../../db/schema';
import { redgramConfig, redgramHistory, redgramLogs, redgramProfiles } from './schema';

/** RedGram's own settings: its prompts (the connection, model and cap are the AI module's). */
export interface RedgramSettings {
  prompt_escribir: string;
  prompt_reescribir: string;
}

export interface NewLog {
  user_id: number;
  profile_id: number;
  mode: RedgramMode;
  input_text: string;
  prompt: string;
  api_response: string | null;
  error_message: string | null;
}

export interface NewHistoryEntry {
  user_id: number;
  profile_id: number;
  profile_name: string;
  social_network: string;
  mode: RedgramMode;
  input_text: string;
  variants: string[];
}

export interface HistoryFilter {
  userId: number;
  /** Entries created at or after this ISO instant (the retention period). */
  since: string;
  search: string | undefined;
  page: PageRequest;
}

const parseVariants = (stored: string): string[] => {
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
};

const profileColumns = {
  id: redgramProfiles.id,
  name: redgramProfiles.name,
  social_network: redgramProfiles.social_network,
  sector: redgramProfiles.sector,
  target_audience: redgramProfiles.target_audience,
  specific_audience: redgramProfiles.specific_audience,
  visual_optimization: redgramProfiles.visual_optimization,
};

/**
 * A page of one member's entries kept since a date, newest first, and how many there are, both read on the
 * (user, created) index; `match` narrows both to a search. Values are bound when built (a search, or the
 * query-plan test) or left as placeholders (the repository prepares the page without a search). Rows come in
 * reading order, oldest first for a page before a key.
 */
export function historyPageQueries(
  db: Db,
  page: {
    userId: Bound<number>;
    since: Bound<string>;
    match?: SQL | undefined;
    shape: PageShape;
    anchor?: { sortValue: Bound<string>; id: Bound<number> } | undefined;
    limit: Bound<number>;
    offset: Bound<number>;
  },
) {
  const where = and(
    eq(redgramHistory.user_id, page.userId),
    gte(redgramHistory.created_at, page.since),
    page.match,
  );
  const backward = page.shape === 'before';
  const seek =
    page.shape !== 'offset' && page.anchor !== undefined
      ? seekPast(redgramHistory.created_at, redgramHistory.id, backward, page.anchor)
      : undefined;
  return {
    rows: db
      .select()
      .from(redgramHistory)
      .where(and(where, seek))
      .orderBy(...readingOrder(redgramHistory.created_at, redgramHistory.id, backward))
      .limit(page.limit)
      .offset(page.offset),
    total: db.select({ n: count() }).from(redgramHistory).where(where),
  };
}

/** The screen's settings: one row, the prompts (and the provider settings kept there before AI connections). */
function settingsRows(database: AppDatabase, box: SecretBox) {
  const write = database.transaction.bind(database);
  return {
    async getSettings(): Promise<RedgramSettings> {
      const [row] = await database.read.select().from(redgramConfig).where(eq(redgramConfig.id, 1));
      return {
        prompt_escribir: row?.prompt_escribir ?? REDGRAM_DEFAULT_PROMPTS.prompt_escribir,
        prompt_reescribir: row?.prompt_reescribir ?? REDGRAM_DEFAULT_PROMPTS.prompt_reescribir,
      };
    },

    saveSettings: (settings: RedgramSettings): Promise<void> =>
      write(async (tx) => {
        const values = { ...settings, updated_at: new Date().toISOString() };
        await tx
          .insert(redgramConfig)
          .values({ id: 1, ...values })
          .onConflictDoUpdate({ target: redgramConfig.id, set: values });
      }),

    /** The provider settings kept here before AI connections (the carry-over reads them once). */
    async legacy(): Promise<LegacyToolSettings | null> {
      const [row] = await database.read.select().from(redgramConfig).where(eq(redgramConfig.id, 1));
      if (!row) return null;
      const keys = sealKeys(row, box.open);
      return {
        provider: row.provider,
        gemini_api_key: keys.gemini_api_key,
        gemini_base_url: '',
        openai_base_url: row.openai_base_url,
        openai_model: row.openai_model,
        openai_api_key: keys.openai_api_key,
      };
    },

    /** Forgets the old provider settings once a connection holds them. */
    clearLegacy: (): Promise<void> =>
      write(async (tx) => {
        await tx
          .update(redgramConfig)
          .set({ gemini_api_key: null, openai_api_key: null, openai_base_url: '', openai_model: '' })
          .where(eq(redgramConfig.id, 1));
      }),

    /** Seals the stored keys with the current key (the start-up migration, a key rotation). */
    resealSecrets: (): Promise<void> =>
      write(async (tx) => {
        const [row] = await tx.select().from(redgramConfig).where(eq(redgramConfig.id, 1));
        if (!row) return;
        const { gemini_api_key, openai_api_key } = sealKeys(row, box.reseal);
        await tx.update(redgramConfig).set({ gemini_api_key, openai_api_key }).where(eq(redgramConfig.id, 1));
      }),
  };
}

/** Each member's audience profiles. */
function profileRows(database: AppDatabase) {
  const write = database.transaction.bind(database);
  return {
    /** The user's profiles sorted by name (case-insensitive). */
    listProfiles: (userId: number): Promise<RedgramProfile[]> =>
      database.read
        .select(profileColumns)
        .from(redgramProfiles)
        .where(eq(redgramProfiles.user_id, userId))
        .orderBy(database.dialect.orderIgnoringCase(redgramProfiles.name), redgramProfiles.id),

    async findProfile(userId: number, id: number): Promise<RedgramProfile | undefined> {
      const [row] = await database.read
        .select(profileColumns)
        .from(redgramProfiles)
        .where(and(eq(redgramProfiles.id, id), eq(redgramProfiles.user_id, userId)));
      return row;
    },

    createProfile: (userId: number, body: RedgramProfileBody): Promise<RedgramProfile> =>
      write(async (tx) => {
        const rows = await tx
          .insert(redgramProfiles)
          .values({ ...body, user_id: userId })
          .returning(profileColumns);
        return single(rows, 'new profile');
      }),

    updateProfile: (
      userId: number,
      id: number,
      body: RedgramProfileBody,
    ): Promise<RedgramProfile | undefined> =>
      write(async (tx) => {
        const [row] = await tx
          .update(redgramProfiles)
          .set(body)
          .where(and(eq(redgramProfiles.id, id), eq(redgramProfiles.user_id, userId)))
          .returning(profileColumns);
        return row;
      }),

    deleteProfile: (userId: number, id: number): Promise<boolean> =>
      write(async (tx) => {
        const deleted = await tx
          .delete(redgramProfiles)
          .where(and(eq(redgramProfiles.id, id), eq(redgramProfiles.user_id, userId)))
          .returning({ id: redgramProfiles.id });
        return deleted.length > 0;
      }),
  };
}

/** A stored entry as the contract shapes it: its variants parsed, the member's id left out. */
const toHistoryEntry = (row: typeof redgramHistory.$inferSelect): RedgramHistoryEntry => ({
  id: row.id,
  created_at: row.created_at,
  profile_id: row.profile_id,
  profile_name: row.profile_name,
  social_network: row.social_network,
  mode: row.mode,
  input_text: row.input_text,
  variants: parseVariants(row.variants),
});

/** Each member's generated texts, a page at a time, and their clean-up. */
function historyRows(database: AppDatabase) {
  const write = database.transaction.bind(database);
  // The page a member opens most, without a search, as drizzle's prepared queries (as the session check): a
  // request binds its values instead of building the SQL again.
  const preparedPage = preparedPerConnection((db: Db, shape: PageShape) => {
    const { rows, total } = historyPageQueries(db, {
      userId: sql.placeholder('userId'),
      since: sql.placeholder('since'),
      shape,
      anchor: { sortValue: sql.placeholder('sortValue'), id: sql.placeholder('anchorId') },
      limit: sql.placeholder('limit'),
      offset: sql.placeholder('offset'),
    });
    return { rows: rows.prepare(), total: total.prepare() };
  });
  return {
    insertHistory: (entry: NewHistoryEntry): Promise<void> =>
      write(async (tx) => {
        await tx.insert(redgramHistory).values({ ...entry, variants: JSON.stringify(entry.variants) });
      }),

    /** Deletes every member's entries older than `before` (ISO instant); answers how many. */
    purgeHistory: (before: string): Promise<number> =>
      write(async (tx) => {
        const deleted = await tx
          .delete(redgramHistory)
          .where(lt(redgramHistory.created_at, before))
          .returning({ id: redgramHistory.id });
        return deleted.length;
      }),

    /** One page of a member's entries, newest first, by offset or past a page key, and how many match in all. */
    async historyPage({
      userId,
      since,
      search,
      page,
    }: HistoryFilter): Promise<PageKeys & { items: RedgramHistoryEntry[]; total: number }> {
      const window = pageWindow(page);
      const shape = pageShape(window);
      const [sortValue, anchorId] = window.anchor ?? [];
      const values = { userId, since, limit: window.limit, offset: window.offset, sortValue, anchorId };
      let read: (typeof redgramHistory.$inferSelect)[];
      let counted: { n: number }[];
      if (search) {
        // A search's match is built with its term, so its queries are built for this request alone.
        const { dialect } = database;
        const match = or(
          dialect.contains(redgramHistory.profile_name, search),
          dialect.contains(redgramHistory.input_text, search),
          dialect.contains(redgramHistory.variants, search),
        );
        const anchor = window.anchor && { sortValue: window.anchor[0], id: window.anchor[1] };
        const queries = historyPageQueries(database.read, { ...values, anchor, match, shape });
        [read, counted] = await Promise.all([queries.rows, queries.total]);
      } else {
        const queries = preparedPage(database.read, shape);
        [read, counted] = await Promise.all([queries.rows.execute(values), queries.total.execute(values)]);
      }
      const { rows, ...keys } = pageFromRows(window, read, (row) => [row.created_at, row.id]);
      return {
        ...keys,
        items: rows.map(toHistoryEntry),
        total: counted[0]?.n ?? 0,
      };
    },

    deleteHistoryEntry: (userId: number, id: number): Promise<boolean> =>
      write(async (tx) => {
        const deleted = await tx
          .delete(redgramHistory)
          .where(and(eq(redgramHistory.id, id), eq(redgramHistory.user_id, userId)))
          .returning({ id: redgramHistory.id });
        return deleted.length > 0;
      }),
  };
}

/** The administrators' log of every call to Gemini. */
function logRows(database: AppDatabase) {
  const write = database.transaction.bind(database);
  return {
    insertLog: (log: NewLog): Promise<void> =>
      write(async (tx) => {
        await tx.insert(redgramLogs).values(log);
      }),

    latestLogs: (limit = REDGRAM_LOG_LIMIT): Promise<RedgramLogEntry[]> =>
      database.read
        .select({
          id: redgramLogs.id,
          created_at: redgramLogs.created_at,
          username: users.username,
          profile_id: redgramLogs.profile_id,
          profile_name: redgramProfiles.name,
          mode: redgramLogs.mode,
          input_text: redgramLogs.input_text,
          prompt: redgramLogs.prompt,
          api_response: redgramLogs.api_response,
          error_message: redgramLogs.error_message,
        })
        .from(redgramLogs)
        .leftJoin(users, eq(users.id, redgramLogs.user_id))
        .leftJoin(redgramProfiles, eq(redgramProfiles.id, redgramLogs.profile_id))
        .orderBy(desc(redgramLogs.id))
        .limit(limit),
  };
}

export function createRedgramRepo(database: AppDatabase, box: SecretBox) {
  const write = database.transaction.bind(database);
  return {
    /** Runs `work` in one transaction: the settings and their history entry are saved together. */
    transaction: <T>(work: () => Promise<T>): Promise<T> => write(() => work()),
    ...settingsRows(database, box),
    ...profileRows(database),
    ...historyRows(database),
    ...logRows(database),
  };
}

export type RedgramRepo = ReturnType<typeof createRedgramRepo>;
