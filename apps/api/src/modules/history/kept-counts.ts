import { count, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, historyKindCounts } from './schema';

/** Historial entries of one kind changed by `delta`. */
export const bumpHistoryCount = (tx: Db, kind: string, delta: number) =>
  tx
    .insert(historyKindCounts)
    .values({ kind, n: delta })
    .onConflictDoUpdate({
      target: historyKindCounts.kind,
      set: { n: sql`${historyKindCounts.n} + ${delta}` },
    });

/** Recomputes the historial's kept counts from the rows (recount-all.ts says when). */
export async function recountHistory(tx: Db): Promise<void> {
  await tx.delete(historyKindCounts);
  const kinds = await tx.select({ kind: auditLog.kind, n: count() }).from(auditLog).groupBy(auditLog.kind);
  for (const kind of kinds) await bumpHistoryCount(tx, kind.kind, kind.n);
}
