import type { Category, LibraryName, LibraryProgress, Video, VideoSort } from '@app/contracts';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppDatabase, Db } from '../../db/client';
import { preparedPerConnection } from '../../db/prepared';
import type { Bound } from '../../lib/page-key';
import { bumpCategoryVideos, bumpMemberProgress, bumpWatchersProgress } from './kept-counts';
import { single } from '../../db/rows';
import { libraryCategories, libraryOpened, libraryProgress, libraryVideos, libraryWatched } from './schema';

export interface CategoryValues {
  nombre: string;
  descripcion: string;
}

export interface VideoValues {
  titulo: string;
  descripcion: string;
  categoria_id: number;
  url: string;
  material: string | null;
  miniatura: string | null;
}

const categoryColumns = {
  id: libraryCategories.id,
  nombre: libraryCategories.nombre,
  descripcion: libraryCategories.descripcion,
  total_videos: libraryCategories.total_videos,
};

/** A video's columns with its category name: the same for every member. */
const videoColumns = {
  id: libraryVideos.id,
  titulo: libraryVideos.titulo,
  descripcion: libraryVideos.descripcion,
  categoria_id: libraryVideos.categoria_id,
  categoria_nombre: libraryCategories.nombre,
  url: libraryVideos.url,
  material: libraryVideos.material,
  miniatura: libraryVideos.miniatura,
  orden: libraryVideos.orden,
  fecha_creacion: libraryVideos.fecha_creacion,
};

/** A video read with the member's own mark: the column, over a left join of the marks on `watchedBy(member)`. */
const visto = sql<number>`${libraryWatched.video_id} is not null`.mapWith(Boolean);
const watchedBy = (userId: Bound<number>) =>
  and(eq(libraryWatched.video_id, libraryVideos.id), eq(libraryWatched.user_id, userId));

const ORDERS = {
  stored: [asc(libraryVideos.orden), asc(libraryVideos.id)],
  newest: [desc(libraryVideos.fecha_creacion), desc(libraryVideos.id)],
} as const satisfies Record<VideoSort, unknown>;

/** Which page of the library (or of one category, already checked to be this library's). */
interface PageRange {
  categoriaId?: Bound<number> | undefined;
  limit: Bound<number>;
  offset: Bound<number>;
}

/**
 * The read queries of ONE library's pages, as builders on `db` (the repository prepares them; the query-plan test
 * checks exactly what runs). A page is the videos of the ids its index range gives, each with the member's own
 * mark, in one query: the ids come from an index that holds everything the filter and order need, so a deep
 * page's OFFSET walks index entries only (a join there would read every row the OFFSET skips).
 */
export function libraryReadQueries(db: Db, library: LibraryName) {
  const pageIds = (sort: VideoSort, page: PageRange) =>
    db
      .select({ id: libraryVideos.id })
      .from(libraryVideos)
      .where(
        // A category filter names a category already checked to be this library's: its index alone serves it.
        page.categoriaId !== undefined
          ? eq(libraryVideos.categoria_id, page.categoriaId)
          : eq(libraryVideos.library, library),
      )
      .orderBy(...ORDERS[sort])
      .limit(page.limit)
      .offset(page.offset);

  return {
    pageIds,
    page: (sort: VideoSort, page: PageRange & { userId: Bound<number> }) =>
      db
        .select({ ...videoColumns, visto })
        .from(libraryVideos)
        .innerJoin(libraryCategories, eq(libraryCategories.id, libraryVideos.categoria_id))
        .leftJoin(libraryWatched, watchedBy(page.userId))
        .where(inArray(libraryVideos.id, pageIds(sort, page)))
        .orderBy(...ORDERS[sort]),
    /** The library's videos: its categories' kept counts added up (a few rows, whatever the videos). */
    libraryTotal: () =>
      db
        .select({ n: sql<number>`coalesce(sum(${libraryCategories.total_videos}), 0)`.mapWith(Number) })
        .from(libraryCategories)
        .where(eq(libraryCategories.library, library)),
    categoryById: (id: number) =>
      db
        .select(categoryColumns)
        .from(libraryCategories)
        .where(and(eq(libraryCategories.id, id), eq(libraryCategories.library, library))),
    categories: () =>
      db
        .select(categoryColumns)
        .from(libraryCategories)
        .where(eq(libraryCategories.library, library))
        .orderBy(asc(libraryCategories.id)),
    /** The member's kept watched counts per category of this library (one primary-key range). */
    progress: (userId: number) =>
      db
        .select({ categoria_id: libraryProgress.categoria_id, completadas: libraryProgress.completadas })
        .from(libraryProgress)
        .innerJoin(libraryCategories, eq(libraryCategories.id, libraryProgress.categoria_id))
        .where(and(eq(libraryProgress.user_id, userId), eq(libraryCategories.library, library))),
  };
}

/** A page of one shape (order, whole library or one category) and the library's total, as prepared queries. */
function prepareVideoPage(db: Db, library: LibraryName, sort: VideoSort, byCategory: boolean) {
  const queries = libraryReadQueries(db, library);
  return {
    rows: queries
      .page(sort, {
        categoriaId: byCategory ? sql.placeholder('categoriaId') : undefined,
        limit: sql.placeholder('limit'),
        offset: sql.placeholder('offset'),
        userId: sql.placeholder('userId'),
      })
      .prepare(),
    total: queries.libraryTotal().prepare(),
  };
}

/** The categories of ONE library: listed with their video counts, looked up, written. */
function categoryRepo(database: AppDatabase, library: LibraryName) {
  const q = () => libraryReadQueries(database.read, library);
  const write = database.transaction.bind(database);
  return {
    listCategories: (): Promise<Category[]> => q().categories(),
    findCategory: async (id: number): Promise<Category | undefined> => (await q().categoryById(id))[0],

    /** Another category of this library with the same name (ignoring case). */
    async findCategoryByName(nombre: string): Promise<{ id: number } | undefined> {
      const [row] = await database.read
        .select({ id: libraryCategories.id })
        .from(libraryCategories)
        .where(
          and(
            eq(libraryCategories.library, library),
            eq(sql`lower(${libraryCategories.nombre})`, nombre.toLowerCase()),
          ),
        );
      return row;
    },

    insertCategory: (values: CategoryValues): Promise<number> =>
      write(async (tx) => {
        const rows = await tx
          .insert(libraryCategories)
          .values({ ...values, library })
          .returning({ id: libraryCategories.id });
        return single(rows, 'new category').id;
      }),

    updateCategory: (id: number, values: CategoryValues): Promise<void> =>
      write(async (tx) => {
        await tx
          .update(libraryCategories)
          .set(values)
          .where(and(eq(libraryCategories.id, id), eq(libraryCategories.library, library)));
      }),

    /** Deletes the category; its videos and their watched marks go with it (foreign-key cascade). */
    deleteCategory: (id: number): Promise<void> =>
      write(async (tx) => {
        await tx
          .delete(libraryCategories)
          .where(and(eq(libraryCategories.id, id), eq(libraryCategories.library, library)));
      }),
  };
}

/** The videos of ONE library: their pages, look-ups, writes and stored order. */
function videoRepo(database: AppDatabase, library: LibraryName) {
  const categoryOf = async (tx: Db, id: number): Promise<number | undefined> => {
    const [video] = await tx
      .select({ categoria_id: libraryVideos.categoria_id })
      .from(libraryVideos)
      .where(and(eq(libraryVideos.id, id), eq(libraryVideos.library, library)));
    return video?.categoria_id;
  };
  /** The video joins (1) or leaves (-1) a category: its count and the watched counts of who marked it. */
  const moveCounts = async (tx: Db, id: number, categoriaId: number, delta: 1 | -1): Promise<void> => {
    await bumpCategoryVideos(tx, categoriaId, delta);
    await bumpWatchersProgress(tx, id, categoriaId, delta);
  };
  const q = () => libraryReadQueries(database.read, library);
  const videoPageQueries = preparedPerConnection(
    (on: Db, shape: `${VideoSort}:${'library' | 'category'}`) => {
      const [sort, scope] = shape.split(':') as [VideoSort, string];
      return prepareVideoPage(on, library, sort, scope === 'category');
    },
  );
  const write = database.transaction.bind(database);
  return {
    /**
     * One page of videos with the total it is a page of and the member's own marks. A category filter must name
     * a category of this library: null when it does not.
     */
    async videoPage(
      userId: number,
      options: { sort: VideoSort; categoriaId: number | undefined; limit: number; offset: number },
    ): Promise<{ items: Video[]; total: number } | null> {
      const { sort, categoriaId, limit, offset } = options;
      const queries = videoPageQueries(
        database.read,
        `${sort}:${categoriaId === undefined ? 'library' : 'category'}`,
      );
      let total: number;
      if (categoriaId === undefined) {
        total = (await queries.total.execute())[0]?.n ?? 0;
      } else {
        const [category] = await q().categoryById(categoriaId);
        if (!category) return null;
        total = category.total_videos;
      }
      const items = await queries.rows.execute({ categoriaId, limit, offset, userId });
      return { items, total };
    },

    async findVideo(id: number, userId: number): Promise<Video | undefined> {
      const [row] = await database.read
        .select({ ...videoColumns, visto })
        .from(libraryVideos)
        .innerJoin(libraryCategories, eq(libraryCategories.id, libraryVideos.categoria_id))
        .leftJoin(libraryWatched, watchedBy(userId))
        .where(and(eq(libraryVideos.id, id), eq(libraryVideos.library, library)));
      return row;
    },

    countVideos: async (): Promise<number> => (await q().libraryTotal())[0]?.n ?? 0,

    insertVideo: (values: VideoValues & { orden: number; fecha_creacion: string }): Promise<number> =>
      write(async (tx) => {
        const rows = await tx
          .insert(libraryVideos)
          .values({ ...values, library })
          .returning({ id: libraryVideos.id });
        await bumpCategoryVideos(tx, values.categoria_id, 1);
        return single(rows, 'new video').id;
      }),

    /** Saves the video; a move to another category takes its count and its watchers' marks along. */
    updateVideo: (id: number, values: VideoValues): Promise<void> =>
      write(async (tx) => {
        const before = await categoryOf(tx, id);
        await tx
          .update(libraryVideos)
          .set(values)
          .where(and(eq(libraryVideos.id, id), eq(libraryVideos.library, library)));
        if (before === undefined || before === values.categoria_id) return;
        await moveCounts(tx, id, before, -1);
        await moveCounts(tx, id, values.categoria_id, 1);
      }),

    deleteVideo: (id: number): Promise<void> =>
      write(async (tx) => {
        const categoriaId = await categoryOf(tx, id);
        if (categoriaId === undefined) return;
        // Before the row goes: its marks, which the deletion cascades away, say whose progress drops.
        await moveCounts(tx, id, categoriaId, -1);
        await tx.delete(libraryVideos).where(eq(libraryVideos.id, id));
      }),

    /** A category's videos in stored order (id and orden only). */
    categoryOrder: (categoriaId: number): Promise<{ id: number; orden: number }[]> =>
      database.read
        .select({ id: libraryVideos.id, orden: libraryVideos.orden })
        .from(libraryVideos)
        .where(and(eq(libraryVideos.categoria_id, categoriaId), eq(libraryVideos.library, library)))
        .orderBy(asc(libraryVideos.orden), asc(libraryVideos.id)),

    setOrden: (id: number, orden: number): Promise<void> =>
      write(async (tx) => {
        await tx
          .update(libraryVideos)
          .set({ orden })
          .where(and(eq(libraryVideos.id, id), eq(libraryVideos.library, library)));
      }),
  };
}

/** Each member's own marks on ONE library's videos: watched, opened, and the progress they add up to. */
function memberMarksRepo(database: AppDatabase, library: LibraryName) {
  const q = () => libraryReadQueries(database.read, library);
  const write = database.transaction.bind(database);
  return {
    /** Sets or takes away the mark; a new mark is dated `at`, a mark already there keeps its first date. */
    setWatched: (userId: number, videoId: number, visto: boolean, at: string): Promise<void> =>
      write(async (tx) => {
        // Only a mark that really appears or goes changes the member's kept count.
        const changed = visto
          ? await tx
              .insert(libraryWatched)
              .values({ user_id: userId, video_id: videoId, completed_at: at })
              .onConflictDoNothing()
              .returning({ video_id: libraryWatched.video_id })
          : await tx
              .delete(libraryWatched)
              .where(and(eq(libraryWatched.user_id, userId), eq(libraryWatched.video_id, videoId)))
              .returning({ video_id: libraryWatched.video_id });
        if (changed.length > 0) await bumpMemberProgress(tx, userId, videoId, visto ? 1 : -1);
      }),

    /** The member opened the class now: one row per member and video, its time moved to the latest opening. */
    recordOpened: (userId: number, videoId: number, at: string): Promise<void> =>
      write(async (tx) => {
        await tx
          .insert(libraryOpened)
          .values({ user_id: userId, video_id: videoId, abierto_en: at })
          .onConflictDoUpdate({
            target: [libraryOpened.user_id, libraryOpened.video_id],
            set: { abierto_en: at },
          });
      }),

    /** The member's opened classes of this library not yet completed, most recently opened first. */
    async continueWatching(userId: number, limit: number): Promise<Video[]> {
      const rows = await database.read
        .select(videoColumns)
        .from(libraryOpened)
        .innerJoin(libraryVideos, eq(libraryVideos.id, libraryOpened.video_id))
        .innerJoin(libraryCategories, eq(libraryCategories.id, libraryVideos.categoria_id))
        .leftJoin(
          libraryWatched,
          and(eq(libraryWatched.video_id, libraryOpened.video_id), eq(libraryWatched.user_id, userId)),
        )
        .where(
          and(
            eq(libraryOpened.user_id, userId),
            eq(libraryVideos.library, library),
            isNull(libraryWatched.video_id),
          ),
        )
        .orderBy(desc(libraryOpened.abierto_en), desc(libraryOpened.video_id))
        .limit(limit);
      return rows.map((row) => ({ ...row, visto: false }));
    },

    /** The member's progress: per category, videos watched of all. */
    async progress(userId: number): Promise<LibraryProgress> {
      const queries = q();
      const [categories, progress] = await Promise.all([queries.categories(), queries.progress(userId)]);
      const watched = new Map(progress.map((row) => [row.categoria_id, row.completadas]));
      let completadas = 0;
      let total = 0;
      const categorias = categories.map((category) => {
        const done = watched.get(category.id) ?? 0;
        completadas += done;
        total += category.total_videos;
        return { categoria_id: category.id, completadas: done, total: category.total_videos };
      });
      return { completadas, total, categorias };
    },
  };
}

/** Data access of ONE library: every query is scoped to it, so the libraries never see each other's rows. */
export function createLibraryRepo(database: AppDatabase, library: LibraryName) {
  const write = database.transaction.bind(database);
  return {
    /** Runs `work` in one transaction: a thrown error rolls every write back. */
    transaction: <T>(work: () => Promise<T>): Promise<T> => write(() => work()),
    ...categoryRepo(database, library),
    ...videoRepo(database, library),
    ...memberMarksRepo(database, library),
  };
}

export type LibraryRepo = ReturnType<typeof createLibraryRepo>;
