import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from '../../db/schema';

/**
 * Saved videos of both tools (YTVideo and IGVideo) in one table with a provider column. Columns keep the
 * spec's names; those of one provider only are null for the other.
 */
export const videoRecords = sqliteTable(
  'video_records',
  {
    record_id: integer('record_id').primaryKey({ autoIncrement: true }),
    provider: text('provider', { enum: ['youtube', 'instagram'] }).notNull(),
    /** The provider's video id (spec `id`). */
    video_id: text('video_id').notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    titulo: text('titulo').notNull(),
    descripcion: text('descripcion').notNull(),
    duracion: integer('duracion').notNull().default(0),
    /** A real download link or null; never made up. */
    url_video: text('url_video'),
    miniatura: text('miniatura').notNull().default(''),
    // YouTube
    vistas: integer('vistas').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    calidad_video: text('calidad_video').notNull().default(''),
    url_audio: text('url_audio').notNull().default(''),
    canal: text('canal'),
    fecha_publicacion: text('fecha_publicacion'),
    placeholder: integer('placeholder', { mode: 'boolean' }).notNull().default(false),
    // Instagram
    usuario: text('usuario'),
    fecha_extraccion: text('fecha_extraccion'),
    /** The list order, newest first: publication date (YouTube) or extraction time (Instagram). */
    sort_date: text('sort_date').notNull(),
    created_at: text('created_at')
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
  },
  (t) => [
    uniqueIndex('video_records_owner_video_unique').on(t.user_id, t.provider, t.video_id),
    // Newest-first pages, unfiltered and filtered by channel / user; the filter lists read the same indexes.
    index('video_records_page_idx').on(t.provider, t.sort_date, t.record_id),
    index('video_records_canal_idx').on(t.provider, t.canal, t.sort_date, t.record_id),
    index('video_records_usuario_idx').on(t.provider, t.usuario, t.sort_date, t.record_id),
    // Estadísticas' close of each day counts one day's saves.
    index('video_records_created_idx').on(t.created_at),
  ],
);

/** Each provider's saved records: the unfiltered list's total (db/kept-counts.ts keeps it). */
export const videoRecordTotals = sqliteTable('video_record_totals', {
  provider: text('provider', { enum: ['youtube', 'instagram'] }).primaryKey(),
  n: integer('n').notNull().default(0),
});

/** Records per channel (YouTube) or user (Instagram): the filtered totals and the list of filter values. */
export const videoRecordFilterCounts = sqliteTable(
  'video_record_filter_counts',
  {
    provider: text('provider', { enum: ['youtube', 'instagram'] }).notNull(),
    value: text('value').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.provider, t.value] })],
);

export type VideoRecordRow = typeof videoRecords.$inferSelect;
export type NewVideoRecord = typeof videoRecords.$inferInsert;
