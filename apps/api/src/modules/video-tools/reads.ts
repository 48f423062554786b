import { and, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { videoRecords } from './schema';

const between = (start: string, end: string) =>
  and(gte(videoRecords.created_at, start), lt(videoRecords.created_at, end));

/** Videos saved in [start, end), per provider (Estadísticas' tool uses). */
export const savedVideosBetween = (on: Db, start: string, end: string) =>
  on
    .select({ provider: videoRecords.provider, n: sql<number>`count(*)`.mapWith(Number) })
    .from(videoRecords)
    .where(between(start, end))
    .groupBy(videoRecords.provider);

/** The members who saved a video in [start, end) (Estadísticas' active members). */
export const saversBetween = (on: Db, start: string, end: string) =>
  on.selectDistinct({ id: videoRecords.user_id }).from(videoRecords).where(between(start, end));
