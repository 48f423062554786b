// Type-only: drizzle-kit loads this file without the workspace's source resolution.
import type { LibraryName } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema.pg';

/** PostgreSQL's twin of `./schema.ts`: categories of both video libraries. */
export const libraryCategories = pgTable(
  'library_categories',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    library: text('library').$type<LibraryName>().notNull(),
    nombre: text('nombre').notNull(),
    descripcion: text('descripcion').notNull().default(''),
    /** The category's videos, kept by the repository with every video write (db/kept-counts.ts). */
    total_videos: integer('total_videos').notNull().default(0),
  },
  (t) => [
    uniqueIndex('library_categories_name_unique').on(t.library, sql`lower(${t.nombre})`),
    index('library_categories_library_idx').on(t.library, t.id),
  ],
);

export const libraryVideos = pgTable(
  'library_videos',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    library: text('library').$type<LibraryName>().notNull(),
    categoria_id: integer('categoria_id')
      .notNull()
      .references(() => libraryCategories.id, { onDelete: 'cascade' }),
    titulo: text('titulo').notNull(),
    descripcion: text('descripcion').notNull().default(''),
    url: text('url').notNull(),
    material: text('material'),
    /** The administrator's picture (https); null = the Drive thumbnail. */
    miniatura: text('miniatura'),
    orden: integer('orden').notNull(),
    /** Kept as the app writes it (ISO text), as in SQLite: the page order is this text's order. */
    fecha_creacion: text('fecha_creacion').notNull(),
  },
  (t) => [
    index('library_videos_list_idx').on(t.library, t.orden, t.id),
    index('library_videos_newest_idx').on(t.library, t.fecha_creacion, t.id),
    index('library_videos_category_idx').on(t.categoria_id, t.orden, t.id),
    index('library_videos_category_newest_idx').on(t.categoria_id, t.fecha_creacion, t.id),
  ],
);

export const libraryWatched = pgTable(
  'library_watched',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    video_id: integer('video_id')
      .notNull()
      .references(() => libraryVideos.id, { onDelete: 'cascade' }),
    /**
     * When the member marked the class completed (ISO). Marks from before it was kept hold the member's last
     * opening of the class when there was one (the start-up back-fill), else null: counted, on no day.
     */
    completed_at: text('completed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.video_id] }),
    index('library_watched_video_idx').on(t.video_id),
    // Estadísticas' close counts each day's completions by this time.
    index('library_watched_completed_idx').on(t.completed_at),
  ],
);

/**
 * When each member last opened each class ("Continuar viendo"): one row per member and video, the time
 * updated on every opening; each member's own, never shared.
 */
export const libraryOpened = pgTable(
  'library_opened',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    video_id: integer('video_id')
      .notNull()
      .references(() => libraryVideos.id, { onDelete: 'cascade' }),
    /** ISO timestamp, as the app writes it: the row's order is this text's order. */
    abierto_en: text('abierto_en').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.video_id] }),
    // A member's openings, most recent first; and the cascade from a deleted video.
    index('library_opened_user_recent_idx').on(t.user_id, t.abierto_en),
    index('library_opened_video_idx').on(t.video_id),
  ],
);

/**
 * How many videos of each category each member has watched: the progress page reads these rows instead of
 * counting marks. Written with the watched mark, and with every video move or deletion (db/kept-counts.ts).
 */
export const libraryProgress = pgTable(
  'library_progress',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoria_id: integer('categoria_id')
      .notNull()
      .references(() => libraryCategories.id, { onDelete: 'cascade' }),
    completadas: integer('completadas').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.categoria_id] }),
    index('library_progress_category_idx').on(t.categoria_id),
  ],
);
