import { and, count, eq, gte, isNotNull, lt, max, sql, type SQL } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import {
  pageFromRows,
  pageWindow,
  readingOrder,
  seekWindow,
  type KeyedPage,
  type PageRequest,
} from '../../lib/page-key';
import { auditLog, historyKindCounts } from './schema';

export interface HistoryFilter {
  actorId?: number | undefined;
  kind?: string | undefined;
  /** Inclusive lower bound, ISO instant. */
  since?: string | undefined;
  /** Exclusive upper bound, ISO instant. */
  until?: string | undefined;
}

export type StoredEntry = typeof auditLog.$inferSelect;

export function createHistoryRepo(database: AppDatabase) {
  const db = () => database.read;
  const where = (f: HistoryFilter): SQL | undefined =>
    and(
      f.actorId !== undefined ? eq(auditLog.actor_id, f.actorId) : undefined,
      f.kind !== undefined ? eq(auditLog.kind, f.kind) : undefined,
      f.since !== undefined ? gte(auditLog.created_at, f.since) : undefined,
      f.until !== undefined ? lt(auditLog.created_at, f.until) : undefined,
    );

  /**
   * How many entries match: the kept counts for the whole list or one kind (a few rows whatever the history's
   * size), a count of the rows for a filter by administrator or dates.
   */
  const total = async (filter: HistoryFilter): Promise<{ n: number }[]> => {
    if (filter.actorId !== undefined || filter.since !== undefined || filter.until !== undefined) {
      return db().select({ n: count() }).from(auditLog).where(where(filter));
    }
    return db()
      .select({ n: sql<number>`coalesce(sum(${historyKindCounts.n}), 0)`.mapWith(Number) })
      .from(historyKindCounts)
      .where(filter.kind !== undefined ? eq(historyKindCounts.kind, filter.kind) : undefined);
  };

  return {
    /**
     * A page of the filtered entries, newest first (id breaks ties), by offset or past a page key, with the keys
     * around it and how many match in all.
     */
    async page(
      filter: HistoryFilter,
      request: PageRequest,
    ): Promise<KeyedPage<StoredEntry> & { total: number }> {
      const condition = where(filter);
      const window = pageWindow(request);
      const [read, totals] = await Promise.all([
        db()
          .select()
          .from(auditLog)
          .where(and(condition, seekWindow(auditLog.created_at, auditLog.id, window)))
          .orderBy(...readingOrder(auditLog.created_at, auditLog.id, window.backward))
          .limit(window.limit)
          .offset(window.offset),
        total(filter),
      ]);
      const keyed = pageFromRows(window, read, (row) => [row.created_at, row.id]);
      return { ...keyed, total: totals[0]?.n ?? 0 };
    },

    /** Each administrator that appears, with the names they acted under and the newest entry of each. */
    actors: () =>
      db()
        .select({ id: auditLog.actor_id, username: auditLog.actor_name, latest: max(auditLog.id) })
        .from(auditLog)
        .where(isNotNull(auditLog.actor_id))
        .groupBy(auditLog.actor_id, auditLog.actor_name),
  };
}

export type HistoryRepo = ReturnType<typeof createHistoryRepo>;
