import {
  ADMIN_ROLE,
  SELF_REGISTERED_ROLE_ID,
  SETTINGS_MESSAGES as M,
  grantsAdministration,
  normalizeRoleName,
  roleInUseMessage,
  type HistoryChange,
  type HistoryKind,
  type Role,
} from '@app/contracts';
import { present } from '../../db/rows';
import { isForeignKeyViolation, uniqueViolation } from '../../db/unique-violation';
import { AppError, badRequest, conflict } from '../../lib/errors';
import { created, diff, removed, type ActionEntry, type Actor, type HistoryRecorder } from '../history';
import type { SettingsQueries, SettingsRepo } from './repo';
import { assertSomeoneAdministers } from '../accounts';
import { lockedRead } from './rules';

export interface RoleInput {
  name: string;
  description: string;
  tools: number[];
}

export interface RolesServiceDeps {
  repo: SettingsRepo;
  history: HistoryRecorder;
}

const ROLE_FIELDS = ['name', 'description', 'tools'] as const;

/** A role's name is kept as its administrator wrote it (shown so everywhere); it is unique whatever its case. */
const roleValues = (input: RoleInput) => ({
  name: input.name.trim(),
  description: input.description,
});

/** Refuses a name another role already has, in any case ("Mentoría" and "MENTORÍA" are one name to a person). */
async function assertNameFree(tx: SettingsQueries, name: string, id?: number): Promise<void> {
  const taken = (await tx.listRoles()).some(
    (role) => role.id !== id && normalizeRoleName(role.name) === normalizeRoleName(name),
  );
  if (taken) throw conflict(M.roleNameTaken, 'name');
}

/** A role with its tools by name, as the history shows it. */
async function namedRole(tx: SettingsQueries, role: Role) {
  const names = new Map((await tx.listTools()).map((tool) => [tool.id, tool.name]));
  return { ...role, tools: role.tools.map((id) => names.get(id) ?? `Herramienta ${id}`) };
}

/** The history entry of a change to one role. */
const roleEntry = (kind: HistoryKind, role: Role, changes: HistoryChange[]): ActionEntry => ({
  kind,
  entity_type: 'role',
  entity_id: role.id,
  label: role.name,
  changes,
});

function roleWriteError(error: unknown): never {
  if (error instanceof AppError) throw error;
  if (uniqueViolation(error)?.table === 'roles') throw conflict(M.roleNameTaken, 'name');
  if (isForeignKeyViolation(error)) throw badRequest(M.unknownTool, 'tools');
  throw error;
}

/** The roles tab of Configuración: roles and the tools each grants. */
export function createRolesService({ repo, history }: RolesServiceDeps) {
  /** The role and its tools in one transaction. */
  const createRole = async (input: RoleInput, actor: Actor): Promise<Role> => {
    try {
      return await repo.transaction(async (tx) => {
        await assertNameFree(tx, input.name);
        const id = await tx.insertRole(roleValues(input), [...new Set(input.tools)]);
        const saved = present(await tx.findRole(id), 'saved role');
        await history.recordAction(
          actor,
          roleEntry('role.create', saved, created(await namedRole(tx, saved), ROLE_FIELDS)),
        );
        return saved;
      });
    } catch (error) {
      return roleWriteError(error);
    }
  };

  /**
   * Name, description and tools in one transaction (the spec's save / clear / re-add sequence could leave
   * a role without tools when a step failed). Removing config from the last role that gives it to an
   * active user is refused.
   */
  const updateRole = async (id: number, input: RoleInput, actor: Actor): Promise<Role> => {
    try {
      return await repo.transaction(async (tx) => {
        const existing = await lockedRead(tx, () => tx.findRole(id), M.roleNotFound);
        const values = roleValues(input);
        if (existing.name === ADMIN_ROLE) {
          if (normalizeRoleName(values.name) !== ADMIN_ROLE) throw badRequest(M.adminRoleProtected, 'name');
          // The administrators' role keeps the name the server recognises it by ("Admin" is the same name).
          values.name = ADMIN_ROLE;
        }
        await assertNameFree(tx, values.name, id);
        await tx.updateRole(id, values, [...new Set(input.tools)]);
        const saved = present(await tx.findRole(id), 'saved role');
        const named = await namedRole(tx, saved);
        // A plan must never sell administration (nor move its members into it when it ends).
        if (grantsAdministration(named.tools) && (await tx.isPlanRole(id))) {
          throw badRequest(M.planRoleNoAdmin, 'tools');
        }
        const changes = diff(await namedRole(tx, existing), named, ROLE_FIELDS);
        await history.recordAction(actor, roleEntry('role.update', saved, changes));
        await assertSomeoneAdministers(tx, M.lastConfigRole);
        return saved;
      });
    } catch (error) {
      return roleWriteError(error);
    }
  };

  /** A role still held by users is kept: the answer says how many have it. */
  const deleteRole = async (id: number, actor: Actor): Promise<void> => {
    try {
      await repo.transaction(async (tx) => {
        const existing = await lockedRead(tx, () => tx.findRole(id), M.roleNotFound);
        if (existing.name === ADMIN_ROLE) throw badRequest(M.adminRoleProtected);
        // Self-registration writes this role id: without it every sign-up would fail.
        if (id === SELF_REGISTERED_ROLE_ID) throw badRequest(M.registrationRoleProtected);
        const holders = await tx.countRoleUsers(id);
        if (holders > 0) throw conflict(roleInUseMessage(holders));
        if (await tx.isPlanEndRole(id)) throw conflict(M.planEndRoleInUse);
        await tx.deleteRole(id);
        const changes = removed(await namedRole(tx, existing), ROLE_FIELDS);
        await history.recordAction(actor, roleEntry('role.delete', existing, changes));
      });
    } catch (error) {
      // A write that does not take the role-holders lock (self-registration) gave the role to someone
      // after the count: the foreign key refused the delete.
      if (!isForeignKeyViolation(error)) throw error;
      throw conflict(roleInUseMessage(Math.max(1, await repo.countRoleUsers(id))));
    }
  };

  return {
    listRoles: (): Promise<Role[]> => repo.listRoles(),
    listTools: () => repo.listTools(),
    listRolePermissions: () => repo.listRolePermissions(),
    createRole,
    updateRole,
    deleteRole,
  };
}
