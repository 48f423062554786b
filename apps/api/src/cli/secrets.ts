/**
 * Operator command: a new key for the secrets kept in the database (AI keys, authenticator secrets).
 *   node apps/api/dist/cli/secrets.js rotate     (pnpm secrets:rotate)
 * Run it with the server stopped: a running server would go on sealing with the old key. The old key file is
 * kept beside the new one (`secrets.key.<date>.old`): the backups made before the rotation need it.
 */
import { existsSync, renameSync } from 'node:fs';
import { openAppDatabase } from '../db/open';
import { openSecretBox, rotateSecrets } from '../db/secrets';
import { newSecretsKey } from '../lib/secret-box';
import { writeKeyFile } from '../lib/secrets-key';
import { createAiRepo } from '../modules/ai';
import { createRedgramRepo } from '../modules/redgram';
import { createTextoRepo } from '../modules/texto';
import { createTwoFactorRepo } from '../modules/two-factor';
import { configOrFail, fail, readArgs } from './args';

const { positionals } = readArgs({});
if (positionals[0] !== 'rotate') fail('Uso: secrets rotate');

const config = configOrFail();
const file = config.secrets.keyFile;
if (!config.secrets.key && (!file || !existsSync(file))) {
  fail(
    'No hay clave que rotar: ni SECRETS_KEY ni el fichero de la clave existen (arranca el servidor una vez)',
  );
}
const database = await openAppDatabase(config.database);
try {
  const current = await openSecretBox(database, config.secrets);
  const key = newSecretsKey();
  // The new key is on disk before any secret is sealed with it: an interrupted rotation loses nothing.
  const pending = file ? `${file}.new` : undefined;
  if (!config.secrets.key && pending) writeKeyFile(pending, key);
  await rotateSecrets(database, current, key, (box) => [
    createTextoRepo(database, box),
    createRedgramRepo(database, box),
    createAiRepo(database, box),
    createTwoFactorRepo(database, box),
  ]);
  if (config.secrets.key) {
    process.stdout.write(
      `Secretos cifrados con una clave nueva. Cambia SECRETS_KEY por esta antes de arrancar el servidor:\n${key}\n`,
    );
  } else if (file && pending) {
    const old = `${file}.${new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '')}.old`;
    renameSync(file, old);
    renameSync(pending, file);
    process.stdout.write(
      `Secretos cifrados con una clave nueva en ${file}. La clave anterior queda en ${old}: las copias de seguridad hechas antes la necesitan.\n`,
    );
  }
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
} finally {
  await database.close();
}
