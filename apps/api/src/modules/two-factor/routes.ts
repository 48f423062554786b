import {
  confirmIdentity,
  confirmRequiredTotp,
  confirmTotp,
  disableTotp,
  getTwoFactor,
  getTwoFactorRules,
  renewBackupCodes,
  resetUserTwoFactor,
  saveTwoFactorRules,
  startRequiredTotp,
  startTotp,
  TWO_FACTOR_MESSAGES as T,
  TRUSTED_DEVICE_DAYS,
  resendSecondStepEmail,
  verifySecondStep,
  verifySecondStepPasskey,
  type LoginAnswer,
  type PasskeySignInBody,
  type SecondFactor,
  type SessionUser,
} from '@app/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { unauthorized } from '../../lib/errors';
import { access, route } from '../../plugins/authz';
import { actorOf } from '../history';
import type { DeviceCookie, TwoFactorService } from './service';

/** The second step's token: a JWT of its own audience, in a cookie only the second-step routes receive. */
const SECOND_STEP_COOKIE = 'second_step';
const SECOND_STEP_AUDIENCE = 'second-step';
const SECOND_STEP_PATH = '/api/auth/second-step';
/** An administrator's verified browser (signed): sent to the sign-in routes only. */
const TRUSTED_DEVICE_COOKIE = 'trusted_device';
const TRUSTED_DEVICE_PATH = '/api/auth';
const DeviceValue = z.string().regex(/^(\d{1,15})\.([A-Za-z0-9_-]{16,64})$/);
const StepPayload = z.object({ sub: z.string(), cid: z.string(), aud: z.literal(SECOND_STEP_AUDIENCE) });

/**
 * The sign-in routes' use of the second step: the login asks `afterPassword` what a right password leads to;
 * the second-step routes finish the sign-in. Cookies are set here; the rules live in the service.
 */
export function createSignInGate(app: FastifyInstance, service: TwoFactorService, secureCookie: boolean) {
  const stepCookie = {
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: secureCookie,
    path: SECOND_STEP_PATH,
  };

  function trustedDevice(request: FastifyRequest): DeviceCookie | null {
    const raw = request.cookies[TRUSTED_DEVICE_COOKIE];
    if (!raw) return null;
    const unsigned = request.unsignCookie(raw);
    const match = unsigned.valid && unsigned.value ? DeviceValue.safeParse(unsigned.value) : null;
    if (!match?.success) return null;
    const [userId, deviceId] = match.data.split('.') as [string, string];
    return { userId: Number(userId), deviceId };
  }

  function stepToken(request: FastifyRequest): string {
    const raw = request.cookies[SECOND_STEP_COOKIE];
    if (!raw) throw unauthorized(T.stepExpired);
    try {
      const parsed = StepPayload.safeParse(app.jwt.verify(raw, { allowedAud: SECOND_STEP_AUDIENCE }));
      if (parsed.success) return parsed.data.cid;
    } catch {
      // An expired or forged token: the same answer as none.
    }
    throw unauthorized(T.stepExpired);
  }

  function setStepCookie(reply: FastifyReply, userId: number, token: string, seconds: number): void {
    const jwt = app.jwt.sign(
      { sub: String(userId), cid: token },
      { aud: SECOND_STEP_AUDIENCE, expiresIn: seconds },
    );
    reply.setCookie(SECOND_STEP_COOKIE, jwt, { ...stepCookie, maxAge: seconds });
  }

  /** Opens the session, remembers an administrator's verified browser, and answers the user. */
  async function signIn(
    request: FastifyRequest,
    reply: FastifyReply,
    user: SessionUser,
    tokenVersion: number,
    method: SecondFactor | null,
  ): Promise<SessionUser> {
    const sessionId = await app.sessions.start(reply, { id: user.id, token_version: tokenVersion });
    const remembered = await service.afterSignIn(user, sessionId, trustedDevice(request), method);
    if (remembered) {
      reply.setCookie(TRUSTED_DEVICE_COOKIE, `${remembered.userId}.${remembered.deviceId}`, {
        httpOnly: true,
        sameSite: 'strict',
        secure: secureCookie,
        path: TRUSTED_DEVICE_PATH,
        signed: true,
        maxAge: TRUSTED_DEVICE_DAYS * 24 * 60 * 60,
      });
    }
    if (method !== null) reply.clearCookie(SECOND_STEP_COOKIE, stepCookie);
    return user;
  }

  return {
    trustedDevice,
    stepToken,
    setStepCookie,
    signIn,
    /** What the login answers once the password is right: the user (signed in) or the second step to take. */
    async afterPassword(
      request: FastifyRequest,
      reply: FastifyReply,
      user: SessionUser,
      tokenVersion: number,
    ): Promise<LoginAnswer> {
      const next = await service.afterPassword(user, tokenVersion, trustedDevice(request));
      if (next.kind === 'session') return signIn(request, reply, user, tokenVersion, null);
      setStepCookie(reply, user.id, next.token, next.ttlSeconds);
      return next.answer;
    },
  };
}

export type SignInGate = ReturnType<typeof createSignInGate>;

/** Checks a passkey's answer (the passkeys module) and names the active account it proved. */
export type CheckPasskey = (body: PasskeySignInBody, ip: string) => Promise<{ user: { id: number } }>;

export function twoFactorRoutes(
  app: FastifyInstance,
  service: TwoFactorService,
  gate: SignInGate,
  checkPasskey: CheckPasskey,
): void {
  // The second step: public routes (there is no session yet) that accept only the second-step token.
  route(app, verifySecondStep, access.public, async ({ body, request, reply }) => {
    const next = await service.verify(gate.stepToken(request), body, request.ip);
    if (next.kind === 'setup') return next.answer;
    return gate.signIn(request, reply, next.user, next.token_version, next.method);
  });

  route(app, resendSecondStepEmail, access.public, async ({ request }) => {
    await service.resendEmailCode(gate.stepToken(request), request.ip);
    return { ok: true as const };
  });

  route(app, verifySecondStepPasskey, access.public, async ({ body, request, reply }) => {
    const token = gate.stepToken(request);
    const proved = await checkPasskey(body, request.ip);
    const next = await service.verifyPasskey(token, proved.user.id);
    if (next.kind === 'setup') return next.answer;
    return gate.signIn(request, reply, next.user, next.token_version, next.method);
  });

  route(app, startRequiredTotp, access.public, ({ request }) =>
    service.startRequiredTotp(gate.stepToken(request)),
  );

  route(app, confirmRequiredTotp, access.public, async ({ body, request, reply }) => {
    const done = await service.confirmRequiredTotp(gate.stepToken(request), body.code, request.ip);
    const user = await gate.signIn(request, reply, done.user, done.token_version, 'totp');
    return { user, backup_codes: done.backup_codes };
  });

  // The account's own factors (Seguridad in /perfil).
  route(app, getTwoFactor, access.user, ({ user }) => service.status(user));
  route(app, confirmIdentity, access.user, async ({ user, body }) => {
    await service.confirmIdentity(user, body.password, body.code);
    return { confirmed_until: (await app.sessions.confirmIdentity(user.sessionId)).toISOString() };
  });
  route(app, startTotp, access.confirmed, ({ user }) => service.startTotp(user));
  route(app, confirmTotp, access.confirmed, async ({ user, body }) => ({
    backup_codes: await service.confirmTotp(user, body.code),
  }));
  route(app, renewBackupCodes, access.confirmed, async ({ user, body }) => ({
    backup_codes: await service.renewBackupCodes(user, body.password),
  }));
  route(app, disableTotp, access.user, async ({ user, body }) => {
    await service.disableTotp(user, body.password, body.code);
    return { ok: true as const };
  });

  // The community's rules and the reset of a member's factors (Configuración).
  const CONFIG = access.tool('config');
  route(app, getTwoFactorRules, CONFIG, () => service.rulesView());
  route(app, saveTwoFactorRules, CONFIG, ({ user, body }) =>
    service.saveRules(actorOf(user), user.sessionId, body),
  );
  route(app, resetUserTwoFactor, CONFIG, async ({ user, params }) => {
    await service.resetUser(actorOf(user), params.id, 'admin');
    return { ok: true as const };
  });
}
