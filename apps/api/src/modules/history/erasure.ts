import { and, eq, or, sql, type Column } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog } from './schema';

/** An entry as the erasure of a member rewrites it. */
export type HistoryRow = typeof auditLog.$inferSelect;

/** A member whose entries are rewritten: their account's id, and the texts that name them (email, name, phone). */
export interface NamedMember {
  id: number;
  names: readonly string[];
}

/** Rows whose `column` holds text containing `needle`, ignoring case (a candidate: the rewrite checks again). */
const contains = (column: Column, needle: string) =>
  sql`lower(${column}) like ${`%${needle.toLowerCase()}%`}`;

const TEXT_COLUMNS = [
  auditLog.actor_name,
  auditLog.actor_email,
  auditLog.entity_label,
  auditLog.summary,
  auditLog.before_values,
  auditLog.after_values,
];

/**
 * Rewrites, in the transaction `tx`, every entry by or about one of `members`, or whose text names one of them,
 * with `rewrite` (the erasure's pseudonymisation); ids stay. Only entries the rewrite changed are written.
 */
export async function rewriteHistoryOf(
  tx: Db,
  members: readonly NamedMember[],
  rewrite: (entry: HistoryRow) => HistoryRow,
): Promise<void> {
  const candidates = await tx
    .select()
    .from(auditLog)
    .where(
      or(
        ...members.flatMap(({ id, names }) => [
          eq(auditLog.actor_id, id),
          and(eq(auditLog.entity_type, 'user'), eq(auditLog.entity_id, id)),
          ...TEXT_COLUMNS.flatMap((column) => names.map((name) => contains(column, name))),
        ]),
      ),
    );
  for (const entry of candidates) {
    const next = rewrite(entry);
    const { actor_name, actor_email, entity_label, summary, before_values, after_values } = next;
    const same =
      actor_name === entry.actor_name &&
      actor_email === entry.actor_email &&
      entity_label === entry.entity_label &&
      summary === entry.summary &&
      before_values === entry.before_values &&
      after_values === entry.after_values;
    if (same) continue;
    await tx
      .update(auditLog)
      .set({ actor_name, actor_email, entity_label, summary, before_values, after_values })
      .where(eq(auditLog.id, entry.id));
  }
}
