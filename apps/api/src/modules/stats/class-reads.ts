import { INVALID_PAGE_KEY, type StatsClass } from '@app/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { badRequest } from '../../lib/errors';
import {
  pageFromRows,
  pageWindow,
  readingOrder,
  seekPast,
  type KeyedPage,
  type PageRequest,
} from '../../lib/page-key';
import { statsClasses } from './schema';

const classColumns = {
  library: statsClasses.library,
  video_id: statsClasses.video_id,
  titulo: statsClasses.titulo,
  categoria_id: statsClasses.categoria_id,
  categoria: statsClasses.categoria,
  viewers: statsClasses.viewers,
  finished: statsClasses.finished,
};

/** The classes as the last close found them: the screen's class lists. */
export function classReads(database: AppDatabase) {
  const db = () => database.read;
  return {
    /**
     * One page of a library's classes, most viewed first, the class's id breaking ties: read by the
     * (library, viewers, id) index, past a key of the viewers (as text) and id of the row it starts after.
     */
    async classPage(
      library: string,
      request: PageRequest,
      categoria?: number,
    ): Promise<KeyedPage<StatsClass> & { total: number }> {
      const window = pageWindow(request);
      let seek;
      if (window.anchor) {
        const [viewers, id] = window.anchor;
        if (!/^\d{1,9}$/.test(viewers)) throw badRequest(INVALID_PAGE_KEY);
        seek = seekPast(statsClasses.viewers, statsClasses.video_id, window.backward, {
          sortValue: Number(viewers),
          id,
        });
      }
      const inLibrary = and(
        eq(statsClasses.library, library),
        categoria === undefined ? undefined : eq(statsClasses.categoria_id, categoria),
      );
      const [rows, counted] = await Promise.all([
        db()
          .select(classColumns)
          .from(statsClasses)
          .where(and(inLibrary, seek))
          .orderBy(...readingOrder(statsClasses.viewers, statsClasses.video_id, window.backward))
          .limit(window.limit)
          .offset(window.offset),
        db()
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(statsClasses)
          .where(inLibrary),
      ]);
      const keyed = pageFromRows(window, rows, (row) => [String(row.viewers), row.video_id]);
      return { ...keyed, total: counted[0]?.n ?? 0 };
    },

    /** The categories a library's classes are in, as the last close found them, in name order. */
    classCategories: (library: string) =>
      db()
        .selectDistinct({ id: statsClasses.categoria_id, nombre: statsClasses.categoria })
        .from(statsClasses)
        .where(eq(statsClasses.library, library))
        .orderBy(asc(statsClasses.categoria), asc(statsClasses.categoria_id)),

    /** Every class of a library, most viewed first (its CSV). */
    libraryClasses: (library: string): Promise<StatsClass[]> =>
      db()
        .select(classColumns)
        .from(statsClasses)
        .where(eq(statsClasses.library, library))
        .orderBy(desc(statsClasses.viewers), desc(statsClasses.video_id)),
  };
}
