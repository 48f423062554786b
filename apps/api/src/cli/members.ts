/**
 * Operator command: moves a whole community in or out as CSV, with the same checks as /config's import.
 *   pnpm members:import FILE [--role R] [--active] [--skip-errors] [--send-setup-email]
 *   pnpm members:export [FILE] [--without-hashes]
 * The export carries password hashes unless told otherwise (it is for moving to another server): keep the
 * file private. Rows that carry a hash keep their password (argon2id, or PHP's bcrypt `$2y$`); with
 * --send-setup-email, new active members without one are emailed a link to choose it (APP_URL and the mail
 * settings of the server apply).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { normalizeRoleName } from '@app/contracts';
import { createMailer } from '../integrations/mailer';
import { openAppDatabase } from '../db/open';
import { seedCatalog } from '../db/seed';
import { systemClock } from '../lib/clock';
import { AppError } from '../lib/errors';
import { createMembersIoRepo, createMembersIoService } from '../modules/members-io';
import { createHistoryRecorder } from '../modules/history';
import { configOrFail, fail, readArgs } from './args';

const USAGE =
  'Uso: members import ARCHIVO [--role R] [--active] [--skip-errors] [--send-setup-email]\n     members export [ARCHIVO] [--without-hashes]';

const { positionals, values } = readArgs({
  role: { type: 'string' },
  active: { type: 'boolean', default: false },
  'skip-errors': { type: 'boolean', default: false },
  'send-setup-email': { type: 'boolean', default: false },
  'without-hashes': { type: 'boolean', default: false },
});
const [command, file] = positionals;
if (command !== 'import' && command !== 'export') fail(USAGE);
if (command === 'import' && !file) fail(USAGE);

const config = configOrFail();
const database = await openAppDatabase(config.database);
await seedCatalog(database);
const repo = createMembersIoRepo(database);
if (values['send-setup-email'] && !config.appUrl) {
  fail(
    '--send-setup-email necesita APP_URL: la dirección pública de la aplicación, para el enlace del correo',
  );
}
const log = {
  info: () => undefined,
  error: (obj: object, msg: string) => process.stderr.write(`${msg} ${JSON.stringify(obj)}\n`),
};
const mailer = createMailer(config.mail, log, { timeoutMs: config.outgoingTimeoutMs });
const emails: Promise<void>[] = [];
const service = createMembersIoService({
  repo,
  clock: systemClock,
  history: createHistoryRecorder(database, {
    clock: systemClock,
    retentionDays: config.historyRetentionDays,
  }),
  mailer,
  timeZone: config.timeZone,
  publicUrl: () => config.appUrl ?? '',
  log,
  afterAnswer: (work) => emails.push(work),
});
/** The history names the command line as the one who imported or exported. */
const CLI_ACTOR = { id: null, username: 'línea de comandos', email: null };

try {
  if (command === 'export') {
    const result = await service.exportMembers({}, !values['without-hashes'], CLI_ACTOR);
    if (file) {
      writeFileSync(file, result.csv, { mode: 0o600 });
      process.stderr.write(`${result.rows} miembros exportados a ${file}\n`);
    } else {
      process.stdout.write(result.csv);
    }
  } else {
    let defaultRoleId: number | undefined;
    if (values.role) {
      const role = (await repo.listRoles()).find(
        (r) => normalizeRoleName(r.name) === normalizeRoleName(values.role ?? ''),
      );
      if (!role) fail(`El rol ${values.role} no existe`);
      defaultRoleId = role.id;
    }
    const options = {
      csv: readFileSync(file ?? fail(USAGE), 'utf8'),
      default_role_id: defaultRoleId,
      default_active: values.active,
      mode: values['skip-errors'] ? ('valid' as const) : ('all' as const),
      send_setup_email: values['send-setup-email'],
    };
    const preview = await service.importMembers({ ...options, dry_run: true }, CLI_ACTOR);
    for (const row of preview.rows.filter((r) => r.status === 'error')) {
      process.stderr.write(`Fila ${row.line}: ${row.errors.join('; ')}\n`);
    }
    if (preview.error_rows > 0 && !values['skip-errors']) {
      fail(
        `${preview.error_rows} filas con errores: no se ha importado nada (usa --skip-errors para omitirlas)`,
      );
    }
    const result = await service.importMembers({ ...options, dry_run: false }, CLI_ACTOR);
    process.stdout.write(
      `${result.imported} miembros importados, ${result.unchanged_rows} ya existían sin cambios, ${result.error_rows} filas omitidas por errores\n`,
    );
    if (result.setup_emails > 0) {
      process.stdout.write(`Enviando ${result.setup_emails} correos para elegir contraseña...\n`);
      await Promise.all(emails);
    }
  }
} catch (error) {
  mailer.close();
  await database.close();
  fail(error instanceof AppError ? error.message : String(error));
}
mailer.close();
await database.close();
