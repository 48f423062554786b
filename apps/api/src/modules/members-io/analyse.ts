import {
  EmailField,
  MEMBER_FIELDS,
  MEMBERS_IMPORT_MAX_BYTES,
  MEMBERS_IMPORT_MAX_ROWS,
  MEMBERS_IO_MESSAGES as M,
  normalizeRoleName,
  PhoneField,
  UsernameField,
  type MemberColumnMapping,
  type MemberField,
  type MembersImportRow,
} from '@app/contracts';
import type { z } from 'zod';
import { usernameSkeleton } from '../../db/username-skeleton';
import { AppError, badRequest } from '../../lib/errors';
import { hashKind, NO_PASSWORD, withinBounds } from '../../lib/password';
import { parseLocalDateTime } from '../../lib/zoned-time';
import { CsvReadError, readCsv, unprotect } from '../../lib/csv';
import { yieldToOthers, type MembersIoRepo, type NewMember } from './repo';

export interface ImportOptions {
  csv: string;
  mapping?: MemberColumnMapping | undefined;
  default_role_id?: number | undefined;
  default_active: boolean;
  mode: 'all' | 'valid';
  dry_run: boolean;
  send_setup_email?: boolean | undefined;
}

/** A row as the preview shows it, with the account it would create when it has no error. */
export interface AnalysedRow extends MembersImportRow {
  member?: NewMember;
}

interface Role {
  id: number;
  name: string;
}

/** Header names (compared without case, accents, spaces or punctuation) each field is guessed from. */
const ALIASES: Record<MemberField, string[]> = {
  username: ['username', 'usuario', 'nombredeusuario', 'nombreusuario', 'user', 'login', 'nick'],
  email: ['email', 'correo', 'correoelectronico', 'mail', 'emailaddress'],
  phone: ['phone', 'telefono', 'movil', 'celular', 'tel', 'whatsapp'],
  role: ['role', 'rol', 'tier', 'nivel', 'plan'],
  active: ['active', 'activo', 'isactive', 'estado', 'status'],
  created_at: ['createdat', 'fechadealta', 'fechaalta', 'alta', 'fechacreacion', 'registro', 'created'],
  hash: ['passwordhash', 'hash', 'password', 'contrasena', 'clave', 'pass'],
};

const simplify = (header: string): string =>
  header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

function guessMapping(headers: readonly string[]): MemberColumnMapping {
  const mapping: MemberColumnMapping = {};
  for (const field of MEMBER_FIELDS) {
    const header = headers.find((h) => ALIASES[field].includes(simplify(h)));
    if (header !== undefined) mapping[field] = header;
  }
  return mapping;
}

const YES = new Set(['1', 'true', 'si', 'yes', 'y', 's', 'x', 'activo', 'activa', 'active']);
const NO = new Set(['0', 'false', 'no', 'n', 'inactivo', 'inactiva', 'inactive', 'pendiente']);

/** An ISO-like date (and time) without a zone: parseLocalDateTime's form, never left to Date.parse's guesses. */
const LOCAL_DATE_LIKE = /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]*)?$/;

/**
 * A date and time without a zone, as old systems export them, is the community's wall clock (TIME_ZONE);
 * one with a zone, as our own export writes, is read as written.
 */
function parseCreatedAt(text: string, timeZone: string): number {
  const local = parseLocalDateTime(text, timeZone);
  if (local) return local.getTime();
  return LOCAL_DATE_LIKE.test(text) ? NaN : Date.parse(text);
}

const firstIssue = (result: z.ZodSafeParseResult<unknown>): string | undefined =>
  result.success ? undefined : result.error.issues[0]?.message;

/** The file's header row and data rows; refuses a file too large, unreadable, empty or with too many rows. */
async function readRecords(csv: string): Promise<{ headers: string[]; body: string[][] }> {
  if (Buffer.byteLength(csv, 'utf8') > MEMBERS_IMPORT_MAX_BYTES) throw new AppError(413, M.tooLarge);
  let records: string[][];
  try {
    records = readCsv(csv, MEMBERS_IMPORT_MAX_ROWS);
  } catch (error) {
    if (error instanceof CsvReadError) {
      throw badRequest(error.line ? `${M.unreadable} (línea ${error.line})` : M.unreadable);
    }
    throw error;
  }
  await yieldToOthers();
  const [headerRow, ...body] = records;
  if (!headerRow || body.length === 0) throw badRequest(M.empty);
  if (body.length > MEMBERS_IMPORT_MAX_ROWS) throw new AppError(413, M.tooManyRows);
  return { headers: headerRow.map((h) => h.trim()), body };
}

/** The guessed columns with the admin's choices over them ('' drops a guess); email and username are required. */
function mapColumns(
  headers: readonly string[],
  chosen: MemberColumnMapping | undefined,
): MemberColumnMapping {
  const mapping = { ...guessMapping(headers), ...chosen };
  for (const [field, header] of Object.entries(mapping)) {
    if (header === '') delete mapping[field as MemberField];
    else if (!headers.includes(header)) throw badRequest(`${M.unknownHeader}: ${header}`, field);
  }
  if (!mapping.email) throw badRequest(M.emailColumn, 'email');
  if (!mapping.username) throw badRequest(M.usernameColumn, 'username');
  return mapping;
}

type Cells = (field: MemberField) => string;

/** Reads a record's cell for a field through the mapping: trimmed, without the spreadsheet-formula guard. */
function cellReader(headers: readonly string[], mapping: MemberColumnMapping) {
  const column = Object.fromEntries(
    Object.entries(mapping).map(([field, header]) => [field, headers.indexOf(header)]),
  ) as Partial<Record<MemberField, number>>;
  return (record: readonly string[]): Cells =>
    (field) => {
      const index = column[field];
      return index === undefined ? '' : unprotect((record[index] ?? '').trim());
    };
}

/** What a row's values are checked against besides the row itself. */
interface RowRules {
  roleByName: ReadonlyMap<string, Role>;
  defaultRole: Role | undefined;
  defaultActive: boolean;
  /** The creation time of a row without one. */
  now: string;
  timeZone: string;
}

/** One row's values, each checked on its own (not yet against other rows or the database). */
function checkFields(cells: Cells, rules: RowRules) {
  const errors: string[] = [];
  const warnings: string[] = [];

  const rawEmail = cells('email');
  const email = EmailField.safeParse(rawEmail);
  if (rawEmail === '') errors.push(M.missingEmail);
  else if (!email.success) errors.push(M.badEmail);

  const rawUsername = cells('username');
  const username = UsernameField.safeParse(rawUsername);
  if (rawUsername === '') errors.push(M.missingUsername);
  else if (!username.success) errors.push(firstIssue(username) ?? M.missingUsername);

  const phone = PhoneField.safeParse(cells('phone'));
  if (!phone.success) errors.push(firstIssue(phone) ?? M.missingPhone);
  else if (phone.data === '') warnings.push(M.missingPhone);

  const roleName = cells('role');
  const role = roleName === '' ? rules.defaultRole : rules.roleByName.get(normalizeRoleName(roleName));
  if (roleName !== '' && !role) errors.push(M.unknownRole(roleName));
  else if (!role) errors.push(M.chooseRole);

  const activeText = simplify(cells('active'));
  let active = rules.defaultActive;
  if (YES.has(activeText)) active = true;
  else if (NO.has(activeText)) active = false;
  else if (activeText !== '') errors.push(M.badActive);

  const createdText = cells('created_at');
  const createdMs = createdText === '' ? NaN : parseCreatedAt(createdText, rules.timeZone);
  if (createdText !== '' && Number.isNaN(createdMs)) errors.push(M.badDate);

  const hash = cells('hash');
  if (hash !== '' && hashKind(hash) === null) errors.push(M.badHash);
  else if (hash !== '' && !withinBounds(hash)) errors.push(M.hashTooCostly);
  if (hash === '') warnings.push(M.noPassword);

  return {
    validEmail: email.success,
    validUsername: username.success,
    email: email.success ? email.data.toLowerCase() : rawEmail.toLowerCase(),
    username: username.success ? username.data : rawUsername,
    phone: phone.success && phone.data !== '' ? phone.data : null,
    role,
    roleName,
    active,
    createdAt: Number.isNaN(createdMs) ? rules.now : new Date(createdMs).toISOString(),
    hash,
    errors,
    warnings,
  };
}

type CheckedFields = ReturnType<typeof checkFields>;

/** The row of the preview, with the account to create when nothing is wrong with it. */
function toRow(line: number, fields: CheckedFields): AnalysedRow {
  const { errors, role } = fields;
  return {
    line,
    username: fields.username,
    email: fields.email,
    role: role?.name ?? fields.roleName,
    active: fields.active,
    has_password: fields.hash !== '',
    status: errors.length > 0 ? 'error' : 'new',
    errors,
    warnings: fields.warnings,
    ...(errors.length === 0 && role
      ? {
          member: {
            username: fields.username,
            email: fields.email,
            phone: fields.phone,
            role_id: role.id,
            is_active: fields.active,
            password_hash: fields.hash === '' ? NO_PASSWORD : fields.hash,
            created_at: fields.createdAt,
          },
        }
      : {}),
  };
}

/**
 * Repeats within the file: a later row with an email, a username or a look-alike of a username already seen
 * is an error naming the first row. What was seen is what the database is asked about afterwards.
 */
function fileRepeats() {
  const emails = new Map<string, number>();
  const usernames = new Map<string, number>();
  const skeletons = new Map<string, number>();
  return {
    emails,
    usernames,
    skeletons,
    check(fields: CheckedFields, line: number): string[] {
      const errors: string[] = [];
      if (fields.validEmail) {
        const first = emails.get(fields.email);
        if (first !== undefined) errors.push(M.duplicateEmail(first));
        else emails.set(fields.email, line);
      }
      if (fields.validUsername) {
        const key = fields.username.toLowerCase();
        const first = usernames.get(key);
        const skeleton = usernameSkeleton(fields.username);
        const alike = skeletons.get(skeleton);
        if (first !== undefined) errors.push(M.duplicateUsername(first));
        else if (alike !== undefined) errors.push(M.lookalikeUsername(alike));
        else {
          usernames.set(key, line);
          skeletons.set(skeleton, line);
        }
      }
      return errors;
    },
  };
}

/**
 * Against the database: a row that is already this very account (same email and username, as when an export
 * is imported again) changes nothing; one that collides with another account is an error.
 */
async function checkAgainstDatabase(
  repo: MembersIoRepo,
  rows: AnalysedRow[],
  seen: ReturnType<typeof fileRepeats>,
): Promise<void> {
  const byEmail = new Map(
    (await repo.findByEmails([...seen.emails.keys()])).map((m) => [m.email.toLowerCase(), m]),
  );
  const byUsername = new Map(
    (await repo.findByUsernames([...seen.usernames.keys()])).map((m) => [m.username.toLowerCase(), m]),
  );
  const bySkeleton = new Map(
    (await repo.findBySkeletons([...seen.skeletons.keys()])).map((m) => [m.skeleton, m]),
  );
  for (const row of rows) {
    const sameEmail = byEmail.get(row.email);
    const sameUsername = byUsername.get(row.username.toLowerCase());
    const alike = row.status === 'new' ? bySkeleton.get(usernameSkeleton(row.username)) : undefined;
    if (sameEmail?.username.toLowerCase() === row.username.toLowerCase()) {
      if (row.status === 'new') {
        row.status = 'unchanged';
        delete row.member;
      }
      continue;
    }
    if (sameEmail) row.errors.push(M.emailRegistered);
    if (sameUsername) row.errors.push(M.usernameRegistered);
    else if (alike) row.errors.push(M.usernameLookalike);
    if (row.errors.length > 0) {
      row.status = 'error';
      delete row.member;
    }
  }
}

export interface AnalyseDeps {
  repo: MembersIoRepo;
  /** The creation time of rows without one (ISO). */
  now: string;
  /** The community's IANA zone: imported dates without a zone are its wall clock. */
  timeZone: string;
}

/** Reads and checks every row against the file itself and the database; writes nothing. */
export async function analyse(options: ImportOptions, { repo, now, timeZone }: AnalyseDeps) {
  const { headers, body } = await readRecords(options.csv);
  const mapping = mapColumns(headers, options.mapping);

  const roles = await repo.listRoles();
  const defaultRole = roles.find((r) => r.id === options.default_role_id);
  if (options.default_role_id !== undefined && !defaultRole)
    throw badRequest(M.chooseRole, 'default_role_id');
  const rules: RowRules = {
    roleByName: new Map(roles.map((r) => [normalizeRoleName(r.name), r])),
    defaultRole,
    defaultActive: options.default_active,
    now,
    timeZone,
  };

  const cellsOf = cellReader(headers, mapping);
  const seen = fileRepeats();
  const rows: AnalysedRow[] = [];
  for (const [i, record] of body.entries()) {
    if (i % 1000 === 999) await yieldToOthers();
    const line = i + 2;
    const fields = checkFields(cellsOf(record), rules);
    fields.errors.push(...seen.check(fields, line));
    rows.push(toRow(line, fields));
  }
  await checkAgainstDatabase(repo, rows, seen);
  return { headers, mapping, rows };
}
