import { createHash, randomBytes } from 'node:crypto';
import { CONFIRM_IDENTITY_MINUTES, type SessionUser } from '@app/contracts';
import fastifyCookie from '@fastify/cookie';
import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { Clock } from '../lib/clock';

export const SESSION_COOKIE = 'session';
const SESSION_TTL_SECONDS = 12 * 60 * 60;
/** Marks a browser that signed in to an account: its logins are limited apart from strangers' (see auth). */
const KNOWN_DEVICE_COOKIE = 'known_device';
const KNOWN_DEVICE_TTL_SECONDS = 365 * 24 * 60 * 60;
const KnownDeviceValue = z.string().regex(/^(\d{1,15})\.([A-Za-z0-9_-]{16,64})$/);
/** Only a hash of a known device's id is stored: a copy of the database names no cookie. */
export const hashDeviceId = (deviceId: string): string =>
  createHash('sha256').update(deviceId).digest('base64url');
/** Verified tokens remembered (least recently used out): one small entry per signed-in browser. */
const TOKEN_CACHE_SIZE = 10_000;
/** A session's last use is written at most this often: the sessions list needs minutes, not every request. */
const LAST_USE_INTERVAL_MS = 60_000;
/** The longest user agent kept for the sessions list. */
const USER_AGENT_MAX = 512;

/** The signed-in user behind a request, fresh from the database. */
export type Principal = SessionUser & {
  sessionId: string;
  /** The member confirmed their identity on this session a few minutes ago (sudo mode). */
  identityConfirmed: boolean;
};

const TokenPayload = z.object({ sub: z.string(), sid: z.string(), tv: z.number().int() });

declare module 'fastify' {
  interface FastifyInstance {
    sessions: {
      /**
       * Opens a session for the user (a complete sign-in, under the account epoch `token_version`) and sets the
       * cookie; the browser is remembered as a known device of the account. Resolves with the session's id.
       */
      start(reply: FastifyReply, user: { id: number; token_version: number }): Promise<string>;
      /** Ends the request's session (if any) and clears the cookie. */
      end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
      /** The request's principal, or null when there is no valid session (a stale cookie is cleared). */
      resolve(request: FastifyRequest, reply: FastifyReply): Promise<Principal | null>;
      /** The account and device id of the request's signed known-device cookie, if it has a valid one. */
      knownDevice(request: FastifyRequest): { userId: number; deviceId: string } | null;
      /** Marks the member's identity as confirmed on this session for a few minutes; resolves with the end. */
      confirmIdentity(sessionId: string): Promise<Date>;
    };
  }
}

/** The session rows the plugin reads and writes; the auth module's repository provides them. */
export interface SessionStore {
  /** The session's user, if the session exists for that user and has not expired. */
  findSession(
    sessionId: string,
    userId: number,
    now: Date,
  ): Promise<
    | {
        user: SessionUser;
        is_active: boolean;
        token_version: number;
        last_used_at: string | null;
        confirmed_until: string | null;
      }
    | undefined
  >;
  createSession(session: {
    id: string;
    userId: number;
    createdAt: Date;
    expiresAt: Date;
    userAgent: string | null;
    ip: string | null;
    epoch: number;
  }): Promise<void>;
  /** Confirms the member's identity on this session until `until` (sudo mode). */
  confirmSession(sessionId: string, until: Date): Promise<void>;
  /** Remembers a browser that completed a sign-in under `epoch` (hash of its device id). */
  rememberKnownDevice(userId: number, deviceHash: string, epoch: number, now: Date): Promise<void>;
  /** Records a use of the session unless one was recorded since `staleBefore`. */
  touchSession(sessionId: string, now: Date, staleBefore: Date): Promise<void>;
  deleteSession(sessionId: string): Promise<void>;
  purgeExpiredSessions(now: Date): Promise<void>;
}

export interface SessionPluginOptions {
  secret: string;
  secureCookie: boolean;
  repo: SessionStore;
  clock: Clock;
}

/**
 * Sessions are a signed JWT (user id, session id) in an httpOnly SameSite cookie. Every request checks the
 * session row, the user's `is_active` and that the session's account epoch is still the account's, so logout,
 * deactivation, deletion and any credential change end sessions at once.
 */
export const sessionPlugin = fp<SessionPluginOptions>(async (app: FastifyInstance, opts) => {
  // The cookie secret signs the known-device cookie; the session cookie is a JWT signed on its own.
  await app.register(fastifyCookie, { secret: opts.secret });
  await app.register(fastifyJwt, {
    secret: opts.secret,
    sign: { expiresIn: SESSION_TTL_SECONDS },
    // Remember verified tokens (until they expire), so the HMAC check and decoding run once per token rather
    // than on every signed-in request. Revocation does not depend on this: every request checks the session row.
    verify: { cache: TOKEN_CACHE_SIZE },
  });

  const cookieOptions = {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: opts.secureCookie,
    path: '/',
  };

  const clear = (reply: FastifyReply) => reply.clearCookie(SESSION_COOKIE, cookieOptions);

  app.decorate('sessions', {
    async start(reply, user) {
      const now = opts.clock.now();
      await opts.repo.purgeExpiredSessions(now);
      const sessionId = randomBytes(24).toString('base64url');
      const userAgent = reply.request.headers['user-agent'];
      await opts.repo.createSession({
        id: sessionId,
        userId: user.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + SESSION_TTL_SECONDS * 1000),
        userAgent: userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null,
        ip: reply.request.ip || null,
        epoch: user.token_version,
      });
      const token = app.jwt.sign({ sub: String(user.id), sid: sessionId, tv: user.token_version });
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: SESSION_TTL_SECONDS });
      // Only a complete sign-in makes a known device (a right password before a second step does not).
      const known = readKnownDevice(reply.request);
      const device = known?.userId === user.id ? known.deviceId : randomBytes(18).toString('base64url');
      await opts.repo.rememberKnownDevice(user.id, hashDeviceId(device), user.token_version, now);
      if (device !== known?.deviceId) rememberDevice(reply, { userId: user.id, deviceId: device });
      return sessionId;
    },
    async end(request, reply) {
      const payload = readToken(request);
      if (payload) await opts.repo.deleteSession(payload.sid);
      clear(reply);
    },
    async resolve(request, reply) {
      const hasCookie = request.cookies[SESSION_COOKIE] !== undefined;
      const payload = readToken(request);
      const found =
        payload && (await opts.repo.findSession(payload.sid, Number(payload.sub), opts.clock.now()));
      // The row is found only while its epoch is the account's (the JWT's `tv` may be older: a session that
      // made a credential change moves to the new epoch with it).
      if (!payload || !found?.is_active) {
        if (payload && found) await opts.repo.deleteSession(payload.sid);
        if (hasCookie) clear(reply);
        return null;
      }
      const now = opts.clock.now();
      const staleBefore = new Date(now.getTime() - LAST_USE_INTERVAL_MS);
      if (found.last_used_at === null || found.last_used_at < staleBefore.toISOString()) {
        await opts.repo.touchSession(payload.sid, now, staleBefore);
      }
      return {
        ...found.user,
        sessionId: payload.sid,
        identityConfirmed: found.confirmed_until !== null && found.confirmed_until > now.toISOString(),
      };
    },
    knownDevice: readKnownDevice,
    async confirmIdentity(sessionId) {
      const until = new Date(opts.clock.now().getTime() + CONFIRM_IDENTITY_MINUTES * 60_000);
      await opts.repo.confirmSession(sessionId, until);
      return until;
    },
  });

  function readKnownDevice(request: FastifyRequest): { userId: number; deviceId: string } | null {
    const raw = request.cookies[KNOWN_DEVICE_COOKIE];
    if (!raw) return null;
    const unsigned = request.unsignCookie(raw);
    const match = unsigned.valid && unsigned.value ? KnownDeviceValue.safeParse(unsigned.value) : null;
    if (!match?.success) return null;
    const [userId, deviceId] = match.data.split('.') as [string, string];
    return { userId: Number(userId), deviceId };
  }

  /** Remembers this browser as a device that signed in to the account (a signed, httpOnly cookie). */
  function rememberDevice(reply: FastifyReply, device: { userId: number; deviceId: string }): void {
    reply.setCookie(KNOWN_DEVICE_COOKIE, `${device.userId}.${device.deviceId}`, {
      httpOnly: true,
      sameSite: 'strict',
      secure: opts.secureCookie,
      // Only the login needs it.
      path: '/api/auth/login',
      signed: true,
      maxAge: KNOWN_DEVICE_TTL_SECONDS,
    });
  }

  function readToken(request: FastifyRequest): z.infer<typeof TokenPayload> | null {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return null;
    try {
      const decoded: unknown = app.jwt.verify(token);
      // A token signed for another purpose (the second step of sign-in has its own audience) is no session.
      if (decoded && typeof decoded === 'object' && 'aud' in decoded) return null;
      const parsed = TokenPayload.safeParse(decoded);
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }
});
