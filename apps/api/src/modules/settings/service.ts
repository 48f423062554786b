import {
  ADMIN_ROLE,
  MESSAGES,
  normalizeRoleName,
  roleInUseMessage,
  SETTINGS_MESSAGES as M,
  type AdminUser,
  type UserBulkBody,
  type Role,
  type UserBulkResult,
  type UserList,
} from '@app/contracts';
import { present } from '../../db/rows';
import { accountConflictField, isForeignKeyViolation, uniqueViolation } from '../../db/unique-violation';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import {
  withoutTokenVersion,
  type BulkTarget,
  type SettingsQueries,
  type SettingsRepo,
  type UserFilter,
} from './repo';

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

interface AccountRef {
  email: string;
  username: string;
}

export interface SettingsServiceDeps {
  repo: SettingsRepo;
  hashPassword: (password: string) => Promise<string>;
  events?: AccountEvents;
}

/** Turns a unique-index violation on users into the field-specific Spanish conflict. */
function accountConflict(error: unknown): never {
  const field = accountConflictField(error);
  if (field === 'email') throw conflict(M.emailTaken, 'email');
  if (field === 'username') throw conflict(M.usernameTaken, 'username');
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

/** The community must keep at least one active account that can reach Configuración. */
async function assertSomeoneAdministers(tx: SettingsQueries, message: string): Promise<void> {
  if ((await tx.countActiveConfigUsers()) === 0) throw conflict(message);
}

async function assertRoleExists(tx: SettingsQueries, roleId: number): Promise<void> {
  if (!(await tx.roleExists(roleId))) throw badRequest(M.unknownRole, 'role_id');
}

const NO_EVENTS: AccountEvents = { activated: () => undefined, refused: () => undefined };

export function createSettingsService({ repo, hashPassword, events = NO_EVENTS }: SettingsServiceDeps) {
  return {
    async listUsers(filter: UserFilter): Promise<UserList> {
      const { items, total } = await repo.listUsers(filter);
      return { items, total, page: filter.page, pageSize: filter.pageSize };
    },

    async createUser(input: UserInput & { password: string }): Promise<AdminUser> {
      const password_hash = await hashPassword(input.password);
      try {
        return await repo.transaction(async (tx) => {
          await assertRoleExists(tx, input.role_id);
          const id = await tx.insertUser({ ...userValues(input), password_hash });
          return withoutTokenVersion(present(await tx.findUser(id), 'saved user'));
        });
      } catch (error) {
        return accountConflict(error);
      }
    },

    /**
     * Saves the account. A new role, active flag or password ends the user's sessions; the change is refused
     * (and rolled back) when it would leave no active user with the config permission.
     */
    async updateUser(id: number, input: UserInput): Promise<AdminUser> {
      const password_hash = input.password ? await hashPassword(input.password) : undefined;
      let activated = false;
      let saved: AdminUser;
      try {
        saved = await repo.transaction(async (tx) => {
          const existing = await tx.findUser(id);
          if (!existing) throw notFound(M.userNotFound);
          await assertRoleExists(tx, input.role_id);
          const values = userValues(input);
          const endSessions =
            existing.role_id !== values.role_id ||
            existing.is_active !== values.is_active ||
            password_hash !== undefined;
          await tx.updateUser(id, { ...values, ...(password_hash ? { password_hash } : {}) }, endSessions);
          await assertSomeoneAdministers(tx, M.lastConfigUserChange);
          activated = !existing.is_active && values.is_active;
          return withoutTokenVersion(present(await tx.findUser(id), 'saved user'));
        });
      } catch (error) {
        return accountConflict(error);
      }
      if (activated) events.activated([saved]);
      return saved;
    },

    /** Deletes the account; a pending one (never let in) is told it was refused, with the reason if given. */
    async deleteUser(id: number, reason?: string): Promise<void> {
      const deleted = await repo.transaction(async (tx) => {
        const existing = await tx.findUser(id);
        if (!existing) throw notFound(M.userNotFound);
        await tx.deleteUser(id);
        await assertSomeoneAdministers(tx, M.lastConfigUserDelete);
        return existing;
      });
      if (!deleted.is_active) events.refused([deleted], reason);
    },

    /**
     * One action on many accounts in one transaction. The lock-out rule is checked on the state after the
     * whole batch: a batch that would leave no active config holder is refused whole, nothing written.
     */
    async bulkUsers(input: UserBulkBody): Promise<UserBulkResult> {
      const target: BulkTarget = input.ids ? { ids: input.ids } : { filter: input.filter ?? {} };
      let told: { kind: 'activated' | 'refused'; members: AccountRef[] } | undefined;
      const result = await repo.transaction(async (tx) => {
        let affected: number;
        if (input.action === 'activate' || input.action === 'delete') {
          const members = await tx.listPending(target);
          told = { kind: input.action === 'activate' ? 'activated' : 'refused', members };
        }
        if (input.action === 'delete') {
          affected = await tx.bulkDelete(target);
        } else if (input.action === 'set_role') {
          const roleId = input.role_id;
          if (roleId === undefined) throw badRequest(MESSAGES.invalidRequest, 'role_id');
          await assertRoleExists(tx, roleId);
          affected = await tx.bulkUpdate(target, { role_id: roleId });
        } else {
          affected = await tx.bulkUpdate(target, { is_active: input.action === 'activate' });
        }
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
    async createRole(input: RoleInput): Promise<Role> {
      try {
        return await repo.transaction(async (tx) => {
          const id = await tx.insertRole(roleValues(input), [...new Set(input.tools)]);
          return present(await tx.findRole(id), 'saved role');
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
    async updateRole(id: number, input: RoleInput): Promise<Role> {
      try {
        return await repo.transaction(async (tx) => {
          const existing = await tx.findRole(id);
          if (!existing) throw notFound(M.roleNotFound);
          const values = roleValues(input);
          if (existing.name === ADMIN_ROLE && values.name !== ADMIN_ROLE) {
            throw badRequest(M.adminRoleProtected, 'name');
          }
          await tx.updateRole(id, values, [...new Set(input.tools)]);
          await assertSomeoneAdministers(tx, M.lastConfigRole);
          return present(await tx.findRole(id), 'saved role');
        });
      } catch (error) {
        return roleWriteError(error);
      }
    },

    /** A role still held by users is kept: the answer says how many have it. */
    async deleteRole(id: number): Promise<void> {
      await repo.transaction(async (tx) => {
        const existing = await tx.findRole(id);
        if (!existing) throw notFound(M.roleNotFound);
        if (existing.name === ADMIN_ROLE) throw badRequest(M.adminRoleProtected);
        const holders = await tx.countRoleUsers(id);
        if (holders > 0) throw conflict(roleInUseMessage(holders));
        await tx.deleteRole(id);
      });
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
