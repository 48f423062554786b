import type { VideoProvider } from '@app/contracts';
import { and, asc, count, desc, eq, isNotNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { videoRecords, type NewVideoRecord, type VideoRecordRow } from './schema';

/** The column each provider's list is filtered by: channel (YouTube) or user (Instagram). */
const filterColumn = (provider: VideoProvider) =>
  provider === 'youtube' ? videoRecords.canal : videoRecords.usuario;

function scope(provider: VideoProvider, filter: string | undefined): SQL | undefined {
  return and(
    eq(videoRecords.provider, provider),
    filter === undefined ? undefined : eq(filterColumn(provider), filter),
  );
}

export function createVideoRepo(db: Db) {
  return {
    /** Throws the database's unique violation when the owner already saved this video. */
    insert(record: NewVideoRecord): VideoRecordRow {
      return db.insert(videoRecords).values(record).returning().get();
    },

    page(
      provider: VideoProvider,
      filter: string | undefined,
      limit: number,
      offset: number,
    ): { rows: VideoRecordRow[]; total: number } {
      const where = scope(provider, filter);
      return db.transaction((tx) => {
        const total = tx.select({ n: count() }).from(videoRecords).where(where).get()?.n ?? 0;
        const rows = tx
          .select()
          .from(videoRecords)
          .where(where)
          .orderBy(desc(videoRecords.sort_date), desc(videoRecords.record_id))
          .limit(limit)
          .offset(offset)
          .all();
        return { rows, total };
      });
    },

    filterValues(provider: VideoProvider): string[] {
      const column = filterColumn(provider);
      return db
        .selectDistinct({ value: column })
        .from(videoRecords)
        .where(and(eq(videoRecords.provider, provider), isNotNull(column)))
        .orderBy(asc(column))
        .all()
        .map((row) => row.value ?? '');
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
