import type { VideoProvider } from '@app/contracts';
import { and, count, eq, inArray, isNotNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { videoRecordFilterCounts, videoRecords, videoRecordTotals } from './schema';

/** The saved records' kept counts, per provider and per channel or user (db/kept-counts.ts says how). */

/** The column a provider's list is filtered by: channel (YouTube) or user (Instagram). */
export const recordFilterColumn = (provider: VideoProvider) =>
  provider === 'youtube' ? videoRecords.canal : videoRecords.usuario;

/** A provider's saved records changed by `delta`, those of one channel or user (when it has one) too. */
export async function bumpRecordCount(
  tx: Db,
  provider: VideoProvider,
  value: string | null,
  delta: number,
): Promise<void> {
  await tx
    .insert(videoRecordTotals)
    .values({ provider, n: delta })
    .onConflictDoUpdate({
      target: videoRecordTotals.provider,
      set: { n: sql`${videoRecordTotals.n} + ${delta}` },
    });
  if (value === null) return;
  await tx
    .insert(videoRecordFilterCounts)
    .values({ provider, value, n: delta })
    .onConflictDoUpdate({
      target: [videoRecordFilterCounts.provider, videoRecordFilterCounts.value],
      set: { n: sql`${videoRecordFilterCounts.n} + ${delta}` },
    });
}

/** The records `where` selects, grouped by provider and filter value: what deleting them takes off the counts. */
export async function forgetRecords(tx: Db, where: SQL | undefined): Promise<void> {
  for (const provider of ['youtube', 'instagram'] as const) {
    const column = recordFilterColumn(provider);
    const groups = await tx
      .select({ value: column, n: count() })
      .from(videoRecords)
      .where(and(eq(videoRecords.provider, provider), where))
      .groupBy(column);
    for (const group of groups) await bumpRecordCount(tx, provider, group.value, -group.n);
  }
}

/** Takes the records of the members `userIds` names off the counts, before they are deleted with them. */
export const forgetMembersRecords = (tx: Db, userIds: readonly number[] | SQLWrapper): Promise<void> =>
  forgetRecords(tx, inArray(videoRecords.user_id, userIds));

/** Recomputes the records' kept counts from the rows (recount-all.ts says when). */
export async function recountRecords(tx: Db): Promise<void> {
  await tx.delete(videoRecordTotals);
  await tx.delete(videoRecordFilterCounts);
  for (const provider of ['youtube', 'instagram'] as const) {
    const column = recordFilterColumn(provider);
    const total = await tx
      .select({ n: count() })
      .from(videoRecords)
      .where(eq(videoRecords.provider, provider));
    await bumpRecordCount(tx, provider, null, total[0]?.n ?? 0);
    const groups = await tx
      .select({ value: column, n: count() })
      .from(videoRecords)
      .where(and(eq(videoRecords.provider, provider), isNotNull(column)))
      .groupBy(column);
    for (const group of groups) {
      await tx.insert(videoRecordFilterCounts).values({ provider, value: group.value ?? '', n: group.n });
    }
  }
}
