import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { PasskeyAuthenticationResponse, PasskeyRegistrationResponse } from '@app/contracts';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const sha256 = (data: Buffer | string): Buffer => createHash('sha256').update(data).digest();
const b64url = (data: Buffer | Uint8Array): string => Buffer.from(data).toString('base64url');

/** Flags of the authenticator data: user present, user verified, attested credential data included. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  /** The COSE (EC2, ES256) public key. */
  cose: Uint8Array;
  userHandle: string;
  counter: number;
}

/**
 * A software authenticator speaking WebAuthn's real formats: it makes an ES256 key per passkey, answers
 * `create()` with a 'none' attestation and `get()` with an assertion signed over the authenticator data and the
 * client data's hash, as a platform authenticator with user verification would.
 */
export function createSoftAuthenticator(origin: string, rpId = new URL(origin).hostname) {
  const credentials: Credential[] = [];

  const authenticatorData = (flags: number, counter: number, attested?: Buffer): Buffer => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  };

  const clientData = (type: 'webauthn.create' | 'webauthn.get', challenge: string, from = origin): Buffer =>
    Buffer.from(JSON.stringify({ type, challenge, origin: from, crossOrigin: false }));

  return {
    credentials,

    /** Answers registration options (`challenge`, `user.id`) with a new passkey. */
    create(
      options: { challenge: string; user: { id: string } },
      overrides: { origin?: string; userVerified?: boolean } = {},
    ): PasskeyRegistrationResponse {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const cose = isoCBOR.encode(
        new Map<number, number | Uint8Array>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
          [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
        ]),
      );
      const id = randomBytes(32);
      credentials.push({ id, privateKey, cose, userHandle: options.user.id, counter: 0 });
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(id.length);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, id, Buffer.from(cose)]);
      const flags = UP | AT | (overrides.userVerified === false ? 0 : UV);
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', new Uint8Array(authenticatorData(flags, 0, attested))],
        ]) as never,
      );
      return {
        id: b64url(id),
        rawId: b64url(id),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge, overrides.origin)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
      };
    },

    /** Answers sign-in options with an assertion of one of its passkeys (the last one made, by default). */
    get(
      options: { challenge: string },
      which: number = credentials.length - 1,
      overrides: { origin?: string } = {},
    ): PasskeyAuthenticationResponse {
      const credential = credentials[which];
      if (!credential) throw new Error('the authenticator holds no passkey');
      credential.counter += 1;
      const data = authenticatorData(UP | UV, credential.counter);
      const client = clientData('webauthn.get', options.challenge, overrides.origin);
      const signature = sign('sha256', Buffer.concat([data, sha256(client)]), credential.privateKey);
      return {
        id: b64url(credential.id),
        rawId: b64url(credential.id),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(client),
          authenticatorData: b64url(data),
          signature: b64url(signature),
          userHandle: credential.userHandle,
        },
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
      };
    },
  };
}
