import { and, count, desc, eq, gte, isNotNull, lt, max, type SQL } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { auditLog } from './schema';

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

  return {
    /** A page of the filtered entries, newest first (id breaks ties), and how many match in all. */
    async page(
      filter: HistoryFilter,
      limit: number,
      offset: number,
    ): Promise<{ rows: StoredEntry[]; total: number }> {
      const condition = where(filter);
      const [rows, totals] = await Promise.all([
        db()
          .select()
          .from(auditLog)
          .where(condition)
          .orderBy(desc(auditLog.created_at), desc(auditLog.id))
          .limit(limit)
          .offset(offset),
        db().select({ n: count() }).from(auditLog).where(condition),
      ]);
      return { rows, total: totals[0]?.n ?? 0 };
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
