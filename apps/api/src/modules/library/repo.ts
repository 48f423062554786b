import type { Category, LibraryName, LibraryProgress, Video } from '@app/contracts';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { libraryCategories, libraryVideos, libraryWatched } from './schema';

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

/** Data access of ONE library: every query is scoped to it, so the libraries never see each other's rows. */
export function createLibraryRepo(db: Db, library: LibraryName) {
  const categoryColumns = {
    id: libraryCategories.id,
    nombre: libraryCategories.nombre,
    descripcion: libraryCategories.descripcion,
    total_videos: count(libraryVideos.id),
  };

  /** Videos with their category name and the member's own watched mark, in one query (no query per row). */
  const videosFor = (userId: number) =>
    db
      .select({
        id: libraryVideos.id,
        titulo: libraryVideos.titulo,
        descripcion: libraryVideos.descripcion,
        categoria_id: libraryVideos.categoria_id,
        categoria_nombre: libraryCategories.nombre,
        url: libraryVideos.url,
        material: libraryVideos.material,
        visto: sql<number>`${libraryWatched.video_id} is not null`.mapWith(Boolean),
        orden: libraryVideos.orden,
        fecha_creacion: libraryVideos.fecha_creacion,
      })
      .from(libraryVideos)
      .innerJoin(libraryCategories, eq(libraryCategories.id, libraryVideos.categoria_id))
      .leftJoin(
        libraryWatched,
        and(eq(libraryWatched.video_id, libraryVideos.id), eq(libraryWatched.user_id, userId)),
      )
      .$dynamic();

  return {
    transaction<T>(work: () => T): T {
      return db.transaction(() => work());
    },

    listCategories(): Category[] {
      return db
        .select(categoryColumns)
        .from(libraryCategories)
        .leftJoin(libraryVideos, eq(libraryVideos.categoria_id, libraryCategories.id))
        .where(eq(libraryCategories.library, library))
        .groupBy(libraryCategories.id)
        .orderBy(asc(libraryCategories.id))
        .all();
    },

    findCategory(id: number): Category | undefined {
      return db
        .select(categoryColumns)
        .from(libraryCategories)
        .leftJoin(libraryVideos, eq(libraryVideos.categoria_id, libraryCategories.id))
        .where(and(eq(libraryCategories.id, id), eq(libraryCategories.library, library)))
        .groupBy(libraryCategories.id)
        .get();
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

    listVideos(userId: number): Video[] {
      return videosFor(userId)
        .where(eq(libraryVideos.library, library))
        .orderBy(asc(libraryVideos.orden), asc(libraryVideos.id))
        .all();
    },

    findVideo(id: number, userId: number): Video | undefined {
      return videosFor(userId)
        .where(and(eq(libraryVideos.id, id), eq(libraryVideos.library, library)))
        .get();
    },

    countVideos(): number {
      return (
        db.select({ n: count() }).from(libraryVideos).where(eq(libraryVideos.library, library)).get()?.n ?? 0
      );
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

    /** Per-category totals and the member's watched counts, in one grouped query. */
    progress(userId: number): LibraryProgress {
      const categorias = db
        .select({
          categoria_id: libraryCategories.id,
          completadas: count(libraryWatched.video_id),
          total: count(libraryVideos.id),
        })
        .from(libraryCategories)
        .leftJoin(libraryVideos, eq(libraryVideos.categoria_id, libraryCategories.id))
        .leftJoin(
          libraryWatched,
          and(eq(libraryWatched.video_id, libraryVideos.id), eq(libraryWatched.user_id, userId)),
        )
        .where(eq(libraryCategories.library, library))
        .groupBy(libraryCategories.id)
        .orderBy(asc(libraryCategories.id))
        .all();
      return {
        completadas: categorias.reduce((sum, row) => sum + row.completadas, 0),
        total: categorias.reduce((sum, row) => sum + row.total, 0),
        categorias,
      };
    },
  };
}

export type LibraryRepo = ReturnType<typeof createLibraryRepo>;
