import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** How a sealed value starts: the format's version, then base64url(iv | tag | ciphertext). */
const SEALED = 'enc:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const SECRETS_KEY_BYTES = 32;

/**
 * Secrets kept in the database (AI keys, authenticator secrets) as AES-256-GCM with a key that lives outside it,
 * so a copy of the database alone (`db:backup`) holds none of them in clear.
 */
export interface SecretBox {
  seal: (plain: string) => string;
  /** A sealed value's clear text; a value stored before encryption is returned as it is. */
  open: (stored: string) => string;
  /** The value as it should be stored now: sealed with the current key (a sealed value is left alone). */
  reseal: (stored: string) => string;
}

const isSealed = (stored: string): boolean => stored.startsWith(SEALED);

export class SecretsKeyError extends Error {
  override readonly name = 'SecretsKeyError';
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== SECRETS_KEY_BYTES) throw new SecretsKeyError('La clave de cifrado debe tener 32 bytes');
  const seal = (plain: string): string => {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${SEALED}${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  };
  const open = (stored: string): string => {
    if (!isSealed(stored)) return stored;
    const raw = Buffer.from(stored.slice(SEALED.length), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    try {
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      throw new SecretsKeyError('La clave de cifrado no abre los secretos guardados en la base de datos');
    }
  };
  return { seal, open, reseal: (stored) => (isSealed(stored) ? stored : seal(stored)) };
}

/** Opens with one key and seals with another: what a key rotation reseals every stored secret with. */
export const rotatingBox = (from: SecretBox, to: SecretBox): SecretBox => ({
  seal: to.seal,
  open: from.open,
  reseal: (stored) => to.seal(from.open(stored)),
});

/** A key as written in SECRETS_KEY or the key file: base64 (or base64url) of 32 bytes. */
export function parseSecretsKey(text: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== SECRETS_KEY_BYTES) {
    throw new SecretsKeyError('La clave de cifrado debe ser base64 de 32 bytes (openssl rand -base64 32)');
  }
  return key;
}

export const newSecretsKey = (): string => randomBytes(SECRETS_KEY_BYTES).toString('base64');
