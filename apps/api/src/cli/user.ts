/**
 * Operator commands for accounts, from the shell:
 *   node apps/api/dist/cli/user.js add --email E --username U --password P --role cafeinas [--inactive]
 *     creates a member account (the end-to-end tests prepare their members with it);
 *   node apps/api/dist/cli/user.js reset-2fa --email E
 *     removes the account's second factors, for the administrator locked out when nobody else can reset them
 *     (Historial records it as the command line's; the account is emailed).
 */
import { normalizeRoleName, TAKEN_MESSAGES, USERNAME_MESSAGES, UsernameField } from '@app/contracts';
import { openDatabase } from '../db/client';
import { bumpUserCount } from '../db/kept-counts';
import { roles, users } from '../db/schema';
import { seedCatalog } from '../db/seed';
import { accountConflictField } from '../db/unique-violation';
import { usernameSkeleton } from '../db/username-skeleton';
import { hashPassword } from '../lib/password';
import { configOrFail, fail, readArgs } from './args';
import { resetSecondFactor } from './reset-two-factor';

const { positionals, values } = readArgs({
  email: { type: 'string' },
  username: { type: 'string' },
  password: { type: 'string' },
  role: { type: 'string', default: 'cafeinas' },
  phone: { type: 'string' },
  inactive: { type: 'boolean', default: false },
});

const USAGE =
  'Uso: user add --email E --username U --password P [--role R] [--inactive]\n     user reset-2fa --email E';

if (positionals[0] === 'reset-2fa') {
  if (!values.email) fail('Falta --email');
  await resetSecondFactor(values.email);
  process.exit(0);
}
if (positionals[0] !== 'add') fail(USAGE);
const { email, username, password } = values;
if (!email || !username || !password) fail('Faltan --email, --username o --password');
if (password.length < 6) fail('La contraseña debe tener al menos 6 caracteres');
// The same username rules as registration and the admin dialog.
const checkedUsername = UsernameField.safeParse(username);
if (!checkedUsername.success) fail(checkedUsername.error.issues[0]?.message ?? 'Nombre de usuario no válido');
const name = checkedUsername.data;

const config = configOrFail();
const database = openDatabase(config.databasePath);
await seedCatalog(database);
const db = database.writer;
// A role's name is stored as written: found whatever its case.
const role = db
  .select({ id: roles.id, name: roles.name })
  .from(roles)
  .all()
  .find((row) => normalizeRoleName(row.name) === normalizeRoleName(values.role));
if (!role) fail(`El rol ${values.role} no existe`);
const passwordHash = await hashPassword(password);
try {
  // The account and its kept count in one transaction (on this one connection), as the app writes them.
  db.transaction((tx) => {
    tx.insert(users)
      .values({
        username: name,
        username_skeleton: usernameSkeleton(name),
        email: email.trim().toLowerCase(),
        phone: values.phone ?? null,
        password_hash: passwordHash,
        role_id: role.id,
        is_active: !values.inactive,
      })
      .run();
    bumpUserCount(db, !values.inactive, 1).run();
  });
} catch (error) {
  const field = accountConflictField(error);
  if (field === 'lookalike') fail(USERNAME_MESSAGES.lookalike);
  fail(field ? TAKEN_MESSAGES[field] : String(error));
}
await database.close();
process.stdout.write(`Usuario ${name} creado con el rol ${values.role}\n`);
