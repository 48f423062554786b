import type { LibraryName } from '@app/contracts';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { libraryCategories, libraryOpened, libraryVideos, libraryWatched } from './schema';

/** A class with its viewers (members who opened or finished it) and finishers, as the marks stand now. */
export interface ClassViewers {
  video_id: number;
  library: string;
  titulo: string;
  categoria_id: number;
  categoria: string;
  orden: number;
  viewers: number;
  finished: number;
}

const count = () => sql<number>`count(*)`.mapWith(Number);

/** Classes marked completed in [start, end), per library. */
export async function completionsBetween(
  on: Db,
  start: string,
  end: string,
): Promise<Record<string, number>> {
  const rows = await on
    .select({ library: libraryVideos.library, n: count() })
    .from(libraryWatched)
    .innerJoin(libraryVideos, eq(libraryVideos.id, libraryWatched.video_id))
    .where(and(gte(libraryWatched.completed_at, start), lt(libraryWatched.completed_at, end)))
    .groupBy(libraryVideos.library);
  return Object.fromEntries(rows.map((row) => [row.library, row.n]));
}

/**
 * Every class of both libraries with its viewers and finishers: three grouped counts, viewers being openers
 * plus finishers less those who did both.
 */
export async function classViewers(on: Db): Promise<ClassViewers[]> {
  const [videos, finished, opened, both] = await Promise.all([
    on
      .select({
        id: libraryVideos.id,
        library: libraryVideos.library,
        titulo: libraryVideos.titulo,
        categoria_id: libraryVideos.categoria_id,
        categoria: libraryCategories.nombre,
        orden: libraryVideos.orden,
      })
      .from(libraryVideos)
      .innerJoin(libraryCategories, eq(libraryCategories.id, libraryVideos.categoria_id)),
    on
      .select({ id: libraryWatched.video_id, n: count() })
      .from(libraryWatched)
      .groupBy(libraryWatched.video_id),
    on.select({ id: libraryOpened.video_id, n: count() }).from(libraryOpened).groupBy(libraryOpened.video_id),
    on
      .select({ id: libraryOpened.video_id, n: count() })
      .from(libraryOpened)
      .innerJoin(
        libraryWatched,
        and(
          eq(libraryWatched.user_id, libraryOpened.user_id),
          eq(libraryWatched.video_id, libraryOpened.video_id),
        ),
      )
      .groupBy(libraryOpened.video_id),
  ]);
  const byId = (rows: { id: number; n: number }[]) => new Map(rows.map((row) => [row.id, row.n]));
  const [f, o, b] = [byId(finished), byId(opened), byId(both)];
  return videos.map(({ id, ...video }) => ({
    video_id: id,
    ...video,
    viewers: (o.get(id) ?? 0) + (f.get(id) ?? 0) - (b.get(id) ?? 0),
    finished: f.get(id) ?? 0,
  }));
}

/** Whether the library holds a class: the first row of its list index, never a count. */
export async function hasClass(on: Db, library: LibraryName): Promise<boolean> {
  const [row] = await on
    .select({ id: libraryVideos.id })
    .from(libraryVideos)
    .where(eq(libraryVideos.library, library))
    .limit(1);
  return row !== undefined;
}
