import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { PersonalData, Row } from '../../db/personal-data';
import { libraryCategories, libraryOpened, libraryProgress, libraryVideos, libraryWatched } from './schema';

const progress = (db: Db, userId: number): Promise<Row[]> =>
  db
    .select({
      biblioteca: libraryCategories.library,
      categoria: libraryCategories.nombre,
      completadas: libraryProgress.completadas,
      total_videos: libraryCategories.total_videos,
    })
    .from(libraryProgress)
    .innerJoin(libraryCategories, eq(libraryCategories.id, libraryProgress.categoria_id))
    .where(eq(libraryProgress.user_id, userId))
    .orderBy(asc(libraryCategories.id));

const watched = (db: Db, userId: number): Promise<Row[]> =>
  db
    .select({ biblioteca: libraryVideos.library, video_id: libraryVideos.id, titulo: libraryVideos.titulo })
    .from(libraryWatched)
    .innerJoin(libraryVideos, eq(libraryVideos.id, libraryWatched.video_id))
    .where(eq(libraryWatched.user_id, userId))
    .orderBy(asc(libraryVideos.id));

const opened = (db: Db, userId: number): Promise<Row[]> =>
  db
    .select({
      biblioteca: libraryVideos.library,
      video_id: libraryVideos.id,
      titulo: libraryVideos.titulo,
      abierto_en: libraryOpened.abierto_en,
    })
    .from(libraryOpened)
    .innerJoin(libraryVideos, eq(libraryVideos.id, libraryOpened.video_id))
    .where(eq(libraryOpened.user_id, userId))
    .orderBy(asc(libraryOpened.abierto_en));

/** The member's progress in both libraries: classes watched, opened, and per category. */
export const libraryPersonalData: PersonalData = {
  tables: [
    { table: libraryWatched, erasure: { action: 'delete', column: libraryWatched.user_id } },
    { table: libraryOpened, erasure: { action: 'delete', column: libraryOpened.user_id } },
    { table: libraryProgress, erasure: { action: 'delete', column: libraryProgress.user_id } },
  ],
  archive: [
    {
      file: 'progreso.csv',
      about: 'Tu progreso en cada categoría de Membresía y de Cafelito Virtual.',
      tables: ['library_progress'],
      kind: 'csv',
      columns: ['biblioteca', 'categoria', 'completadas', 'total_videos'],
      read: progress,
    },
    {
      file: 'videos-vistos.csv',
      about: 'Las clases que marcaste como vistas.',
      tables: ['library_watched'],
      kind: 'csv',
      columns: ['biblioteca', 'video_id', 'titulo'],
      read: watched,
    },
    {
      file: 'videos-abiertos.csv',
      about: 'Cuándo abriste cada clase por última vez («Continuar viendo»).',
      tables: ['library_opened'],
      kind: 'csv',
      columns: ['biblioteca', 'video_id', 'titulo', 'abierto_en'],
      read: opened,
    },
  ],
};
