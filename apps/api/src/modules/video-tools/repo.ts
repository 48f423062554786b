import type { InstagramVideo, VideoProvider, VideoRecordOf, YouTubeVideo } from '@app/contracts';
import { and, asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { AppDatabase, Db } from '../../db/client';
import { preparedPerConnection } from '../../db/prepared';
import { bumpRecordCount, forgetRecords, recordFilterColumn } from './kept-counts';
import { single } from '../../db/rows';
import {
  pageFromRows,
  pageShape,
  pageWindow,
  readingOrder,
  seekPast,
  type Bound,
  type KeyedPage,
  type PageRequest,
  type PageShape,
} from '../../lib/page-key';
import {
  videoRecordFilterCounts,
  videoRecords,
  videoRecordTotals,
  type NewVideoRecord,
  type VideoRecordRow,
} from './schema';

const filterValueOf = (row: VideoRecordRow): string | null =>
  row.provider === 'youtube' ? row.canal : row.usuario;

function scope(provider: VideoProvider, filter: string | undefined): SQL | undefined {
  return and(
    eq(videoRecords.provider, provider),
    filter === undefined ? undefined : eq(recordFilterColumn(provider), filter),
  );
}

/** A saved video as its provider's contract (spec field names). */
export function toRecord<P extends VideoProvider>(provider: P, row: VideoRecordRow): VideoRecordOf<P> {
  const base = {
    record_id: row.record_id,
    id: row.video_id,
    titulo: row.titulo,
    descripcion: row.descripcion,
    duracion: row.duracion,
    url_video: row.url_video,
    miniatura: row.miniatura,
    user_id: row.user_id,
  };
  const record: YouTubeVideo | InstagramVideo =
    provider === 'youtube'
      ? {
          ...base,
          vistas: row.vistas,
          likes: row.likes,
          calidad_video: row.calidad_video,
          url_audio: row.url_audio,
          canal: row.canal ?? '',
          fecha_publicacion: row.fecha_publicacion ?? '',
          placeholder: row.placeholder,
        }
      : { ...base, usuario: row.usuario ?? '', fecha_extraccion: row.fecha_extraccion ?? '' };
  return record as VideoRecordOf<P>;
}

/**
 * A page of one provider's records (of one channel or user, or all), newest first: the page's rows by the ids its
 * index gives (a page key seeks straight to its page there; an OFFSET walks index entries only), and its total,
 * counted on the same index. Values are bound when built (the query-plan test checks exactly what runs) or left
 * as placeholders (preparePage). Rows come in reading order, oldest first for a page before a key.
 */
export function videoPageQueries(
  db: Db,
  provider: VideoProvider,
  page: {
    filter?: Bound<string> | undefined;
    shape: PageShape;
    anchor?: { sortValue: Bound<string>; id: Bound<number> } | undefined;
    limit: Bound<number>;
    offset: Bound<number>;
  },
) {
  const where = and(
    eq(videoRecords.provider, provider),
    page.filter !== undefined ? eq(recordFilterColumn(provider), page.filter) : undefined,
  );
  const backward = page.shape === 'before';
  const seek =
    page.shape !== 'offset' && page.anchor !== undefined
      ? seekPast(videoRecords.sort_date, videoRecords.record_id, backward, page.anchor)
      : undefined;
  const order = readingOrder(videoRecords.sort_date, videoRecords.record_id, backward);
  const pageIds = db
    .select({ id: videoRecords.record_id })
    .from(videoRecords)
    .where(and(where, seek))
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  return {
    rows: db
      .select()
      .from(videoRecords)
      .where(inArray(videoRecords.record_id, pageIds))
      .orderBy(...order),
    // The kept count of the whole list or of one channel or user, not a count of the rows.
    total:
      page.filter !== undefined
        ? db
            .select({ n: videoRecordFilterCounts.n })
            .from(videoRecordFilterCounts)
            .where(
              and(
                eq(videoRecordFilterCounts.provider, provider),
                eq(videoRecordFilterCounts.value, page.filter),
              ),
            )
        : db
            .select({ n: videoRecordTotals.n })
            .from(videoRecordTotals)
            .where(eq(videoRecordTotals.provider, provider)),
  };
}

/**
 * A page of one shape (provider, filtered or not, by offset or key) as two prepared queries (drizzle's
 * `.prepare()` with placeholders, as the session check): a request binds its values instead of building the SQL
 * again.
 */
function preparePage(db: Db, provider: VideoProvider, filtered: boolean, shape: PageShape) {
  const { rows, total } = videoPageQueries(db, provider, {
    filter: filtered ? sql.placeholder('filter') : undefined,
    shape,
    anchor: { sortValue: sql.placeholder('sortValue'), id: sql.placeholder('anchorId') },
    limit: sql.placeholder('limit'),
    offset: sql.placeholder('offset'),
  });
  return { rows: rows.prepare(), total: total.prepare() };
}

export function createVideoRepo(database: AppDatabase) {
  const write = database.transaction.bind(database);
  const db = () => database.read;
  const pageQueries = preparedPerConnection(
    (on, shape: `${VideoProvider}:${'all' | 'filtered'}:${PageShape}`) => {
      const [provider, filtered, read] = shape.split(':') as [VideoProvider, string, PageShape];
      return preparePage(on, provider, filtered === 'filtered', read);
    },
  );

  return {
    /** Saves the record and answers it; throws the unique violation when the owner already saved it. */
    insert: (record: NewVideoRecord): Promise<VideoRecordRow> =>
      write(async (tx) => {
        const saved = single(await tx.insert(videoRecords).values(record).returning(), 'new record');
        await bumpRecordCount(tx, saved.provider, filterValueOf(saved), 1);
        return saved;
      }),

    /** One page, newest first, with the keys around it and the total it is a page of (see preparePage). */
    async page(
      provider: VideoProvider,
      filter: string | undefined,
      request: PageRequest,
    ): Promise<KeyedPage<VideoRecordRow> & { total: number }> {
      const window = pageWindow(request);
      const read = pageShape(window);
      const queries = pageQueries(db(), `${provider}:${filter === undefined ? 'all' : 'filtered'}:${read}`);
      const [sortValue, anchorId] = window.anchor ?? [];
      const values = { filter, limit: window.limit, offset: window.offset, sortValue, anchorId };
      const [rows, counted] = await Promise.all([
        queries.rows.execute(values),
        queries.total.execute(values),
      ]);
      const keyed = pageFromRows(window, rows, (row) => [row.sort_date, row.record_id]);
      return { ...keyed, total: counted[0]?.n ?? 0 };
    },

    /** The channels (YouTube) or users (Instagram) with saved videos, one index seek per value. */
    async filterValues(provider: VideoProvider): Promise<string[]> {
      // The kept counts' rows in key order: the same order as the records' channel or user index.
      const rows = await db()
        .select({ value: videoRecordFilterCounts.value })
        .from(videoRecordFilterCounts)
        .where(and(eq(videoRecordFilterCounts.provider, provider), gt(videoRecordFilterCounts.n, 0)))
        .orderBy(asc(videoRecordFilterCounts.value));
      return rows.map((row) => row.value);
    },

    /** What a download needs of one record: its video id, stored link and owner. */
    async findForDownload(
      provider: VideoProvider,
      recordId: number,
    ): Promise<{ video_id: string; url_video: string | null; user_id: number } | undefined> {
      const [row] = await database.read
        .select({
          video_id: videoRecords.video_id,
          url_video: videoRecords.url_video,
          user_id: videoRecords.user_id,
        })
        .from(videoRecords)
        .where(and(eq(videoRecords.provider, provider), eq(videoRecords.record_id, recordId)));
      return row;
    },

    /** Deletes one record; answers its title, or undefined when there was none. */
    deleteOne: (provider: VideoProvider, recordId: number): Promise<string | undefined> =>
      write(async (tx) => {
        const [deleted] = await tx
          .delete(videoRecords)
          .where(and(eq(videoRecords.provider, provider), eq(videoRecords.record_id, recordId)))
          .returning();
        if (deleted) await bumpRecordCount(tx, provider, filterValueOf(deleted), -1);
        return deleted?.titulo;
      }),

    /** Runs `work` in one transaction (a deletion and its history entry are saved together). */
    transaction: <T>(work: () => Promise<T>): Promise<T> => write(() => work()),

    /** Deletes every record the filter selects, in one transaction. */
    deleteAll: (provider: VideoProvider, filter: string | undefined): Promise<number> =>
      write(async (tx) => {
        await forgetRecords(tx, scope(provider, filter));
        const deleted = await tx
          .delete(videoRecords)
          .where(scope(provider, filter))
          .returning({ id: videoRecords.record_id });
        return deleted.length;
      }),
  };
}

export type VideoRepo = ReturnType<typeof createVideoRepo>;
