import { and, isNull, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { libraryWatched } from './schema';

/**
 * Dates the completion marks set before marks were dated: the best the database holds is the member's last
 * opening of the class (a class is marked from its page, which records an opening). A
 * mark the member never opened keeps no date: it counts in each class's completion but on no day. Only
 * undated marks are touched, so running it at every start, on any number of nodes, changes nothing twice.
 */
export const datePastCompletions = (database: AppDatabase): Promise<void> =>
  database.transaction(async (tx) => {
    // Written out: drizzle names a column without its table in an UPDATE's subquery.
    const opening = sql`(select o.abierto_en from library_opened o
      where o.user_id = library_watched.user_id and o.video_id = library_watched.video_id)`;
    await tx
      .update(libraryWatched)
      .set({ completed_at: opening })
      .where(and(isNull(libraryWatched.completed_at), sql`exists ${opening}`));
  });
