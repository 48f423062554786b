import { z } from 'zod';
import { endpointsOf, ID_MAX } from './http';
import { BillingFilter, SEARCH_MAX } from './settings';
import { USERNAME_MESSAGES } from './user-fields';

const endpoint = endpointsOf('members-io');

/**
 * Members in and out (/config, Usuarios): CSV export of the current filter and CSV import with column mapping,
 * a preview with per-row errors, and passwords kept (argon2id, or bcrypt from the PHP application).
 * Every endpoint here needs the `config` permission.
 */

export const MEMBERS_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const MEMBERS_IMPORT_MAX_ROWS = 20_000;
/** The JSON body that carries the CSV text: room for a 5 MB file whose quotes and line breaks are escaped. */
export const MEMBERS_IMPORT_BODY_LIMIT = 3 * MEMBERS_IMPORT_MAX_BYTES;

/** The columns of an export, in order; an import maps the file's headers onto the same names. */
export const MEMBER_FIELDS = ['username', 'email', 'phone', 'role', 'active', 'created_at', 'hash'] as const;
export type MemberField = (typeof MEMBER_FIELDS)[number];

export const MEMBER_FIELD_LABELS: Record<MemberField, string> = {
  username: 'Nombre de usuario',
  email: 'Correo electrónico',
  phone: 'Teléfono',
  role: 'Rol',
  active: 'Activo',
  created_at: 'Fecha de alta',
  hash: 'Hash de contraseña',
};

/** The header each field gets in an export (the PHP application's name for the hash column). */
export const MEMBER_CSV_HEADERS: Record<MemberField, string> = {
  username: 'username',
  email: 'email',
  phone: 'phone',
  role: 'role',
  active: 'active',
  created_at: 'created_at',
  hash: 'password_hash',
};

export const MEMBERS_IO_MESSAGES = {
  tooLarge: 'El archivo supera el límite de 5 MB. Divídelo en varios archivos más pequeños.',
  tooManyRows: 'El archivo tiene más de 20.000 filas. Divídelo en varios archivos más pequeños.',
  empty: 'El archivo no tiene filas de datos.',
  unreadable: 'No se pudo leer el archivo CSV',
  emailColumn: 'Indica qué columna contiene el correo electrónico',
  usernameColumn: 'Indica qué columna contiene el nombre de usuario',
  unknownHeader: 'La columna indicada no existe en el archivo',
  chooseRole: 'Elige el rol para las filas que no traen uno',
  hasErrors:
    'Hay filas con errores: corrígelas o elige importar solo las filas sin errores. No se ha importado nada.',
  // Per row.
  badEmail: 'El correo electrónico no es válido',
  missingEmail: 'Falta el correo electrónico',
  missingUsername: 'Falta el nombre de usuario',
  duplicateEmail: (line: number) => `Correo electrónico repetido en el archivo (fila ${line})`,
  duplicateUsername: (line: number) => `Nombre de usuario repetido en el archivo (fila ${line})`,
  lookalikeUsername: (line: number) =>
    `El nombre de usuario se parece demasiado al de la fila ${line} del archivo`,
  emailRegistered: 'Este correo electrónico ya está registrado',
  usernameRegistered: 'Este nombre de usuario ya está en uso',
  usernameLookalike: USERNAME_MESSAGES.lookalike,
  unknownRole: (role: string) => `El rol «${role}» no existe`,
  badActive: 'El valor de «Activo» debe ser sí o no',
  badDate: 'La fecha de alta no es válida',
  badHash: 'El hash de contraseña no es argon2id ni bcrypt ($2y$, $2a$, $2b$)',
  hashTooCostly:
    'El hash de contraseña pide demasiado trabajo para comprobarlo (bcrypt: coste de 4 a 14; argon2id: m hasta 94208, t hasta 10, m×t hasta 94208, p hasta 2). Importa la fila sin hash: el miembro elegirá su contraseña con «¿Olvidaste tu contraseña?»',
  // Warnings (the row is imported).
  missingPhone: 'Sin teléfono',
  noPassword: 'Sin contraseña: tendrá que crear una con «¿Olvidaste tu contraseña?»',
} as const;

/** How long the link in the email that lets an imported member choose a password stays valid. */
export const PASSWORD_SETUP_TTL_DAYS = 7;

const Mapping = z.partialRecord(z.enum(MEMBER_FIELDS), z.string().max(200));
export type MemberColumnMapping = z.infer<typeof Mapping>;

export const MembersImportBody = z.strictObject({
  /** The file's text (UTF-8; a leading BOM is ignored). */
  csv: z.string().max(MEMBERS_IMPORT_MAX_BYTES, MEMBERS_IO_MESSAGES.tooLarge),
  /** Which header holds each field; fields left out are guessed from the headers' names. */
  mapping: Mapping.optional(),
  /** The role of rows whose role is empty (or that have no role column). */
  default_role_id: z.number().int().positive().max(ID_MAX).optional(),
  /** Whether rows without an "active" value can sign in at once. */
  default_active: z.boolean().default(true),
  /** all: one failing row writes nothing; valid: the rows with errors are skipped. */
  mode: z.enum(['all', 'valid']).default('all'),
  /** Only check and preview; write nothing. */
  dry_run: z.boolean().default(true),
  /** After the import, email every new active member without a password a link to choose one. */
  send_setup_email: z.boolean().default(false),
});
export type MembersImportBody = z.input<typeof MembersImportBody>;

export const MembersImportRow = z.strictObject({
  /** The row's line in the file (the header is line 1). */
  line: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: z.string(),
  active: z.boolean(),
  has_password: z.boolean(),
  status: z.enum(['new', 'unchanged', 'error']),
  errors: z.array(z.string()),
  warnings: z.array(z.string()),
});
export type MembersImportRow = z.infer<typeof MembersImportRow>;

/** How many rows of the preview are sent back: every row with errors, then the first others up to this. */
export const MEMBERS_PREVIEW_ROWS = 200;

export const MembersImportResult = z.strictObject({
  headers: z.array(z.string()),
  mapping: Mapping,
  total_rows: z.number().int(),
  new_rows: z.number().int(),
  unchanged_rows: z.number().int(),
  error_rows: z.number().int(),
  /** Rows written (0 on a dry run). */
  imported: z.number().int(),
  /** Members sent the email to choose a password (sent after the answer). */
  setup_emails: z.number().int(),
  rows: z.array(MembersImportRow),
});
export type MembersImportResult = z.infer<typeof MembersImportResult>;

export const importMembers = endpoint({
  summary: 'Importa miembros desde un CSV',
  method: 'POST',
  path: '/api/admin/users/import',
  body: MembersImportBody,
  response: MembersImportResult,
});

export const MembersExportBody = z.strictObject({
  search: z.string().trim().max(SEARCH_MAX).optional(),
  pending: z.boolean().optional(),
  billing: BillingFilter.optional(),
  /** For a migration to another server of this app: the file then holds secrets. */
  include_hashes: z.boolean().default(false),
});
export type MembersExportBody = z.input<typeof MembersExportBody>;

export const MembersExport = z.strictObject({
  filename: z.string(),
  /** UTF-8 text starting with a BOM, so spreadsheet programs read the accents right. */
  csv: z.string(),
  rows: z.number().int(),
  sensitive: z.boolean(),
});
export type MembersExport = z.infer<typeof MembersExport>;

/** POST: the file may carry password hashes, which never belong in a URL, a log line or a browser cache. */
export const exportMembers = endpoint({
  summary: 'Exporta los miembros en CSV',
  method: 'POST',
  path: '/api/admin/users/export',
  body: MembersExportBody,
  response: MembersExport,
});
