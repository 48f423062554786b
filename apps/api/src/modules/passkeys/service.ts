import {
  MESSAGES,
  PASSKEY_CHALLENGE_MINUTES,
  PASSKEY_MESSAGES,
  type AddPasskeyBody,
  type Passkey,
  type PasskeyCreationOptions,
  type PasskeyRequestOptions,
  type PasskeySignInBody,
  type SessionUser,
} from '@app/contracts';
import type { AuthenticatorTransport } from '@simplewebauthn/server';
import type { Mailer } from '../../integrations/mailer';
import type { Clock } from '../../lib/clock';
import { AppError, badRequest, conflict, notFound, unauthorized } from '../../lib/errors';
import { verifyPassword } from '../../lib/password';
import type { Budget } from '../../lib/rate-limits';
import { uniqueViolation } from '../../db/unique-violation';
import { passkeyAddedEmail, passkeyRemovedEmail } from './emails';
import type { RelyingParty } from './relying-party';
import type { ChallengePurpose, PasskeysRepo } from './repo';

const CHALLENGE_MS = PASSKEY_CHALLENGE_MINUTES * 60 * 1000;

/** The WebAuthn library, loaded at the first passkey ceremony rather than at every start of the server. */
const webauthn = () => import('@simplewebauthn/server');
/**
 * The signature algorithms accepted, named rather than left to the library's default: the default probes the
 * runtime for post-quantum algorithms, which Node answers with experimental-feature warnings in the log.
 * EdDSA, ES256 and RS256 cover the authenticators in use.
 */
const SUPPORTED_ALGORITHMS = [-8, -7, -257];

/** The account behind a passkey, as a sign-in needs it. */
interface AccountRow {
  user: SessionUser;
  is_active: boolean;
  token_version: number;
}

export interface PasskeysServiceDeps {
  repo: PasskeysRepo;
  clock: Clock;
  /** Computed per call: the public address may only be known once the server listens. */
  relyingParty(): RelyingParty;
  /** The account a passkey belongs to. */
  loadAccount(userId: number): Promise<AccountRow | undefined>;
  /** The stored password hash of an account (removing a passkey asks for the password). */
  loadPasswordHash(email: string): Promise<string | undefined>;
  limits: { loginByIp: Budget; reauth: Budget; passkeyOptions: Budget };
  mailer: Mailer;
  publicUrl(): string;
  log: { error(obj: object, msg: string): void };
}

interface Me {
  id: number;
  email: string;
  username: string;
  sessionId: string;
}

/** The challenge a browser's answer signed, read from its client data (the signature check comes after). */
function challengeOf(clientDataJSON: string): string {
  try {
    const parsed = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as unknown;
    const challenge = (parsed as { challenge?: unknown } | null)?.challenge;
    if (typeof challenge === 'string' && challenge !== '') return challenge;
  } catch {
    // Refused below, like any answer without a challenge.
  }
  throw badRequest(PASSKEY_MESSAGES.notVerified);
}

const transportsOf = (stored: string): AuthenticatorTransport[] =>
  stored === '' ? [] : (stored.split(',') as AuthenticatorTransport[]);

/** Passkeys of the signed-in member: the registration ceremony, the list, names and removal. */
function management(deps: PasskeysServiceDeps) {
  const { repo, clock, mailer, log } = deps;
  const securityLink = () => `${deps.publicUrl()}/perfil`;
  const notify = (message: ReturnType<typeof passkeyAddedEmail>, userId: number) =>
    void mailer.send(message).catch((err: unknown) => {
      log.error({ err, userId }, 'passkey notice could not be sent');
    });

  return {
    list: (me: { id: number }): Promise<Passkey[]> => repo.list(me.id),

    /** Options for the browser's create(): a resident, user-verifying credential, none of the account's twice. */
    async registrationOptions(me: Me): Promise<PasskeyCreationOptions> {
      const rp = deps.relyingParty();
      const existing = await repo.credentialIds(me.id);
      const { generateRegistrationOptions } = await webauthn();
      const options = await generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        userName: me.email,
        userDisplayName: me.username,
        // A stable handle per account: the same authenticator then replaces its passkey instead of adding one.
        userID: new TextEncoder().encode(`user-${me.id}`),
        timeout: CHALLENGE_MS,
        attestationType: 'none',
        excludeCredentials: existing.map((row) => ({
          id: row.credential_id,
          transports: transportsOf(row.transports),
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
      });
      await storeChallenge(repo, clock, options.challenge, 'registration', me.id);
      return options as PasskeyCreationOptions;
    },

    /** Checks the browser's answer, saves the passkey, ends the account's other sessions and tells the member. */
    async add(me: Me, body: AddPasskeyBody): Promise<Passkey> {
      const rp = deps.relyingParty();
      const challenge = challengeOf(body.response.response.clientDataJSON);
      const issued = await repo.takeChallenge(challenge, 'registration', clock.now());
      if (issued?.user_id !== me.id) throw badRequest(PASSKEY_MESSAGES.challengeExpired);
      let verification;
      try {
        const { verifyRegistrationResponse } = await webauthn();
        verification = await verifyRegistrationResponse({
          response: body.response,
          expectedChallenge: challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          requireUserVerification: true,
          supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
        });
      } catch {
        throw badRequest(PASSKEY_MESSAGES.notVerified);
      }
      if (!verification.verified) throw badRequest(PASSKEY_MESSAGES.notVerified);
      const { credential } = verification.registrationInfo;
      let saved;
      try {
        saved = await repo.insertEndingOtherSessions({
          userId: me.id,
          keepSessionId: me.sessionId,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: (credential.transports ?? []).join(','),
          name: body.name.trim(),
          now: clock.now(),
        });
      } catch (error) {
        if (uniqueViolation(error)) throw conflict(PASSKEY_MESSAGES.alreadyAdded);
        throw error;
      }
      notify(passkeyAddedEmail(me, saved.name, securityLink()), me.id);
      return saved;
    },

    async rename(me: { id: number }, id: number, name: string): Promise<Passkey> {
      const renamed = await repo.rename(me.id, id, name.trim());
      if (!renamed) throw notFound(PASSKEY_MESSAGES.notFound);
      return renamed;
    },

    /** Removes a passkey once the current password is proven (limited like a login, per account). */
    async remove(me: Me, id: number, password: string): Promise<void> {
      const key = String(me.id);
      await deps.limits.reauth.spend(key);
      const hash = await deps.loadPasswordHash(me.email.trim().toLowerCase());
      if (!hash || !(await verifyPassword(hash, password))) {
        throw badRequest(PASSKEY_MESSAGES.passwordWrong, 'password');
      }
      await deps.limits.reauth.refund(key);
      const removed = await repo.remove(me.id, id);
      if (!removed) throw notFound(PASSKEY_MESSAGES.notFound);
      notify(passkeyRemovedEmail(me, removed.name, securityLink()), me.id);
    },
  };
}

async function storeChallenge(
  repo: PasskeysRepo,
  clock: Clock,
  challenge: string,
  purpose: ChallengePurpose,
  userId: number | null,
): Promise<void> {
  const now = clock.now();
  await repo.storeChallenge({
    challenge,
    purpose,
    userId,
    expiresAt: new Date(now.getTime() + CHALLENGE_MS),
    now,
  });
}

/** Signing in with a passkey: a full session, since a user-verifying passkey is two factors in one. */
function signIn(deps: PasskeysServiceDeps) {
  const { repo, clock, limits } = deps;
  return {
    /** Options for the browser's get(): no credential named, so it offers the passkeys it holds for this site. */
    async authenticationOptions(client: { ip: string }): Promise<PasskeyRequestOptions> {
      // Public and each call stores a challenge: limited per address like the login.
      await limits.passkeyOptions.spend(client.ip);
      const rp = deps.relyingParty();
      const { generateAuthenticationOptions } = await webauthn();
      const options = await generateAuthenticationOptions({
        rpID: rp.id,
        timeout: CHALLENGE_MS,
        userVerification: 'required',
      });
      await storeChallenge(repo, clock, options.challenge, 'authentication', null);
      return options as PasskeyRequestOptions;
    },

    /**
     * Checks an assertion and returns the account to open a session for. Each try spends a point of the login's
     * per-IP budget first (given back on success). The account must be active, as for a password sign-in.
     */
    async verify(body: PasskeySignInBody, client: { ip: string }): Promise<AccountRow> {
      await limits.loginByIp.spend(client.ip);
      const rp = deps.relyingParty();
      const challenge = challengeOf(body.response.response.clientDataJSON);
      if (!(await repo.takeChallenge(challenge, 'authentication', clock.now()))) {
        throw badRequest(PASSKEY_MESSAGES.challengeExpired);
      }
      const stored = await repo.findByCredentialId(body.response.id);
      if (!stored) throw unauthorized(PASSKEY_MESSAGES.unknownPasskey);
      let verification;
      try {
        const { verifyAuthenticationResponse } = await webauthn();
        verification = await verifyAuthenticationResponse({
          response: body.response,
          expectedChallenge: challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          credential: {
            id: stored.credential_id,
            publicKey: new Uint8Array(Buffer.from(stored.public_key, 'base64url')),
            counter: stored.counter,
            transports: transportsOf(stored.transports),
          },
          requireUserVerification: true,
        });
      } catch {
        throw unauthorized(PASSKEY_MESSAGES.notVerified);
      }
      if (!verification.verified) throw unauthorized(PASSKEY_MESSAGES.notVerified);
      await repo.recordUse(stored.id, verification.authenticationInfo.newCounter, clock.now());
      const account = await deps.loadAccount(stored.user_id);
      if (!account) throw unauthorized(PASSKEY_MESSAGES.unknownPasskey);
      await limits.loginByIp.refund(client.ip);
      if (!account.is_active) throw new AppError(403, MESSAGES.inactiveAccount);
      return account;
    },
  };
}

export function createPasskeysService(deps: PasskeysServiceDeps) {
  return { ...management(deps), ...signIn(deps) };
}

export type PasskeysService = ReturnType<typeof createPasskeysService>;
