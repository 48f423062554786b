import { InstagramVideo, YouTubeVideo, type VideoProvider } from '@app/contracts';
import { and, asc, desc, eq, gt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inIdOrder, inIds, jsonBoolean, jsonObject } from '../../db/json';
import { ANY_WRITE, keptUntilWrite, watchTables } from '../../db/watch';
import { videoRecordFilterCounts, videoRecords, videoRecordTotals, type NewVideoRecord } from './schema';

/** The column each provider's list is filtered by: channel (YouTube) or user (Instagram). */
const filterColumn = (provider: VideoProvider) =>
  provider === 'youtube' ? videoRecords.canal : videoRecords.usuario;

function scope(provider: VideoProvider, filter: string | Placeholder | undefined): SQL | undefined {
  return and(
    eq(videoRecords.provider, provider),
    filter === undefined ? undefined : eq(filterColumn(provider), filter),
  );
}

const recordFields = {
  record_id: videoRecords.record_id,
  id: videoRecords.video_id,
  titulo: videoRecords.titulo,
  descripcion: videoRecords.descripcion,
  duracion: videoRecords.duracion,
  url_video: videoRecords.url_video,
  miniatura: videoRecords.miniatura,
  user_id: videoRecords.user_id,
};

/** A saved video as its provider's contract (spec field names), written as JSON by SQLite. */
const RECORD_JSON = {
  youtube: jsonObject(YouTubeVideo, {
    ...recordFields,
    vistas: videoRecords.vistas,
    likes: videoRecords.likes,
    calidad_video: videoRecords.calidad_video,
    url_audio: videoRecords.url_audio,
    canal: sql`coalesce(${videoRecords.canal}, '')`,
    fecha_publicacion: sql`coalesce(${videoRecords.fecha_publicacion}, '')`,
    placeholder: jsonBoolean(videoRecords.placeholder),
  }),
  instagram: jsonObject(InstagramVideo, {
    ...recordFields,
    usuario: sql`coalesce(${videoRecords.usuario}, '')`,
    fecha_extraccion: sql`coalesce(${videoRecords.fecha_extraccion}, '')`,
  }),
} satisfies Record<VideoProvider, SQL<string>>;

/** Pages kept between saves: plenty for admins paging, bounded whatever they ask. */
const PAGES_KEPT = 100;

export function createVideoRepo(db: Db) {
  // The admin list runs these on every page turn: built and prepared once per provider and filter shape.
  const statements = new Map<string, ReturnType<typeof buildPageStatements>>();
  function buildPageStatements(provider: VideoProvider, filtered: boolean) {
    const where = scope(provider, filtered ? sql.placeholder('filter') : undefined);
    // The totals come from the trigger-kept counters (migration 0007), not from counting the rows.
    const total = filtered
      ? db
          .select({ n: videoRecordFilterCounts.n })
          .from(videoRecordFilterCounts)
          .where(
            and(
              eq(videoRecordFilterCounts.provider, provider),
              eq(videoRecordFilterCounts.value, sql.placeholder('filter')),
            ),
          )
      : db
          .select({ n: videoRecordTotals.n })
          .from(videoRecordTotals)
          .where(eq(videoRecordTotals.provider, provider));
    return {
      count: total.prepare(),
      // The page's ids from the page, channel or user index alone (a deep page's OFFSET walks index entries
      // only), then the rows by id.
      ids: db
        .select({ id: videoRecords.record_id })
        .from(videoRecords)
        .where(where)
        .orderBy(desc(videoRecords.sort_date), desc(videoRecords.record_id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(),
      rows: db
        .select({ id: videoRecords.record_id, json: RECORD_JSON[provider] })
        .from(videoRecords)
        .where(inIds(videoRecords.record_id))
        .prepare(),
    };
  }
  function pageStatements(provider: VideoProvider, filtered: boolean) {
    const key = `${provider}:${filtered}`;
    let built = statements.get(key);
    if (!built) {
      built = buildPageStatements(provider, filtered);
      statements.set(key, built);
    }
    return built;
  }

  const filterValueStatement = (provider: VideoProvider) =>
    db
      .select({ value: videoRecordFilterCounts.value })
      .from(videoRecordFilterCounts)
      .where(and(eq(videoRecordFilterCounts.provider, provider), gt(videoRecordFilterCounts.n, 0)))
      .orderBy(asc(videoRecordFilterCounts.value))
      .prepare();
  const filterValueStatements = {
    youtube: filterValueStatement('youtube'),
    instagram: filterValueStatement('instagram'),
  };
  // Pages are kept until a record is saved or deleted: between saves, admins paging read no rows.
  const keptPage = keptUntilWrite<{ rows: string[]; total: number }>(
    db.$client,
    watchTables(db.$client, { video_records: ANY_WRITE }),
    PAGES_KEPT,
  );
  const readPage = (provider: VideoProvider, filter: string | undefined, limit: number, offset: number) => {
    const statement = pageStatements(provider, filter !== undefined);
    const params = { filter: filter ?? '', limit, offset };
    // The ids, the rows and the counter's total in one snapshot.
    return db.transaction(() => {
      const ids = statement.ids.all(params).map((row) => row.id);
      const rows = ids.length === 0 ? [] : inIdOrder(ids, statement.rows.all({ ids: JSON.stringify(ids) }));
      return { rows: rows.map((row) => row.json), total: statement.count.get(params)?.n ?? 0 };
    });
  };
  // A counter row comes with a value's first video and goes with its last: only then can a list change.
  const filterListVersion = watchTables(db.$client, { video_record_filter_counts: ['INSERT', 'DELETE'] });

  return {
    /** Saves the record and answers it as JSON; throws the unique violation when the owner already saved it. */
    insert(record: NewVideoRecord): string {
      return db.insert(videoRecords).values(record).returning({ json: RECORD_JSON[record.provider] }).get()
        .json;
    },

    /** One page, newest first, its rows already JSON, with the total it is a page of. */
    page(
      provider: VideoProvider,
      filter: string | undefined,
      limit: number,
      offset: number,
    ): { rows: string[]; total: number } {
      return keptPage(JSON.stringify([provider, filter ?? null, limit, offset]), () =>
        readPage(provider, filter, limit, offset),
      );
    },

    /** The channels (YouTube) or users (Instagram) with saved videos: the counter rows, one per value. */
    filterValues(provider: VideoProvider): string[] {
      return filterValueStatements[provider].all().map((row) => row.value);
    },

    /** Changes whenever a value of a filter list (either provider's) comes or goes. */
    filterVersion(): number {
      return filterListVersion();
    },

    /** What a download needs of one record: its video id, stored link and owner. */
    findForDownload(
      provider: VideoProvider,
      recordId: number,
    ): { video_id: string; url_video: string | null; user_id: number } | undefined {
      return db
        .select({
          video_id: videoRecords.video_id,
          url_video: videoRecords.url_video,
          user_id: videoRecords.user_id,
        })
        .from(videoRecords)
        .where(and(eq(videoRecords.provider, provider), eq(videoRecords.record_id, recordId)))
        .get();
    },

    deleteOne(provider: VideoProvider, recordId: number): boolean {
      const result = db
        .delete(videoRecords)
        .where(and(eq(videoRecords.provider, provider), eq(videoRecords.record_id, recordId)))
        .run();
      return result.changes > 0;
    },

    /** Deletes every record the filter selects, in one transaction. */
    deleteAll(provider: VideoProvider, filter: string | undefined): number {
      return db.transaction((tx) => tx.delete(videoRecords).where(scope(provider, filter)).run().changes);
    },
  };
}

export type VideoRepo = ReturnType<typeof createVideoRepo>;
