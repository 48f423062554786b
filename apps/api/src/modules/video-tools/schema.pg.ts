import { boolean, bigint, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, users } from '../../db/schema.pg';

/** PostgreSQL's twin of `./schema.ts`: saved videos of both tools, one table with a provider column. */
export const videoRecords = pgTable(
  'video_records',
  {
    record_id: integer('record_id').primaryKey().generatedByDefaultAsIdentity(),
    provider: text('provider', { enum: ['youtube', 'instagram'] }).notNull(),
    video_id: text('video_id').notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    titulo: text('titulo').notNull(),
    descripcion: text('descripcion').notNull(),
    duracion: integer('duracion').notNull().default(0),
    url_video: text('url_video'),
    miniatura: text('miniatura').notNull().default(''),
    // YouTube
    // A popular video passes 2^31 views: 64-bit, read as numbers (exact up to 2^53).
    vistas: bigint('vistas', { mode: 'number' }).notNull().default(0),
    likes: bigint('likes', { mode: 'number' }).notNull().default(0),
    calidad_video: text('calidad_video').notNull().default(''),
    url_audio: text('url_audio').notNull().default(''),
    canal: text('canal'),
    /** The provider's own date text, kept as received (as in SQLite). */
    fecha_publicacion: text('fecha_publicacion'),
    placeholder: boolean('placeholder').notNull().default(false),
    // Instagram
    usuario: text('usuario'),
    fecha_extraccion: text('fecha_extraccion'),
    sort_date: text('sort_date').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('video_records_owner_video_unique').on(t.user_id, t.provider, t.video_id),
    index('video_records_page_idx').on(t.provider, t.sort_date, t.record_id),
    index('video_records_canal_idx').on(t.provider, t.canal, t.sort_date, t.record_id),
    index('video_records_usuario_idx').on(t.provider, t.usuario, t.sort_date, t.record_id),
    // Estadísticas' close of each day counts one day's saves.
    index('video_records_created_idx').on(t.created_at),
  ],
);

/** PostgreSQL's twin of `./schema.ts`: each provider's saved records. */
export const videoRecordTotals = pgTable('video_record_totals', {
  provider: text('provider', { enum: ['youtube', 'instagram'] }).primaryKey(),
  n: integer('n').notNull().default(0),
});

export const videoRecordFilterCounts = pgTable(
  'video_record_filter_counts',
  {
    provider: text('provider', { enum: ['youtube', 'instagram'] }).notNull(),
    value: text('value').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.provider, t.value] })],
);
