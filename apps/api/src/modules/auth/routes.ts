import { login, logout, me } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { access, route } from '../../plugins/authz';
import type { AuthService } from './service';

export function authRoutes(app: FastifyInstance, auth: AuthService): void {
  route(app, login, access.public, async ({ body, request, reply }) => {
    const { user, session, device } = await auth.login(body, {
      ip: request.ip,
      device: app.sessions.knownDevice(request),
    });
    await app.sessions.start(reply, session);
    app.sessions.rememberDevice(reply, device);
    return user;
  });

  route(app, logout, access.public, async ({ request, reply }) => {
    await app.sessions.end(request, reply);
    return { ok: true as const };
  });

  route(app, me, access.user, ({ user }) => {
    const { sessionId: _sessionId, ...sessionUser } = user;
    return sessionUser;
  });
}
