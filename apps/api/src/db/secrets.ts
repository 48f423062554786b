import { eq } from 'drizzle-orm';
import {
  createSecretBox,
  parseSecretsKey,
  rotatingBox,
  SecretsKeyError,
  type SecretBox,
} from '../lib/secret-box';
import { resolveSecretsKey, type SecretsKeySource } from '../lib/secrets-key';
import type { AppDatabase } from './client';
import { settings } from './schema';

/** A known value sealed with the current key: whether the database is encrypted, and with which key. */
const CHECK_KEY = 'secrets_check';
const CHECK_VALUE = 'secretos-cifrados';

/** What stores secrets: each reseals every one it holds with the box it was built with. */
export interface SecretHolder {
  resealSecrets(): Promise<void>;
}

const storedCheck = async (db: AppDatabase): Promise<string | undefined> =>
  (await db.read.select().from(settings).where(eq(settings.key, CHECK_KEY)))[0]?.value;

/**
 * The box of the database's secrets: its key found (a new key file for a database not encrypted yet) and proven
 * against the database's check value, so a wrong key stops the start instead of failing later.
 */
export async function openSecretBox(db: AppDatabase, source: SecretsKeySource): Promise<SecretBox> {
  const check = await storedCheck(db);
  const box = createSecretBox(resolveSecretsKey(source, check !== undefined));
  if (check !== undefined && box.open(check) !== CHECK_VALUE) {
    throw new SecretsKeyError('La clave de cifrado no abre los secretos guardados en la base de datos');
  }
  return box;
}

/**
 * The end of the start-up migration: once every module has sealed the secrets it kept in clear (its `open`), the
 * check value says the database is encrypted. Safe on every start and on several nodes at once.
 */
export async function markSecretsSealed(db: AppDatabase, box: SecretBox): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(settings)
      .values({ key: CHECK_KEY, value: box.seal(CHECK_VALUE) })
      .onConflictDoNothing();
  });
}

/** Records the check value of `box` (after a rotation, the new key's). */
const writeCheck = (db: AppDatabase, box: SecretBox): Promise<void> =>
  db.transaction(async (tx) => {
    const value = box.seal(CHECK_VALUE);
    await tx
      .insert(settings)
      .values({ key: CHECK_KEY, value })
      .onConflictDoUpdate({ target: settings.key, set: { value } });
  });

/**
 * A new key for the stored secrets: each one is opened with the current key and sealed with the new one, then
 * the check value follows. The caller has kept `key` (base64) somewhere safe first.
 */
export async function rotateSecrets(
  db: AppDatabase,
  current: SecretBox,
  key: string,
  holdersWith: (box: SecretBox) => SecretHolder[],
): Promise<void> {
  const next = createSecretBox(parseSecretsKey(key));
  for (const holder of holdersWith(rotatingBox(current, next))) await holder.resealSecrets();
  await writeCheck(db, next);
}
