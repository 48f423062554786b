import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { newSecretsKey, parseSecretsKey, SecretsKeyError } from './secret-box';

/** Where the secrets key comes from (config.ts): SECRETS_KEY, or the key file. */
export interface SecretsKeySource {
  key: string | undefined;
  keyFile: string | undefined;
}

const PROCESS_KEY = parseSecretsKey(newSecretsKey());

/**
 * The key of the stored secrets: SECRETS_KEY, else the key file. A database that holds no encrypted secret yet
 * (a new installation, or one from before encryption) gets a new key file at first start; one that does refuses
 * to start without its key, rather than losing its secrets. An in-memory database (no key file) gets a key of
 * its own process.
 */
export function resolveSecretsKey(source: SecretsKeySource, databaseEncrypted: boolean): Buffer {
  if (source.key) return parseSecretsKey(source.key);
  const file = source.keyFile;
  if (file && existsSync(file)) return parseSecretsKey(readFileSync(file, 'utf8'));
  // An in-memory database lives no longer than this process: so does its key.
  if (!file) return PROCESS_KEY;
  if (databaseEncrypted) {
    throw new SecretsKeyError(
      `Falta la clave de cifrado de los secretos de esta base de datos: el fichero ${file} no existe. Restaura el fichero de la clave junto a la base de datos o define SECRETS_KEY; sin ella las API keys y los secretos de la verificación en dos pasos no se pueden leer.`,
    );
  }
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    // 'wx': two nodes starting at once keep the first one's key.
    writeFileSync(file, `${newSecretsKey()}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return parseSecretsKey(readFileSync(file, 'utf8'));
}

/** Writes a key file readable by its owner only. */
export function writeKeyFile(file: string, key: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'w' });
  chmodSync(file, 0o600);
}
