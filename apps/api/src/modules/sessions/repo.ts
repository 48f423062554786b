import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { sessions } from '../../db/schema';
import { forgetDevicesOfSessions } from '../two-factor';

export interface SessionRow {
  id: string;
  user_agent: string | null;
  ip: string | null;
  created_at: string;
  last_used_at: string | null;
}

/** The account's own session rows: listed, and deleted (which ends them on every node at the next request). */
export function createSessionsRepo(database: AppDatabase) {
  const write = database.transaction.bind(database);
  return {
    list: (userId: number, now: Date): Promise<SessionRow[]> =>
      database.read
        .select({
          id: sessions.id,
          user_agent: sessions.user_agent,
          ip: sessions.ip,
          created_at: sessions.created_at,
          last_used_at: sessions.last_used_at,
        })
        .from(sessions)
        .where(and(eq(sessions.user_id, userId), gt(sessions.expires_at, now.toISOString())))
        .orderBy(desc(sessions.created_at)),

    /** Deletes one session of the account; false when it was not (or no longer) open. */
    remove: (userId: number, sessionId: string): Promise<boolean> =>
      write(async (tx) => {
        const gone = await tx
          .delete(sessions)
          .where(and(eq(sessions.user_id, userId), eq(sessions.id, sessionId)))
          .returning({ id: sessions.id });
        // The ended browser is no longer a remembered device: its next sign-in asks for a code again.
        await forgetDevicesOfSessions(tx, [sessionId]);
        return gone.length > 0;
      }),

    /** Deletes every session of the account but `keep`; returns how many ended. */
    removeOthers: (userId: number, keep: string): Promise<number> =>
      write(async (tx) => {
        const gone = await tx
          .delete(sessions)
          .where(and(eq(sessions.user_id, userId), ne(sessions.id, keep)))
          .returning({ id: sessions.id });
        await forgetDevicesOfSessions(
          tx,
          gone.map((row) => row.id),
        );
        return gone.length;
      }),
  };
}

export type SessionsRepo = ReturnType<typeof createSessionsRepo>;
