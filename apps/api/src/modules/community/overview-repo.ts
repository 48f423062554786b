import type { LibraryName } from '@app/contracts';
import type { AppDatabase } from '../../db/client';
import { userCounts } from '../../db/schema';
import { hasClass } from '../library';

/** What the administrator's first screen reads itself: kept counts and one indexed look-up per library. */
export function createOverviewRepo(database: AppDatabase) {
  const db = () => database.read;
  return {
    /** Active and pending accounts, from the counts every write of `users` keeps. */
    async accounts(): Promise<{ active: number; pending: number }> {
      const rows = await db().select().from(userCounts);
      const of = (active: boolean) => rows.find((row) => row.is_active === active)?.n ?? 0;
      return { active: of(true), pending: of(false) };
    },

    /** Whether the library holds a class: the first row of its list index, never a count. */
    hasClass: (library: LibraryName): Promise<boolean> => hasClass(db(), library),
  };
}

export type OverviewRepo = ReturnType<typeof createOverviewRepo>;
