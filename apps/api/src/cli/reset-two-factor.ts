import { openAppDatabase } from '../db/open';
import { openSecretBox } from '../db/secrets';
import { createMailer } from '../integrations/mailer';
import { systemClock } from '../lib/clock';
import { AppError } from '../lib/errors';
import { createHistoryRecorder } from '../modules/history';
import { createTwoFactorRepo, resetTwoFactor } from '../modules/two-factor';
import { configOrFail, fail } from './args';

/** `user reset-2fa --email E`: the second factors of the account go, as an administrator's reset does. */
export async function resetSecondFactor(email: string): Promise<void> {
  const config = configOrFail();
  const database = await openAppDatabase(config.database);
  const log = {
    warn: () => undefined,
    info: () => undefined,
    error: (obj: object, msg: string) => process.stderr.write(`${msg} ${JSON.stringify(obj)}\n`),
  };
  const mailer = createMailer(config.mail, log, { timeoutMs: config.outgoingTimeoutMs });
  try {
    const repo = createTwoFactorRepo(database, await openSecretBox(database, config.secrets));
    const account = await repo.findAccountByEmail(email.trim().toLowerCase());
    if (!account) fail(`No existe ninguna cuenta con el correo ${email}`);
    await resetTwoFactor(
      {
        repo,
        history: createHistoryRecorder(database, {
          clock: systemClock,
          retentionDays: config.historyRetentionDays,
        }),
        mailer,
        log,
        publicUrl: () => config.appUrl ?? '',
      },
      { id: null, username: 'línea de comandos', email: null },
      account.id,
      'server',
    );
    process.stdout.write(
      `Verificación en dos pasos de ${account.username} restablecida: ya puede entrar solo con su contraseña.\n`,
    );
  } catch (error) {
    fail(error instanceof AppError ? error.message : String(error));
  } finally {
    mailer.close();
    await database.close();
  }
}
