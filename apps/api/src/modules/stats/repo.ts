import type { AppDatabase } from '../../db/client';
import { classReads } from './class-reads';
import { closeRepo } from './close-repo';
import { keptReads } from './kept';
import { accountReads, activityReads } from './source-reads';

export type { StatsRow } from './kept';
export { SIGN_IN, type UserHistoryEntry } from './source-reads';

/**
 * Estadísticas' database: what the close counts from (read through the owning modules), the close's writes,
 * and the kept rows the screen is answered from.
 */
export function createStatsRepo(database: AppDatabase) {
  return {
    ...accountReads(database),
    ...activityReads(database),
    ...closeRepo(database),
    ...keptReads(database),
    ...classReads(database),
  };
}

export type StatsRepo = ReturnType<typeof createStatsRepo>;
