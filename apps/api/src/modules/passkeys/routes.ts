import {
  addPasskey,
  listPasskeys,
  passkeyRegistrationOptions,
  passkeySignIn,
  passkeySignInOptions,
  removePasskey,
  renamePasskey,
  type SessionUser,
} from '@app/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { access, route } from '../../plugins/authz';
import type { PasskeysService } from './service';

/** Opens the session of an account a passkey proved (the sign-in's own rules: remembered devices, emails). */
export type OpenPasskeySession = (
  request: FastifyRequest,
  reply: FastifyReply,
  account: { user: SessionUser; token_version: number },
) => Promise<SessionUser>;

export function passkeysRoutes(
  app: FastifyInstance,
  passkeys: PasskeysService,
  openSession: OpenPasskeySession,
): void {
  route(app, listPasskeys, access.user, async ({ user }) => ({ passkeys: await passkeys.list(user) }));

  // Adding a factor asks for the password (and the app's code) first: a session alone cannot add one.
  route(app, passkeyRegistrationOptions, access.confirmed, ({ user }) => passkeys.registrationOptions(user));

  route(app, addPasskey, access.confirmed, ({ user, body }) => passkeys.add(user, body));

  route(app, renamePasskey, access.user, ({ user, params, body }) =>
    passkeys.rename(user, params.id, body.name),
  );

  route(app, removePasskey, access.user, async ({ user, params, body }) => {
    await passkeys.remove(user, params.id, body.password);
    return { ok: true as const };
  });

  route(app, passkeySignInOptions, access.public, ({ request }) =>
    passkeys.authenticationOptions({ ip: request.ip }),
  );

  route(app, passkeySignIn, access.public, async ({ body, request, reply }) => {
    const account = await passkeys.verify(body, { ip: request.ip });
    return openSession(request, reply, account);
  });
}
