import { createHash } from 'node:crypto';
import { SESSION_MESSAGES, type AccountSession } from '@app/contracts';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { describeUserAgent } from './browser';
import type { SessionsRepo } from './repo';

/**
 * The handle a session is listed and ended by. The session id itself stays in the signed cookie: the page's
 * script, which sees the list, never learns it.
 */
const publicSessionId = (sessionId: string): string =>
  createHash('sha256').update(sessionId).digest('base64url').slice(0, 22);

export interface SessionsServiceDeps {
  repo: SessionsRepo;
  clock: Clock;
}

/** The member's open sessions ("Sesiones y dispositivos" in /perfil): listed, ended one by one or all but this. */
export function createSessionsService({ repo, clock }: SessionsServiceDeps) {
  return {
    async list(me: { id: number; sessionId: string }): Promise<AccountSession[]> {
      const rows = await repo.list(me.id, clock.now());
      const listed = rows.map((row) => ({
        id: publicSessionId(row.id),
        ...describeUserAgent(row.user_agent),
        ip: row.ip,
        created_at: row.created_at,
        last_used_at: row.last_used_at ?? row.created_at,
        current: row.id === me.sessionId,
      }));
      // This device first, then the most recently used.
      return listed.sort(
        (a, b) => Number(b.current) - Number(a.current) || b.last_used_at.localeCompare(a.last_used_at),
      );
    },

    /** Ends one session of the account; says whether it was the caller's own (whose cookie then goes too). */
    async end(me: { id: number; sessionId: string }, publicId: string): Promise<{ current: boolean }> {
      const rows = await repo.list(me.id, clock.now());
      const target = rows.find((row) => publicSessionId(row.id) === publicId);
      if (!target || !(await repo.remove(me.id, target.id))) throw notFound(SESSION_MESSAGES.notFound);
      return { current: target.id === me.sessionId };
    },

    endOthers: (me: { id: number; sessionId: string }): Promise<number> =>
      repo.removeOthers(me.id, me.sessionId),
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
