import {
  checkPasswordResetToken,
  confirmEmail,
  register,
  requestPasswordReset,
  resetPassword,
  updateProfile,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { access, route } from '../../plugins/authz';
import type { AccountsService } from './service';

export function accountsRoutes(app: FastifyInstance, accounts: AccountsService): void {
  route(app, register, access.public, async ({ body, request }) => {
    await accounts.register(body, request.ip);
    return { ok: true as const };
  });

  route(app, confirmEmail, access.public, ({ body }) => accounts.confirmEmail(body.token));

  route(app, requestPasswordReset, access.public, async ({ body, request }) => {
    await accounts.requestPasswordReset(body, request.ip);
    return { ok: true as const };
  });

  route(app, checkPasswordResetToken, access.public, async ({ body }) => ({
    ok: true as const,
    passkeys: await accounts.checkResetToken(body.token),
  }));

  route(app, resetPassword, access.public, async ({ body }) => {
    await accounts.resetPassword(body);
    return { ok: true as const };
  });

  route(app, updateProfile, access.user, async ({ body, user, request, reply }) => {
    const { user: updated, newTokenVersion, pendingEmail } = await accounts.updateProfile(user, body);
    if (newTokenVersion !== undefined) {
      // The new password ended every session; this browser keeps going on a fresh one.
      await app.sessions.end(request, reply);
      await app.sessions.start(reply, { id: updated.id, token_version: newTokenVersion });
    }
    return { ...updated, pending_email: pendingEmail };
  });
}
