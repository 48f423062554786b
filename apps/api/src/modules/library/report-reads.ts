import type { LibraryName } from '@app/contracts';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { roles, users } from '../../db/schema';
import { libraryCategories, libraryVideos, libraryWatched } from './schema';

/** How a page of members and their completions is ordered. */
export interface CompletionOrder {
  sort: 'username' | 'progreso';
  order: 'asc' | 'desc';
}

/** The library's categories in id order, each with its number of videos. */
export const categoryTotals = (on: Db, library: LibraryName) =>
  on
    .select({
      id: libraryCategories.id,
      nombre: libraryCategories.nombre,
      total: count(libraryVideos.id),
    })
    .from(libraryCategories)
    .leftJoin(libraryVideos, eq(libraryVideos.categoria_id, libraryCategories.id))
    .where(eq(libraryCategories.library, library))
    .groupBy(libraryCategories.id, libraryCategories.nombre)
    .orderBy(asc(libraryCategories.id));

/**
 * One page of the members `where` selects (a condition on `users`), each with its role and how many of the
 * library's videos it completed, and with the number of rows of every page (`total_rows`).
 */
export function memberCompletionPage(
  on: Db,
  library: LibraryName,
  where: SQL | undefined,
  { sort, order }: CompletionOrder,
  limit: number,
  offset: number,
) {
  const completed = sql<number>`count(${libraryVideos.id})`.mapWith(Number);
  const direction = order === 'asc' ? asc : desc;
  const orderBy =
    sort === 'username'
      ? [direction(sql`lower(${users.username})`), asc(users.id)]
      : [direction(completed), asc(sql`lower(${users.username})`), asc(users.id)];
  return on
    .select({
      user_id: users.id,
      username: users.username,
      email: users.email,
      role: roles.name,
      completadas: completed,
      total_rows: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .leftJoin(libraryWatched, eq(libraryWatched.user_id, users.id))
    .leftJoin(
      libraryVideos,
      and(eq(libraryVideos.id, libraryWatched.video_id), eq(libraryVideos.library, library)),
    )
    .where(where)
    .groupBy(users.id, users.username, users.email, roles.name)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset);
}

/** Per member of `userIds` and category: the library's videos completed. */
export const completionsPerCategory = (on: Db, library: LibraryName, userIds: readonly number[]) =>
  userIds.length === 0
    ? Promise.resolve([])
    : on
        .select({
          user_id: libraryWatched.user_id,
          categoria_id: libraryVideos.categoria_id,
          completadas: count(),
        })
        .from(libraryWatched)
        .innerJoin(libraryVideos, eq(libraryVideos.id, libraryWatched.video_id))
        .where(and(inArray(libraryWatched.user_id, [...userIds]), eq(libraryVideos.library, library)))
        .groupBy(libraryWatched.user_id, libraryVideos.categoria_id);

/**
 * One page of the library's videos in category and stored order, with how many members completed each and the
 * number of rows of every page (`total_rows`).
 */
export const videoCompletionPage = (on: Db, library: LibraryName, limit: number, offset: number) =>
  on
    .select({
      video_id: libraryVideos.id,
      titulo: libraryVideos.titulo,
      categoria_id: libraryVideos.categoria_id,
      completados: count(libraryWatched.user_id),
      total_rows: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(libraryVideos)
    .leftJoin(libraryWatched, eq(libraryWatched.video_id, libraryVideos.id))
    .where(eq(libraryVideos.library, library))
    .groupBy(libraryVideos.id, libraryVideos.titulo, libraryVideos.categoria_id, libraryVideos.orden)
    .orderBy(asc(libraryVideos.categoria_id), asc(libraryVideos.orden), asc(libraryVideos.id))
    .limit(limit)
    .offset(offset);

/** How many videos the library holds. */
export async function videoCount(on: Db, library: LibraryName): Promise<number> {
  const [row] = await on.select({ n: count() }).from(libraryVideos).where(eq(libraryVideos.library, library));
  return row?.n ?? 0;
}
