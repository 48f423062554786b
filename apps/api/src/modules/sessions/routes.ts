import { endOtherSessions, endSession, listSessions } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { access, route } from '../../plugins/authz';
import type { SessionsService } from './service';

export function sessionsRoutes(app: FastifyInstance, sessions: SessionsService): void {
  route(app, listSessions, access.user, async ({ user }) => ({ sessions: await sessions.list(user) }));

  route(app, endSession, access.user, async ({ user, params, request, reply }) => {
    const { current } = await sessions.end(user, params.id);
    // Ending this very session is a sign-out: its cookie goes too.
    if (current) await app.sessions.end(request, reply);
    return { ok: true as const, current };
  });

  route(app, endOtherSessions, access.user, async ({ user }) => ({ ended: await sessions.endOthers(user) }));
}
