import type { LibraryName } from '@app/contracts';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { rolePermissions, roles, tools, users } from '../../db/schema';
import { libraryCategories, libraryVideos, libraryWatched } from '../library';

export interface MemberReportFilter {
  role_id?: number | undefined;
  sort: 'username' | 'progreso';
  order: 'asc' | 'desc';
}

/** Progress counts of ONE library, read with plain grouped counts (no stored counters to drift). */
export function createReportsRepo(database: AppDatabase, library: LibraryName) {
  const db = () => database.read;

  /** The roles that can open this library (their members are the ones reported on). */
  const allowedRoles = () =>
    db()
      .select({ role_id: rolePermissions.role_id })
      .from(rolePermissions)
      .innerJoin(tools, eq(tools.id, rolePermissions.tool_id))
      .where(eq(tools.name, library));

  const memberWhere = (filter: MemberReportFilter) =>
    and(
      inArray(users.role_id, allowedRoles()),
      filter.role_id === undefined ? undefined : eq(users.role_id, filter.role_id),
    );

  const completed = sql<number>`count(${libraryVideos.id})`.mapWith(Number);

  return {
    /** The library's categories in id order, each with its number of videos. */
    categories: () =>
      db()
        .select({
          id: libraryCategories.id,
          nombre: libraryCategories.nombre,
          total: count(libraryVideos.id),
        })
        .from(libraryCategories)
        .leftJoin(libraryVideos, eq(libraryVideos.categoria_id, libraryCategories.id))
        .where(eq(libraryCategories.library, library))
        .groupBy(libraryCategories.id, libraryCategories.nombre)
        .orderBy(asc(libraryCategories.id)),

    /** One page of members with how many of this library's videos each completed, and the total. */
    async memberPage(filter: MemberReportFilter, limit: number, offset: number) {
      const direction = filter.order === 'asc' ? asc : desc;
      const orderBy =
        filter.sort === 'username'
          ? [direction(sql`lower(${users.username})`), asc(users.id)]
          : [direction(completed), asc(sql`lower(${users.username})`), asc(users.id)];
      const rows = await db()
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
        .where(memberWhere(filter))
        .groupBy(users.id, users.username, users.email, roles.name)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset);
      if (rows.length > 0 || offset === 0) return { rows, total: rows[0]?.total_rows ?? 0 };
      const [counted] = await db().select({ n: count() }).from(users).where(memberWhere(filter));
      return { rows, total: counted?.n ?? 0 };
    },

    /** Per member of `userIds` and category: videos completed. */
    perCategory: (userIds: readonly number[]) =>
      userIds.length === 0
        ? Promise.resolve([])
        : db()
            .select({
              user_id: libraryWatched.user_id,
              categoria_id: libraryVideos.categoria_id,
              completadas: count(),
            })
            .from(libraryWatched)
            .innerJoin(libraryVideos, eq(libraryVideos.id, libraryWatched.video_id))
            .where(and(inArray(libraryWatched.user_id, [...userIds]), eq(libraryVideos.library, library)))
            .groupBy(libraryWatched.user_id, libraryVideos.categoria_id),

    /** One page of the library's videos in category and stored order, with how many members completed each. */
    async videoPage(limit: number, offset: number) {
      const rows = await db()
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
      if (rows.length > 0 || offset === 0) return { rows, total: rows[0]?.total_rows ?? 0 };
      const [counted] = await db()
        .select({ n: count() })
        .from(libraryVideos)
        .where(eq(libraryVideos.library, library));
      return { rows, total: counted?.n ?? 0 };
    },
  };
}

export type ReportsRepo = ReturnType<typeof createReportsRepo>;
