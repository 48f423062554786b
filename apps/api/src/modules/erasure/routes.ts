import { cancelMyErasure, deleteMyAccount, getMyErasure } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { access, route } from '../../plugins/authz';
import type { ErasureService } from './service';

export function erasureRoutes(app: FastifyInstance, erasure: ErasureService): void {
  route(app, getMyErasure, access.user, ({ user }) => erasure.myErasure(user));

  route(app, cancelMyErasure, access.user, ({ user }) => erasure.cancelMySchedule(user));

  route(app, deleteMyAccount, access.user, async ({ body, user, request, reply }) => {
    const done = await erasure.deleteMyAccount(user, body);
    // The account's sessions are gone with it; this browser forgets its cookie too.
    if (done.status === 'erased') await app.sessions.end(request, reply);
    return done;
  });
}
