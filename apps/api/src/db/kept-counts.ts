import type { VideoProvider } from '@app/contracts';
import { and, count, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { auditLog, historyKindCounts } from '../modules/history/schema';
import { libraryCategories, libraryProgress, libraryVideos, libraryWatched } from '../modules/library/schema';
import { videoRecordFilterCounts, videoRecords, videoRecordTotals } from '../modules/video-tools/schema';
import type { AppDatabase, Db } from './client';
import { userCounts, users } from './schema';

/**
 * The counts the lists show, kept in rows that every write changes in its own transaction (Discourse's topic
 * counts, Mastodon's account_stats), so a page reads one row instead of counting the table. Each change is an
 * `n = n + delta` upsert: concurrent writers on either engine add up instead of overwriting each other.
 * The functions answer the statement unrun: a repository awaits it, the synchronous command line runs it.
 */

/** Accounts in one state (active or pending) changed by `delta`. */
export const bumpUserCount = (tx: Db, isActive: boolean, delta: number) =>
  tx
    .insert(userCounts)
    .values({ is_active: isActive, n: delta })
    .onConflictDoUpdate({ target: userCounts.is_active, set: { n: sql`${userCounts.n} + ${delta}` } });

/** Counts the written accounts' states into the kept counts (`sign` 1 for added rows, -1 for removed ones). */
export async function tallyUsers(
  tx: Db,
  rows: readonly { is_active: boolean }[],
  sign: 1 | -1,
): Promise<void> {
  const active = rows.filter((row) => row.is_active).length;
  if (active > 0) await bumpUserCount(tx, true, sign * active);
  if (rows.length > active) await bumpUserCount(tx, false, sign * (rows.length - active));
}

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

/** A category's videos changed by `delta`. */
export const bumpCategoryVideos = (tx: Db, categoriaId: number, delta: number) =>
  tx
    .update(libraryCategories)
    .set({ total_videos: sql`${libraryCategories.total_videos} + ${delta}` })
    .where(eq(libraryCategories.id, categoriaId));

/** A progress row that is already there gains `delta` instead of being replaced. */
const addToProgress = (delta: number) => ({
  target: [libraryProgress.user_id, libraryProgress.categoria_id],
  set: { completadas: sql`${libraryProgress.completadas} + ${delta}` },
});

/**
 * The watched counts of every member who marked `videoId`, in `categoriaId`, changed by `delta`: a video that
 * leaves a category (deleted or moved) takes its marks off it, one that arrives adds them.
 */
export const bumpWatchersProgress = (tx: Db, videoId: number, categoriaId: number, delta: number) =>
  tx
    .insert(libraryProgress)
    .select(
      tx
        .select({
          user_id: libraryWatched.user_id,
          categoria_id: sql<number>`${categoriaId}`.as('categoria_id'),
          completadas: sql<number>`${delta}`.as('completadas'),
        })
        .from(libraryWatched)
        .where(eq(libraryWatched.video_id, videoId)),
    )
    .onConflictDoUpdate(addToProgress(delta));

/** One member's watched count in the category of `videoId` changed by `delta` (a mark set or taken away). */
export const bumpMemberProgress = (tx: Db, userId: number, videoId: number, delta: number) =>
  tx
    .insert(libraryProgress)
    .select(
      tx
        .select({
          user_id: sql<number>`${userId}`.as('user_id'),
          categoria_id: libraryVideos.categoria_id,
          completadas: sql<number>`${delta}`.as('completadas'),
        })
        .from(libraryVideos)
        .where(eq(libraryVideos.id, videoId)),
    )
    .onConflictDoUpdate(addToProgress(delta));

/** Historial entries of one kind changed by `delta`. */
export const bumpHistoryCount = (tx: Db, kind: string, delta: number) =>
  tx
    .insert(historyKindCounts)
    .values({ kind, n: delta })
    .onConflictDoUpdate({
      target: historyKindCounts.kind,
      set: { n: sql`${historyKindCounts.n} + ${delta}` },
    });

/**
 * Recomputes every kept count from the rows, in one transaction: for data written without the repositories
 * (a bulk seed) and as the reference the property test compares with.
 */
export function recountAll(database: AppDatabase): Promise<void> {
  return database.transaction(async (tx) => {
    await tx.delete(userCounts);
    const states = await tx
      .select({ is_active: users.is_active, n: count() })
      .from(users)
      .groupBy(users.is_active);
    for (const state of states) await bumpUserCount(tx, state.is_active, state.n);

    // Written out: drizzle names a column without its table in an UPDATE, and both tables have an `id`.
    await tx.update(libraryCategories).set({
      total_videos: sql`(select count(*) from library_videos v where v.categoria_id = library_categories.id)`,
    });
    await tx.delete(libraryProgress);
    await tx.insert(libraryProgress).select(
      tx
        .select({
          user_id: libraryWatched.user_id,
          categoria_id: libraryVideos.categoria_id,
          completadas: sql<number>`count(*)`.as('completadas'),
        })
        .from(libraryWatched)
        .innerJoin(libraryVideos, eq(libraryVideos.id, libraryWatched.video_id))
        .groupBy(libraryWatched.user_id, libraryVideos.categoria_id),
    );

    await tx.delete(historyKindCounts);
    const kinds = await tx.select({ kind: auditLog.kind, n: count() }).from(auditLog).groupBy(auditLog.kind);
    for (const kind of kinds) await bumpHistoryCount(tx, kind.kind, kind.n);

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
  });
}
