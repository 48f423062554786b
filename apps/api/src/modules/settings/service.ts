import {
  ADMIN_ROLE,
  SELF_REGISTERED_ROLE_ID,
  MESSAGES,
  normalizeRoleName,
  roleInUseMessage,
  SETTINGS_MESSAGES as M,
  type AdminUser,
  type UserBulkBody,
  type Role,
  type UserBulkResult,
  type UserList,
  USERNAME_MESSAGES,
} from '@app/contracts';
import { present } from '../../db/rows';
import { accountConflictField, isForeignKeyViolation, uniqueViolation } from '../../db/unique-violation';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { created, diff, removed, type Actor, type HistoryRecorder } from '../history/record';
import type { BulkTarget } from './bulk-repo';
import type { SettingsQueries, SettingsRepo } from './repo';
import type { UserFilter } from './user-list-repo';
import { withoutTokenVersion, type AccountRef } from './users-repo';

export interface UserInput {
  username: string;
  email: string;
  phone?: string | undefined;
  role_id: number;
  is_active: boolean;
  password?: string | undefined;
}

export interface RoleInput {
  name: string;
  description: string;
  tools: number[];
}

/** What the account emails need to hear of, after the change is committed (never awaited by the answer). */
export interface AccountEvents {
  activated(members: readonly AccountRef[]): void;
  refused(members: readonly AccountRef[], reason?: string): void;
}

export interface SettingsServiceDeps {
  repo: SettingsRepo;
  hashPassword: (password: string) => Promise<string>;
  history: HistoryRecorder;
  events?: AccountEvents;
}

/** The account fields the history shows (never the password or its hash). */
const USER_FIELDS = ['username', 'email', 'phone', 'role', 'is_active'] as const;
const ROLE_FIELDS = ['name', 'description', 'tools'] as const;
const BULK_LABELS = {
  activate: 'Activar',
  deactivate: 'Desactivar',
  set_role: 'Cambiar rol',
  delete: 'Eliminar',
} as const;

/** How many accounts a bulk entry names; the rest are counted. */
const BULK_NAMED_MAX = 50;

/**
 * The accounts a bulk action changed, by name and email (a name alone can look like another's), sorted, the
 * first BULK_NAMED_MAX of them and how many more.
 */
function namedAccounts(accounts: readonly AccountRef[]): string {
  const sorted = [...accounts].sort((a, b) => a.username.localeCompare(b.username, 'es'));
  const named = sorted.slice(0, BULK_NAMED_MAX).map((a) => `${a.username} (${a.email})`);
  const more = sorted.length - named.length;
  return named.join(', ') + (more > 0 ? ` y ${more} más` : '');
}

/** A role with its tools by name, as the history shows it. */
async function namedRole(tx: SettingsQueries, role: Role) {
  const names = new Map((await tx.listTools()).map((tool) => [tool.id, tool.name]));
  return { ...role, tools: role.tools.map((id) => names.get(id) ?? `Herramienta ${id}`) };
}

/**
 * Turns a unique-index violation on users into the field-specific Spanish conflict. A name that matches
 * another's skeleton may be that very name in another case ("in use") or only look like it.
 */
async function accountConflict(error: unknown, usernameInUse: () => Promise<boolean>): Promise<never> {
  const field = accountConflictField(error);
  if (field === 'email') throw conflict(M.emailTaken, 'email');
  if (field === 'username') throw conflict(M.usernameTaken, 'username');
  if (field === 'lookalike') {
    throw conflict((await usernameInUse()) ? M.usernameTaken : USERNAME_MESSAGES.lookalike, 'username');
  }
  throw error;
}

function roleWriteError(error: unknown): never {
  if (error instanceof AppError) throw error;
  if (uniqueViolation(error)?.table === 'roles') throw conflict(M.roleNameTaken, 'name');
  if (isForeignKeyViolation(error)) throw badRequest(M.unknownTool, 'tools');
  throw error;
}

/** Emails are compared and stored lower case, like login does. */
const userValues = (input: UserInput) => ({
  username: input.username,
  email: input.email.toLowerCase(),
  phone: input.phone === '' ? null : (input.phone ?? null),
  role_id: input.role_id,
  is_active: input.is_active,
});

const roleValues = (input: RoleInput) => ({
  name: normalizeRoleName(input.name),
  description: input.description,
});

/**
 * The community must keep at least one active account that can reach Configuración. The transaction holds
 * the role-holders lock, so two changes that each leave one administrator cannot both pass this count.
 */
async function assertSomeoneAdministers(tx: SettingsQueries, message: string): Promise<void> {
  if ((await tx.countActiveConfigUsers()) === 0) throw conflict(message);
}

async function assertRoleExists(tx: SettingsQueries, roleId: number): Promise<void> {
  if (!(await tx.roleExists(roleId))) throw badRequest(M.unknownRole, 'role_id');
}

const NO_EVENTS: AccountEvents = { activated: () => undefined, refused: () => undefined };

export function createSettingsService({
  repo,
  hashPassword,
  history,
  events = NO_EVENTS,
}: SettingsServiceDeps) {
  return {
    async listUsers(filter: UserFilter): Promise<UserList> {
      const { items, total } = await repo.listUsers(filter);
      return { items, total, page: filter.page, pageSize: filter.pageSize };
    },

    async createUser(input: UserInput & { password: string }, actor: Actor): Promise<AdminUser> {
      const password_hash = await hashPassword(input.password);
      try {
        return await repo.transaction(async (tx) => {
          await tx.lockRoleHolders();
          await assertRoleExists(tx, input.role_id);
          const id = await tx.insertUser({ ...userValues(input), password_hash });
          const saved = withoutTokenVersion(present(await tx.findUser(id), 'saved user'));
          await history.recordAction(actor, {
            kind: 'user.create',
            entity_type: 'user',
            entity_id: id,
            label: saved.username,
            changes: created(saved, USER_FIELDS),
          });
          return saved;
        });
      } catch (error) {
        return accountConflict(error, () => repo.usernameInUse(input.username));
      }
    },

    /**
     * Saves the account. A new role, active flag or password ends the user's sessions; the change is refused
     * (and rolled back) when it would leave no active user with the config permission.
     */
    async updateUser(id: number, input: UserInput, actor: Actor): Promise<AdminUser> {
      const password_hash = input.password ? await hashPassword(input.password) : undefined;
      let activated = false;
      let saved: AdminUser;
      try {
        saved = await repo.transaction(async (tx) => {
          await tx.lockRoleHolders();
          const existing = await tx.findUser(id);
          if (!existing) throw notFound(M.userNotFound);
          await assertRoleExists(tx, input.role_id);
          const values = userValues(input);
          const endSessions =
            existing.role_id !== values.role_id ||
            existing.is_active !== values.is_active ||
            password_hash !== undefined;
          // A link sent to the old address, or one that would overwrite the password an admin just set or
          // reopen an account an admin closed, must not outlive the change.
          const endLinks =
            existing.email !== values.email ||
            password_hash !== undefined ||
            (existing.is_active && !values.is_active);
          await tx.updateUser(
            id,
            { ...values, ...(password_hash ? { password_hash } : {}) },
            endSessions,
            endLinks,
          );
          const saved = withoutTokenVersion(present(await tx.findUser(id), 'saved user'));
          await history.recordAction(actor, {
            kind:
              existing.is_active === saved.is_active
                ? 'user.update'
                : saved.is_active
                  ? 'user.activate'
                  : 'user.deactivate',
            entity_type: 'user',
            entity_id: id,
            label: saved.username,
            changes: [
              ...diff(existing, saved, USER_FIELDS),
              ...(password_hash ? [{ field: 'password', before: null, after: 'cambiada' }] : []),
            ],
          });
          await assertSomeoneAdministers(tx, M.lastConfigUserChange);
          activated = !existing.is_active && saved.is_active;
          return saved;
        });
      } catch (error) {
        return accountConflict(error, () => repo.usernameInUse(input.username, id));
      }
      if (activated) events.activated([saved]);
      return saved;
    },

    /** Deletes the account; a pending one (never let in) is told it was refused, with the reason if given. */
    async deleteUser(id: number, actor: Actor, reason?: string): Promise<void> {
      const deleted = await repo.transaction(async (tx) => {
        await tx.lockRoleHolders();
        const existing = await tx.findUser(id);
        if (!existing) throw notFound(M.userNotFound);
        await tx.deleteUser(id);
        await history.recordAction(actor, {
          kind: 'user.delete',
          entity_type: 'user',
          entity_id: id,
          label: existing.username,
          changes: [
            ...removed(existing, USER_FIELDS),
            // A refused registration's reason goes to the member by email; Historial keeps it too.
            ...(!existing.is_active && reason ? [{ field: 'motivo', before: null, after: reason }] : []),
          ],
        });
        await assertSomeoneAdministers(tx, M.lastConfigUserDelete);
        return existing;
      });
      if (!deleted.is_active) events.refused([deleted], reason);
    },

    /**
     * One action on many accounts in one transaction. The lock-out rule is checked on the state after the
     * whole batch: a batch that would leave no active config holder is refused whole, nothing written.
     */
    async bulkUsers(input: UserBulkBody, actor: Actor): Promise<UserBulkResult> {
      const target: BulkTarget = input.ids ? { ids: input.ids } : { filter: input.filter ?? {} };
      let told: { kind: 'activated' | 'refused'; members: AccountRef[] } | undefined;
      const result = await repo.transaction(async (tx) => {
        await tx.lockRoleHolders();
        let changed: AccountRef[];
        if (input.action === 'activate' || input.action === 'delete') {
          const members = await tx.listPending(target);
          told = { kind: input.action === 'activate' ? 'activated' : 'refused', members };
        }
        let roleName: string | undefined;
        if (input.action === 'delete') {
          changed = await tx.bulkDelete(target);
        } else if (input.action === 'set_role') {
          const roleId = input.role_id;
          if (roleId === undefined) throw badRequest(MESSAGES.invalidRequest, 'role_id');
          await assertRoleExists(tx, roleId);
          roleName = (await tx.findRole(roleId))?.name;
          changed = await tx.bulkUpdate(target, { role_id: roleId });
        } else {
          changed = await tx.bulkUpdate(target, { is_active: input.action === 'activate' });
        }
        const affected = changed.length;
        const filter = input.filter;
        await history.recordAction(actor, {
          kind: 'users.bulk',
          entity_type: 'user',
          label: `${BULK_LABELS[input.action]}: ${affected} ${affected === 1 ? 'cuenta' : 'cuentas'}`,
          changes: [
            { field: 'accion', before: null, after: BULK_LABELS[input.action] },
            { field: 'cuentas', before: null, after: String(affected) },
            ...(affected > 0 ? [{ field: 'afectadas', before: null, after: namedAccounts(changed) }] : []),
            ...(roleName ? [{ field: 'role', before: null, after: roleName }] : []),
            input.ids
              ? { field: 'seleccion', before: null, after: `${input.ids.length} marcadas` }
              : {
                  field: 'filtro',
                  before: null,
                  after:
                    [
                      filter?.search ? `búsqueda «${filter.search}»` : '',
                      filter?.pending ? 'solo pendientes' : '',
                    ]
                      .filter(Boolean)
                      .join(', ') || 'todas las cuentas',
                },
          ],
        });
        await assertSomeoneAdministers(tx, M.bulkLastConfigUser);
        return { affected };
      });
      if (told?.kind === 'activated') events.activated(told.members);
      if (told?.kind === 'refused') events.refused(told.members);
      return result;
    },

    listRoles: (): Promise<Role[]> => repo.listRoles(),
    listTools: () => repo.listTools(),
    listRolePermissions: () => repo.listRolePermissions(),

    /** The role and its tools in one transaction. */
    async createRole(input: RoleInput, actor: Actor): Promise<Role> {
      try {
        return await repo.transaction(async (tx) => {
          const id = await tx.insertRole(roleValues(input), [...new Set(input.tools)]);
          const saved = present(await tx.findRole(id), 'saved role');
          await history.recordAction(actor, {
            kind: 'role.create',
            entity_type: 'role',
            entity_id: id,
            label: saved.name,
            changes: created(await namedRole(tx, saved), ROLE_FIELDS),
          });
          return saved;
        });
      } catch (error) {
        return roleWriteError(error);
      }
    },

    /**
     * Name, description and tools in one transaction (the spec's save / clear / re-add sequence could leave
     * a role without tools when a step failed). Removing config from the last role that gives it to an
     * active user is refused.
     */
    async updateRole(id: number, input: RoleInput, actor: Actor): Promise<Role> {
      try {
        return await repo.transaction(async (tx) => {
          await tx.lockRoleHolders();
          const existing = await tx.findRole(id);
          if (!existing) throw notFound(M.roleNotFound);
          const values = roleValues(input);
          if (existing.name === ADMIN_ROLE && values.name !== ADMIN_ROLE) {
            throw badRequest(M.adminRoleProtected, 'name');
          }
          await tx.updateRole(id, values, [...new Set(input.tools)]);
          const saved = present(await tx.findRole(id), 'saved role');
          await history.recordAction(actor, {
            kind: 'role.update',
            entity_type: 'role',
            entity_id: id,
            label: saved.name,
            changes: diff(await namedRole(tx, existing), await namedRole(tx, saved), ROLE_FIELDS),
          });
          await assertSomeoneAdministers(tx, M.lastConfigRole);
          return saved;
        });
      } catch (error) {
        return roleWriteError(error);
      }
    },

    /** A role still held by users is kept: the answer says how many have it. */
    async deleteRole(id: number, actor: Actor): Promise<void> {
      try {
        await repo.transaction(async (tx) => {
          await tx.lockRoleHolders();
          const existing = await tx.findRole(id);
          if (!existing) throw notFound(M.roleNotFound);
          if (existing.name === ADMIN_ROLE) throw badRequest(M.adminRoleProtected);
          // Self-registration writes this role id: without it every sign-up would fail.
          if (id === SELF_REGISTERED_ROLE_ID) throw badRequest(M.registrationRoleProtected);
          const holders = await tx.countRoleUsers(id);
          if (holders > 0) throw conflict(roleInUseMessage(holders));
          await tx.deleteRole(id);
          await history.recordAction(actor, {
            kind: 'role.delete',
            entity_type: 'role',
            entity_id: id,
            label: existing.name,
            changes: removed(await namedRole(tx, existing), ROLE_FIELDS),
          });
        });
      } catch (error) {
        // A write that does not take the role-holders lock (self-registration) gave the role to someone
        // after the count: the foreign key refused the delete.
        if (!isForeignKeyViolation(error)) throw error;
        throw conflict(roleInUseMessage(Math.max(1, await repo.countRoleUsers(id))));
      }
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
