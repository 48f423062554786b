import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { libraryCategories, libraryProgress, libraryVideos, libraryWatched } from './schema';

/** The library's kept counts: videos per category, watched videos per member and category. */

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

/** Recomputes the library's kept counts from the rows (recount-all.ts says when). */
export async function recountLibrary(tx: Db): Promise<void> {
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
}
