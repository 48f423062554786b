import { and, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { redgramLogs } from './schema';

const between = (start: string, end: string) =>
  and(gte(redgramLogs.created_at, start), lt(redgramLogs.created_at, end));

/** RedGram generations made in [start, end) (Estadísticas' tool uses). */
export async function generationsBetween(on: Db, start: string, end: string): Promise<number> {
  const [row] = await on
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(redgramLogs)
    .where(between(start, end));
  return row?.n ?? 0;
}

/** The members who generated in [start, end) (Estadísticas' active members); a deleted member's rows give null. */
export const generatorsBetween = (on: Db, start: string, end: string) =>
  on.selectDistinct({ id: redgramLogs.user_id }).from(redgramLogs).where(between(start, end));
