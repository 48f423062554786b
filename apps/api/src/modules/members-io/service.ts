import {
  BILLING_FILTER_LABELS,
  MEMBER_CSV_HEADERS,
  MEMBER_FIELDS,
  MEMBERS_IO_MESSAGES as M,
  MEMBERS_PREVIEW_ROWS,
  SELF_REGISTERED_ROLE_ID,
  type HistoryChange,
  type MembersExport,
  type MembersImportResult,
} from '@app/contracts';
import { accountConflictField } from '../../db/unique-violation';
import type { Clock } from '../../lib/clock';
import { writeCsv } from '../../lib/csv';
import { badRequest, conflict } from '../../lib/errors';
import type { Mailer } from '../../integrations/mailer';
import { NO_PASSWORD } from '../../lib/password';
import { newSetupLink, passwordLinkUrl, passwordSetupEmail } from '../accounts';
import type { ActionEntry, Actor, HistoryRecorder } from '../history';
import { analyse, type AnalysedRow, type ImportOptions } from './analyse';
import type { ExportFilter, MembersIoRepo, NewMember } from './repo';

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

const membersLabel = (n: number): string => `${n} ${n === 1 ? 'miembro' : 'miembros'}`;

interface Analysed {
  headers: string[];
  mapping: MembersImportResult['mapping'];
  rows: AnalysedRow[];
}

/** The answer to an import: its counts and the rows shown (every row with an error, then the first others). */
function importResult(
  { headers, mapping, rows }: Analysed,
  imported: number,
  setupEmails = 0,
): MembersImportResult {
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
}

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

/** The history entry of an export with password hashes: how many members, and the filter they were chosen by. */
function exportEntry(filter: ExportFilter, exported: number): ActionEntry {
  const scope = [
    ...(filter.search ? [`búsqueda «${filter.search}»`] : []),
    ...(filter.pending ? ['pendientes'] : []),
    ...(filter.billing ? [`suscripción «${BILLING_FILTER_LABELS[filter.billing]}»`] : []),
  ];
  return {
    kind: 'users.export',
    entity_type: 'user',
    label: membersLabel(exported),
    changes: [
      { field: 'registros', before: null, after: String(exported) },
      { field: 'hashes', before: null, after: 'incluidos' },
      ...(scope.length > 0 ? [{ field: 'filtro', before: null, after: scope.join(', ') }] : []),
    ],
  };
}

/** The exported file's header and rows, in the order of MEMBER_FIELDS. */
function exportTable(
  members: Awaited<ReturnType<MembersIoRepo['listForExport']>>,
  withHashes: boolean,
): { header: string[]; rows: string[][] } {
  const header = MEMBER_FIELDS.filter((f) => withHashes || f !== 'hash').map((f) => MEMBER_CSV_HEADERS[f]);
  const rows = members.map((m) => {
    const values = [m.username, m.email, m.phone ?? '', m.role, m.is_active ? 'sí' : 'no', m.created_at];
    // An account without a usable password exports as one without a hash.
    if (withHashes) values.push(m.password_hash === NO_PASSWORD ? '' : m.password_hash);
    return values;
  });
  return { header, rows };
}

export function createMembersIoService(deps: MembersIoServiceDeps) {
  const { repo, clock, mailer, log, history } = deps;
  const afterAnswer = deps.afterAnswer ?? ((work: Promise<void>) => void work);
  const analyseFile = (options: ImportOptions) =>
    analyse(options, { repo, now: clock.now().toISOString(), timeZone: deps.timeZone });

  /** One email at a time, after the answer: a large import never floods the mail server or holds the request. */
  async function sendSetupEmails(invites: readonly { email: string; username: string; token: string }[]) {
    for (const invite of invites) {
      const link = passwordLinkUrl(deps.publicUrl(), invite.token);
      await mailer.send(passwordSetupEmail(invite, link)).catch((err: unknown) => {
        log.error({ err, email: invite.email }, 'password-setup email could not be sent');
      });
    }
  }

  /** Password-setup links for the new active members without a password, stored with the members. */
  async function createInvites(
    members: readonly NewMember[],
    inserted: { id: number; email: string; username: string }[],
  ) {
    const invited = new Set(
      members.filter((m) => m.is_active && m.password_hash === NO_PASSWORD).map((m) => m.email),
    );
    const now = clock.now();
    const invites = inserted
      .filter((member) => invited.has(member.email))
      .map((member) => ({ ...member, setup: newSetupLink(now) }));
    const expiresAt = invites[0]?.setup.expiresAt ?? now;
    await repo.insertSetupTokens(
      invites.map((invite) => ({ userId: invite.id, hash: invite.setup.hash })),
      now,
      expiresAt,
    );
    return invites.map(({ setup, ...member }) => ({ ...member, token: setup.token }));
  }

  /**
   * Checks the file again inside the transaction that writes (so nothing registered in between is missed),
   * then writes its members, the history entry and the setup links.
   */
  async function writeImport(options: ImportOptions, actor: Actor) {
    await repo.lockRoleHolders();
    const analysed = await analyseFile(options);
    const skipped = analysed.rows.filter((r) => r.status === 'error').length;
    if (options.mode === 'all' && skipped > 0) throw badRequest(M.hasErrors);
    const members = analysed.rows.flatMap((r) => (r.member ? [r.member] : []));
    const inserted = await repo.insertMembers(members);
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
    const invites = options.send_setup_email ? await createInvites(members, inserted) : [];
    return { result: importResult(analysed, members.length, invites.length), invites };
  }

  return {
    /** Checks the file (a dry run answers the preview) or imports it in one transaction. */
    async importMembers(options: ImportOptions, actor: Actor): Promise<MembersImportResult> {
      if (options.dry_run) return importResult(await analyseFile(options), 0);
      try {
        const { result, invites } = await repo.transaction(() => writeImport(options, actor));
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
        await repo.transaction(() => history.recordAction(actor, exportEntry(filter, members.length)));
      }
      const { header, rows } = exportTable(members, withHashes);
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
