import { login, logout, me } from '@app/contracts';
import type { LoginAnswer, SessionUser } from '@app/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { access, route } from '../../plugins/authz';
import type { AuthService } from './service';

/** What follows a right password (the two-factor module's sign-in gate): a session, or a second step first. */
export interface AfterPasswordGate {
  afterPassword(
    request: FastifyRequest,
    reply: FastifyReply,
    user: SessionUser,
    tokenVersion: number,
  ): Promise<LoginAnswer>;
}

export function authRoutes(app: FastifyInstance, auth: AuthService, gate: AfterPasswordGate): void {
  route(app, login, access.public, async ({ body, request, reply }) => {
    const { user, session } = await auth.login(body, {
      ip: request.ip,
      device: app.sessions.knownDevice(request),
    });
    return gate.afterPassword(request, reply, user, session.token_version);
  });

  route(app, logout, access.public, async ({ request, reply }) => {
    await app.sessions.end(request, reply);
    return { ok: true as const };
  });

  route(app, me, access.user, ({ user }) => {
    const { sessionId: _sessionId, identityConfirmed: _confirmed, ...sessionUser } = user;
    return sessionUser;
  });
}
