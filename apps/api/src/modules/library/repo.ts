import { Video, type Category, type LibraryName, type LibraryProgress, type VideoSort } from '@app/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inIdOrder, inIds, jsonObject } from '../../db/json';
import { ANY_WRITE, keptUntilWrite, keptWhileSame, watchRowsByKey, watchTables } from '../../db/watch';
import { libraryCategories, libraryProgress, libraryVideos, libraryWatched } from './schema';

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
}

/**
 * The read queries of ONE library's pages, built (not yet prepared) so the query-plan test can check exactly
 * what runs. Parameters are placeholders: userId, categoriaId, id, limit, offset.
 */
export function libraryReadQueries(db: Db, library: LibraryName) {
  // Counts come from the trigger-kept counters: no request counts rows.
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
    orden: libraryVideos.orden,
    fecha_creacion: libraryVideos.fecha_creacion,
  };

  /** A video as the contract's JSON, written by SQLite, but for the member's own mark (see `withVisto`). */
  const videoJson = jsonObject(Video.omit({ visto: true }), videoColumns);

  /** Videos with their category name and the member's own watched mark, in one query (no query per row). */
  const videosFor = (userId: number | ReturnType<typeof sql.placeholder>) =>
    db
      .select({
        ...videoColumns,
        visto: sql<number>`${libraryWatched.video_id} is not null`.mapWith(Boolean),
      })
      .from(libraryVideos)
      .innerJoin(libraryCategories, eq(libraryCategories.id, libraryVideos.categoria_id))
      .leftJoin(
        libraryWatched,
        and(eq(libraryWatched.video_id, libraryVideos.id), eq(libraryWatched.user_id, userId)),
      )
      .$dynamic();

  const ORDERS = {
    stored: [asc(libraryVideos.orden), asc(libraryVideos.id)],
    newest: [desc(libraryVideos.fecha_creacion), desc(libraryVideos.id)],
  } as const satisfies Record<VideoSort, unknown>;

  // A page's ids walk one index in its order (see schema.ts) that holds all the query needs, so even a deep
  // page reads only index entries; the rows are then read by id (pageRows). A category filter names a category
  // already checked to be this library's, so the category indexes alone serve it.
  const pageQuery = (sort: VideoSort, byCategory: boolean) =>
    db
      .select({ id: libraryVideos.id })
      .from(libraryVideos)
      .where(
        byCategory
          ? eq(libraryVideos.categoria_id, sql.placeholder('categoriaId'))
          : eq(libraryVideos.library, library),
      )
      .orderBy(...ORDERS[sort])
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));

  /**
   * The videos of a page (a JSON array of ids from the queries above, so of this library), each as JSON: the same
   * for every member. Read by primary key: a `library = ?` term here would lead SQLite to walk the library's index.
   */
  const pageRows = db
    .select({ id: libraryVideos.id, json: videoJson })
    .from(libraryVideos)
    .innerJoin(libraryCategories, eq(libraryCategories.id, libraryVideos.categoria_id))
    .where(inIds(libraryVideos.id));

  /** Which of the given videos (a JSON array of ids) the member has watched: one query per page. */
  const watchedAmong = db
    .select({ id: libraryWatched.video_id })
    .from(libraryWatched)
    .where(and(eq(libraryWatched.user_id, sql.placeholder('userId')), inIds(libraryWatched.video_id)));

  const libraryTotal = db
    .select({ n: sql<number>`coalesce(sum(${libraryCategories.total_videos}), 0)` })
    .from(libraryCategories)
    .where(eq(libraryCategories.library, library));

  const categoryById = db
    .select(categoryColumns)
    .from(libraryCategories)
    .where(and(eq(libraryCategories.id, sql.placeholder('id')), eq(libraryCategories.library, library)));

  const categories = db
    .select(categoryColumns)
    .from(libraryCategories)
    .where(eq(libraryCategories.library, library))
    .orderBy(asc(libraryCategories.id));

  // The member's watched counts per category (both libraries: a handful of rows, one index range).
  const progress = db
    .select({ categoria_id: libraryProgress.categoria_id, completadas: libraryProgress.completadas })
    .from(libraryProgress)
    .where(eq(libraryProgress.user_id, sql.placeholder('userId')));

  return {
    videosFor,
    pages: {
      stored: { all: pageQuery('stored', false), category: pageQuery('stored', true) },
      newest: { all: pageQuery('newest', false), category: pageQuery('newest', true) },
    },
    pageRows,
    watchedAmong,
    libraryTotal,
    categoryById,
    categories,
    progress,
  };
}

interface CachedPage {
  total: number;
  /** The page's videos: their ids, and each as JSON without the member's `visto`. */
  rows: { id: number; json: string }[];
}

/** A page row's JSON with the member's own mark put in. */
const withVisto = (json: string, visto: boolean): string => `{"visto":${visto},${json.slice(1)}`;

/** Pages kept between changes: plenty for the pages members actually open, bounded whatever they ask. */
const CACHED_PAGES_MAX = 200;

/** Members' own marks per page and progress kept at once (a few hundred bytes each). */
const MEMBER_ANSWERS_KEPT = 10_000;

/** Data access of ONE library: every query is scoped to it, so the libraries never see each other's rows. */
export function createLibraryRepo(db: Db, library: LibraryName) {
  const queries = libraryReadQueries(db, library);
  const { videosFor } = queries;
  // The pages run on every request: prepared once per order and filter shape.
  const pages = {
    stored: { all: queries.pages.stored.all.prepare(), category: queries.pages.stored.category.prepare() },
    newest: { all: queries.pages.newest.all.prepare(), category: queries.pages.newest.category.prepare() },
  };
  const pageRows = queries.pageRows.prepare();
  const watchedAmong = queries.watchedAmong.prepare();
  const libraryTotal = queries.libraryTotal.prepare();
  const categoryById = queries.categoryById.prepare();
  const categoriesStatement = queries.categories.prepare();
  const progressStatement = queries.progress.prepare();

  // Pages and the category list are the same for every member until a video or category changes: kept until
  // then, so a request reads only the member's own marks. A page is null when its category is not this library's.
  const content = watchTables(db.$client, { library_videos: ANY_WRITE, library_categories: ANY_WRITE });
  const keptPage = keptUntilWrite<CachedPage | null>(db.$client, content, CACHED_PAGES_MAX);
  const keptCategories = keptUntilWrite<Category[]>(db.$client, content, 1);
  const rowsOf = (ids: { id: number }[]) => {
    const order = ids.map((row) => row.id);
    return order.length === 0 ? [] : inIdOrder(order, pageRows.all({ ids: JSON.stringify(order) }));
  };
  const readPage = (sort: VideoSort, categoriaId: number | undefined, limit: number, offset: number) =>
    db.transaction((): CachedPage | null => {
      if (categoriaId === undefined) {
        const total = libraryTotal.get()?.n ?? 0;
        return { total, rows: rowsOf(pages[sort].all.all({ limit, offset })) };
      }
      const category = categoryById.get({ id: categoriaId });
      if (!category) return null;
      const ids = pages[sort].category.all({ categoriaId, limit, offset });
      return { total: category.total_videos, rows: rowsOf(ids) };
    });
  const listCategories = (): Category[] => keptCategories('categories', () => categoriesStatement.all());
  /** Per-category totals and the member's watched counts, from the counters (one row per category). */
  const progressOf = (userId: number, categories: Category[]): LibraryProgress => {
    const watched = new Map(
      progressStatement.all({ userId }).map((row) => [row.categoria_id, row.completadas]),
    );
    let completadas = 0;
    let total = 0;
    const categorias = categories.map((category) => {
      const done = watched.get(category.id) ?? 0;
      completadas += done;
      total += category.total_videos;
      return { categoria_id: category.id, completadas: done, total: category.total_videos };
    });
    return { completadas, total, categorias };
  };

  // A member's own marks on a page, and their progress, kept until that member's marks change (or the page,
  // or the categories, do): browsing pages reads no row at all.
  const marksVersion = watchRowsByKey(db.$client, 'library_watched', 'user_id');
  const keptMarks = keptWhileSame<Set<number>>(db.$client, MEMBER_ANSWERS_KEPT);
  const keptProgress = keptWhileSame<LibraryProgress>(db.$client, MEMBER_ANSWERS_KEPT);
  const marksOn = (userId: number, page: CachedPage, key: string): Set<number> =>
    keptMarks(`${userId}:${key}`, [page, marksVersion(userId)], () => {
      const ids = page.rows.map((row) => row.id);
      if (ids.length === 0) return new Set();
      return new Set(watchedAmong.all({ userId, ids: JSON.stringify(ids) }).map((row) => row.id));
    });

  return {
    transaction<T>(work: () => T): T {
      return db.transaction(() => work());
    },

    listCategories,

    findCategory(id: number): Category | undefined {
      return categoryById.get({ id });
    },

    /** Another category of this library with the same name (ignoring case). */
    findCategoryByName(nombre: string): { id: number } | undefined {
      return db
        .select({ id: libraryCategories.id })
        .from(libraryCategories)
        .where(
          and(
            eq(libraryCategories.library, library),
            eq(sql`lower(${libraryCategories.nombre})`, nombre.toLowerCase()),
          ),
        )
        .get();
    },

    insertCategory(values: CategoryValues): number {
      return db
        .insert(libraryCategories)
        .values({ ...values, library })
        .returning({ id: libraryCategories.id })
        .get().id;
    },

    updateCategory(id: number, values: CategoryValues): void {
      db.update(libraryCategories)
        .set(values)
        .where(and(eq(libraryCategories.id, id), eq(libraryCategories.library, library)))
        .run();
    },

    /** Deletes the category; its videos and their watched marks go with it (foreign-key cascade). */
    deleteCategory(id: number): void {
      db.delete(libraryCategories)
        .where(and(eq(libraryCategories.id, id), eq(libraryCategories.library, library)))
        .run();
    },

    /**
     * One page of videos with the total it is a page of, from one snapshot. A category filter must name a
     * category of this library: null when it does not.
     */
    videoPage(
      userId: number,
      options: { sort: VideoSort; categoriaId: number | undefined; limit: number; offset: number },
    ): { items: string[]; total: number } | null {
      const { sort, categoriaId, limit, offset } = options;
      const key = `${sort}:${categoriaId ?? ''}:${limit}:${offset}`;
      const page = keptPage(key, () => readPage(sort, categoriaId, limit, offset));
      if (!page) return null;
      const watched = marksOn(userId, page, key);
      return { total: page.total, items: page.rows.map((row) => withVisto(row.json, watched.has(row.id))) };
    },

    findVideo(id: number, userId: number): Video | undefined {
      return videosFor(userId)
        .where(and(eq(libraryVideos.id, id), eq(libraryVideos.library, library)))
        .get();
    },

    countVideos(): number {
      return libraryTotal.get()?.n ?? 0;
    },

    insertVideo(values: VideoValues & { orden: number; fecha_creacion: string }): number {
      return db
        .insert(libraryVideos)
        .values({ ...values, library })
        .returning({ id: libraryVideos.id })
        .get().id;
    },

    updateVideo(id: number, values: VideoValues): void {
      db.update(libraryVideos)
        .set(values)
        .where(and(eq(libraryVideos.id, id), eq(libraryVideos.library, library)))
        .run();
    },

    deleteVideo(id: number): void {
      db.delete(libraryVideos)
        .where(and(eq(libraryVideos.id, id), eq(libraryVideos.library, library)))
        .run();
    },

    /** A category's videos in stored order (id and orden only). */
    categoryOrder(categoriaId: number): { id: number; orden: number }[] {
      return db
        .select({ id: libraryVideos.id, orden: libraryVideos.orden })
        .from(libraryVideos)
        .where(and(eq(libraryVideos.categoria_id, categoriaId), eq(libraryVideos.library, library)))
        .orderBy(asc(libraryVideos.orden), asc(libraryVideos.id))
        .all();
    },

    setOrden(id: number, orden: number): void {
      db.update(libraryVideos)
        .set({ orden })
        .where(and(eq(libraryVideos.id, id), eq(libraryVideos.library, library)))
        .run();
    },

    setWatched(userId: number, videoId: number, visto: boolean): void {
      if (visto) {
        db.insert(libraryWatched).values({ user_id: userId, video_id: videoId }).onConflictDoNothing().run();
      } else {
        db.delete(libraryWatched)
          .where(and(eq(libraryWatched.user_id, userId), eq(libraryWatched.video_id, videoId)))
          .run();
      }
    },

    /** The member's progress: per category, videos watched of all. */
    progress(userId: number): LibraryProgress {
      const categories = listCategories();
      return keptProgress(String(userId), [categories, marksVersion(userId)], () =>
        progressOf(userId, categories),
      );
    },
  };
}

export type LibraryRepo = ReturnType<typeof createLibraryRepo>;
