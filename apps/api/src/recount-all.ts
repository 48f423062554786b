import type { AppDatabase } from './db/client';
import { recountUsers } from './db/kept-counts';
import { recountHistory } from './modules/history';
import { recountLibrary } from './modules/library';
import { recountRecords } from './modules/video-tools';

/**
 * Recomputes every kept count from the rows, in one transaction: for data written without the repositories
 * (a bulk seed) and as the reference the property test compares with. Each module recounts its own tables.
 */
export const recountAll = (database: AppDatabase): Promise<void> =>
  database.transaction(async (tx) => {
    await recountUsers(tx);
    await recountLibrary(tx);
    await recountHistory(tx);
    await recountRecords(tx);
  });
