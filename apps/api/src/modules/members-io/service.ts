import { randomBytes } from 'node:crypto';
import {
  EmailField,
  MEMBER_CSV_HEADERS,
  MEMBER_FIELDS,
  MEMBERS_IMPORT_MAX_BYTES,
  MEMBERS_IMPORT_MAX_ROWS,
  MEMBERS_IO_MESSAGES as M,
  MEMBERS_PREVIEW_ROWS,
  normalizeRoleName,
  PASSWORD_SETUP_TTL_DAYS,
  PhoneField,
  SELF_REGISTERED_ROLE_ID,
  UsernameField,
  type HistoryChange,
  type MemberColumnMapping,
  type MemberField,
  type MembersExport,
  type MembersImportResult,
  type MembersImportRow,
} from '@app/contracts';
import type { z } from 'zod';
import { accountConflictField } from '../../db/unique-violation';
import { usernameSkeleton } from '../../db/username-skeleton';
import type { Clock } from '../../lib/clock';
import { CsvReadError, readCsv, unprotect, writeCsv } from '../../lib/csv';
import { AppError, badRequest, conflict } from '../../lib/errors';
import type { Mailer } from '../../integrations/mailer';
import { hashKind, NO_PASSWORD, withinBounds } from '../../lib/password';
import { parseLocalDateTime } from '../../lib/zoned-time';
import { hashToken } from '../accounts/service';
import type { Actor, HistoryRecorder } from '../history/record';
import { yieldToOthers, type ExportFilter, type MembersIoRepo, type NewMember } from './repo';
import { passwordSetupEmail } from './setup-email';

export interface ImportOptions {
  csv: string;
  mapping?: MemberColumnMapping | undefined;
  default_role_id?: number | undefined;
  default_active: boolean;
  mode: 'all' | 'valid';
  dry_run: boolean;
  send_setup_email?: boolean | undefined;
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

export function guessMapping(headers: readonly string[]): MemberColumnMapping {
  const mapping: MemberColumnMapping = {};
  for (const field of MEMBER_FIELDS) {
    const header = headers.find((h) => ALIASES[field].includes(simplify(h)));
    if (header !== undefined) mapping[field] = header;
  }
  return mapping;
}

const YES = new Set(['1', 'true', 'si', 'yes', 'y', 's', 'x', 'activo', 'activa', 'active']);
const NO = new Set(['0', 'false', 'no', 'n', 'inactivo', 'inactiva', 'inactive', 'pendiente']);

const firstIssue = (result: z.ZodSafeParseResult<unknown>): string | undefined =>
  result.success ? undefined : result.error.issues[0]?.message;

interface AnalysedRow extends MembersImportRow {
  member?: NewMember;
}

export interface MembersIoServiceDeps {
  repo: MembersIoRepo;
  clock: Clock;
  history: HistoryRecorder;
  mailer: Mailer;
  /** The community's IANA zone (TIME_ZONE): imported dates without a zone are its wall clock. */
  timeZone: string;
  /** The public address of the web app (links in emails). */
  publicUrl(): string;
  log: { error(obj: object, msg: string): void };
  /** Runs work that follows the answer (the emails); the command line waits for it before it exits. */
  afterAnswer?: (work: Promise<void>) => void;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** An ISO-like date (and time) without a zone: parseLocalDateTime's form, never left to Date.parse's guesses. */
const LOCAL_DATE_LIKE = /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]*)?$/;

const membersLabel = (n: number): string => `${n} ${n === 1 ? 'miembro' : 'miembros'}`;

/**
 * The imported accounts whose role is not the one new members get, named by role (roles that grant the
 * config tool first, whatever the default): who was let in with more than the basic access.
 */
function namedByRole(
  members: readonly NewMember[],
  roles: readonly { id: number; name: string }[],
  adminRoleIds: ReadonlySet<number>,
): HistoryChange[] {
  const named = roles
    .filter((role) => adminRoleIds.has(role.id) || role.id !== SELF_REGISTERED_ROLE_ID)
    .map((role) => ({
      admin: adminRoleIds.has(role.id),
      field: adminRoleIds.has(role.id) ? `Administradores con rol ${role.name}` : `Con rol ${role.name}`,
      names: members.filter((m) => m.role_id === role.id).map((m) => m.username),
    }))
    .filter((role) => role.names.length > 0)
    .sort((a, b) => Number(b.admin) - Number(a.admin) || a.field.localeCompare(b.field, 'es'));
  return named.map(({ admin, field, names }) => ({ field, before: null, after: nameList(names, admin) }));
}

/** Names shown per role in one entry: administrators always all of them, other roles a readable list. */
const NAMED_PER_ROLE = 100;

function nameList(names: readonly string[], all: boolean): string {
  if (all || names.length <= NAMED_PER_ROLE) return names.join(', ');
  return `${names.slice(0, NAMED_PER_ROLE).join(', ')} y ${names.length - NAMED_PER_ROLE} más`;
}

export function createMembersIoService(deps: MembersIoServiceDeps) {
  const { repo, clock, mailer, log, history } = deps;
  const afterAnswer = deps.afterAnswer ?? ((work: Promise<void>) => void work);
  /** One email at a time, after the answer: a large import never floods the mail server or holds the request. */
  async function sendSetupEmails(invites: readonly { email: string; username: string; token: string }[]) {
    for (const invite of invites) {
      const link = `${deps.publicUrl()}/reset-password?token=${encodeURIComponent(invite.token)}`;
      await mailer.send(passwordSetupEmail(invite, link)).catch((err: unknown) => {
        log.error({ err, email: invite.email }, 'password-setup email could not be sent');
      });
    }
  }

  /**
   * A date and time without a zone, as old systems export them, is the community's wall clock (TIME_ZONE);
   * one with a zone, as our own export writes, is read as written.
   */
  const parseCreatedAt = (text: string): number => {
    const local = parseLocalDateTime(text, deps.timeZone);
    if (local) return local.getTime();
    return LOCAL_DATE_LIKE.test(text) ? NaN : Date.parse(text);
  };

  /** Reads and checks every row against the file itself and the database; writes nothing. */
  async function analyse(options: ImportOptions) {
    if (Buffer.byteLength(options.csv, 'utf8') > MEMBERS_IMPORT_MAX_BYTES)
      throw new AppError(413, M.tooLarge);
    let records: string[][];
    try {
      records = readCsv(options.csv, MEMBERS_IMPORT_MAX_ROWS);
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
    const headers = headerRow.map((h) => h.trim());
    const mapping = { ...guessMapping(headers), ...options.mapping };
    for (const [field, header] of Object.entries(mapping)) {
      if (header === '') delete mapping[field as MemberField];
      else if (!headers.includes(header)) throw badRequest(`${M.unknownHeader}: ${header}`, field);
    }
    if (!mapping.email) throw badRequest(M.emailColumn, 'email');
    if (!mapping.username) throw badRequest(M.usernameColumn, 'username');

    const roles = await repo.listRoles();
    const roleByName = new Map(roles.map((r) => [normalizeRoleName(r.name), r]));
    const defaultRole = roles.find((r) => r.id === options.default_role_id);
    if (options.default_role_id !== undefined && !defaultRole)
      throw badRequest(M.chooseRole, 'default_role_id');
    const column = Object.fromEntries(
      Object.entries(mapping).map(([field, header]) => [field, headers.indexOf(header)]),
    ) as Partial<Record<MemberField, number>>;
    const cell = (record: string[], field: MemberField): string => {
      const index = column[field];
      return index === undefined ? '' : unprotect((record[index] ?? '').trim());
    };

    const now = clock.now().toISOString();
    const seenEmail = new Map<string, number>();
    const seenUsername = new Map<string, number>();
    const seenSkeleton = new Map<string, number>();
    const rows: AnalysedRow[] = [];
    for (const [i, record] of body.entries()) {
      if (i % 1000 === 999) await yieldToOthers();
      const line = i + 2;
      const errors: string[] = [];
      const warnings: string[] = [];

      const rawEmail = cell(record, 'email');
      const email = EmailField.safeParse(rawEmail);
      if (rawEmail === '') errors.push(M.missingEmail);
      else if (!email.success) errors.push(M.badEmail);
      const emailValue = email.success ? email.data.toLowerCase() : rawEmail.toLowerCase();

      const rawUsername = cell(record, 'username');
      const username = UsernameField.safeParse(rawUsername);
      if (rawUsername === '') errors.push(M.missingUsername);
      else if (!username.success) errors.push(firstIssue(username) ?? M.missingUsername);
      const usernameValue = username.success ? username.data : rawUsername;

      const phone = PhoneField.safeParse(cell(record, 'phone'));
      if (!phone.success) errors.push(firstIssue(phone) ?? M.missingPhone);
      else if (phone.data === '') warnings.push(M.missingPhone);

      const roleName = cell(record, 'role');
      const role = roleName === '' ? defaultRole : roleByName.get(normalizeRoleName(roleName));
      if (roleName !== '' && !role) errors.push(M.unknownRole(roleName));
      else if (!role) errors.push(M.chooseRole);

      const activeText = simplify(cell(record, 'active'));
      let active = options.default_active;
      if (YES.has(activeText)) active = true;
      else if (NO.has(activeText)) active = false;
      else if (activeText !== '') errors.push(M.badActive);

      const createdText = cell(record, 'created_at');
      const createdMs = createdText === '' ? NaN : parseCreatedAt(createdText);
      if (createdText !== '' && Number.isNaN(createdMs)) errors.push(M.badDate);
      const createdAt = Number.isNaN(createdMs) ? now : new Date(createdMs).toISOString();

      const hash = cell(record, 'hash');
      if (hash !== '' && hashKind(hash) === null) errors.push(M.badHash);
      else if (hash !== '' && !withinBounds(hash)) errors.push(M.hashTooCostly);
      if (hash === '') warnings.push(M.noPassword);

      if (email.success) {
        const first = seenEmail.get(emailValue);
        if (first !== undefined) errors.push(M.duplicateEmail(first));
        else seenEmail.set(emailValue, line);
      }
      if (username.success) {
        const key = usernameValue.toLowerCase();
        const first = seenUsername.get(key);
        const skeleton = usernameSkeleton(usernameValue);
        const alike = seenSkeleton.get(skeleton);
        if (first !== undefined) errors.push(M.duplicateUsername(first));
        else if (alike !== undefined) errors.push(M.lookalikeUsername(alike));
        else {
          seenUsername.set(key, line);
          seenSkeleton.set(skeleton, line);
        }
      }

      rows.push({
        line,
        username: usernameValue,
        email: emailValue,
        role: role?.name ?? roleName,
        active,
        has_password: hash !== '',
        status: errors.length > 0 ? 'error' : 'new',
        errors,
        warnings,
        ...(errors.length === 0 && role
          ? {
              member: {
                username: usernameValue,
                email: emailValue,
                phone: phone.success && phone.data !== '' ? phone.data : null,
                role_id: role.id,
                is_active: active,
                password_hash: hash === '' ? NO_PASSWORD : hash,
                created_at: createdAt,
              },
            }
          : {}),
      });
    }

    // Against the database: a row that is already this very account (same email and username, as when an
    // export is imported again) changes nothing; one that collides with another account is an error.
    const byEmail = new Map(
      (await repo.findByEmails([...seenEmail.keys()])).map((m) => [m.email.toLowerCase(), m]),
    );
    const byUsername = new Map(
      (await repo.findByUsernames([...seenUsername.keys()])).map((m) => [m.username.toLowerCase(), m]),
    );
    const bySkeleton = new Map(
      (await repo.findBySkeletons([...seenSkeleton.keys()])).map((m) => [m.skeleton, m]),
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
    return { headers, mapping, rows };
  }

  const summary = (
    headers: string[],
    mapping: MemberColumnMapping,
    rows: AnalysedRow[],
    imported: number,
    setupEmails = 0,
  ): MembersImportResult => {
    const errorRows = rows.filter((r) => r.status === 'error');
    const others = rows.filter((r) => r.status !== 'error');
    const shown = [...errorRows, ...others]
      .slice(0, Math.max(MEMBERS_PREVIEW_ROWS, errorRows.length))
      .sort((a, b) => a.line - b.line)
      .map(({ member: _member, ...row }) => row);
    return {
      headers,
      mapping,
      total_rows: rows.length,
      new_rows: rows.filter((r) => r.status === 'new').length,
      unchanged_rows: rows.filter((r) => r.status === 'unchanged').length,
      error_rows: errorRows.length,
      imported,
      setup_emails: setupEmails,
      rows: shown,
    };
  };

  return {
    /** Checks the file (a dry run answers the preview) or imports it in one transaction. */
    async importMembers(options: ImportOptions, actor: Actor): Promise<MembersImportResult> {
      if (options.dry_run) {
        const { headers, mapping, rows } = await analyse(options);
        return summary(headers, mapping, rows, 0);
      }
      try {
        // Checked again inside the transaction that writes, so nothing registered in between is missed.
        const { result, invites } = await repo.transaction(async () => {
          await repo.lockRoleHolders();
          const { headers, mapping, rows } = await analyse(options);
          if (options.mode === 'all' && rows.some((r) => r.status === 'error')) {
            throw badRequest(M.hasErrors);
          }
          const members = rows.flatMap((r) => (r.member ? [r.member] : []));
          const inserted = await repo.insertMembers(members);
          // Links for the new active members without a password, stored with the members (one transaction).
          const invited = new Set(
            options.send_setup_email
              ? members.filter((m) => m.is_active && m.password_hash === NO_PASSWORD).map((m) => m.email)
              : [],
          );
          const invites = inserted
            .filter((member) => invited.has(member.email))
            .map((member) => ({ ...member, token: randomBytes(32).toString('base64url') }));
          const skipped = rows.filter((r) => r.status === 'error').length;
          await history.recordAction(actor, {
            kind: 'users.import',
            entity_type: 'user',
            label: membersLabel(members.length),
            changes: [
              { field: 'importados', before: null, after: String(members.length) },
              ...(skipped > 0 ? [{ field: 'omitidas', before: null, after: String(skipped) }] : []),
              ...namedByRole(members, await repo.listRoles(), await repo.adminRoleIds()),
            ],
          });
          const now = clock.now();
          await repo.insertSetupTokens(
            invites.map((invite) => ({ userId: invite.id, hash: hashToken(invite.token) })),
            now,
            new Date(now.getTime() + PASSWORD_SETUP_TTL_DAYS * DAY_MS),
          );
          return { result: summary(headers, mapping, rows, members.length, invites.length), invites };
        });
        if (invites.length > 0) afterAnswer(sendSetupEmails(invites));
        return result;
      } catch (error) {
        const field = accountConflictField(error);
        if (field === 'lookalike') throw conflict(M.usernameLookalike, 'username');
        if (field) throw conflict(field === 'email' ? M.emailRegistered : M.usernameRegistered, field);
        throw error;
      }
    },

    /** A file with password hashes is recorded in the history (read first, recorded before it is handed out). */
    async exportMembers(filter: ExportFilter, withHashes: boolean, actor: Actor): Promise<MembersExport> {
      const members = await repo.listForExport(filter, withHashes);
      if (withHashes) {
        const scope = [
          ...(filter.search ? [`búsqueda «${filter.search}»`] : []),
          ...(filter.pending ? ['pendientes'] : []),
        ];
        await repo.transaction(() =>
          history.recordAction(actor, {
            kind: 'users.export',
            entity_type: 'user',
            label: membersLabel(members.length),
            changes: [
              { field: 'registros', before: null, after: String(members.length) },
              { field: 'hashes', before: null, after: 'incluidos' },
              ...(scope.length > 0 ? [{ field: 'filtro', before: null, after: scope.join(', ') }] : []),
            ],
          }),
        );
      }
      const header = MEMBER_FIELDS.filter((f) => withHashes || f !== 'hash').map(
        (f) => MEMBER_CSV_HEADERS[f],
      );
      const rows = members.map((m) => {
        const values = [m.username, m.email, m.phone ?? '', m.role, m.is_active ? 'sí' : 'no', m.created_at];
        // An account without a usable password exports as one without a hash.
        if (withHashes) values.push(m.password_hash === NO_PASSWORD ? '' : m.password_hash);
        return values;
      });
      const day = clock.now().toISOString().slice(0, 10);
      return {
        filename: withHashes ? `miembros-${day}-CONFIDENCIAL.csv` : `miembros-${day}.csv`,
        csv: writeCsv(header, rows),
        rows: rows.length,
        sensitive: withHashes,
      };
    },
  };
}

export type MembersIoService = ReturnType<typeof createMembersIoService>;
