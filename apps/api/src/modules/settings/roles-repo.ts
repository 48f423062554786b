import type { Role, RolePermission, Tool } from '@app/contracts';
import { asc, count, eq } from 'drizzle-orm';
import type { AppDatabase } from '../../db/client';
import { single } from '../../db/rows';
import { rolePermissions, roles, tools, users } from '../../db/schema';
import { planUsesRole } from '../billing';

interface RoleValues {
  name: string;
  description: string;
}

/** Roles, the tools each grants, and how many accounts hold one. */
export function createRolesRepo(database: AppDatabase) {
  const write = database.transaction.bind(database);
  const db = () => database.read;

  const replaceRoleTools = (roleId: number, toolIds: readonly number[]): Promise<void> =>
    write(async (tx) => {
      await tx.delete(rolePermissions).where(eq(rolePermissions.role_id, roleId));
      if (toolIds.length > 0) {
        await tx.insert(rolePermissions).values(toolIds.map((tool_id) => ({ role_id: roleId, tool_id })));
      }
    });

  const roleExists = async (id: number): Promise<boolean> => {
    const [row] = await db().select({ id: roles.id }).from(roles).where(eq(roles.id, id));
    return row !== undefined;
  };

  const listRoles = async (): Promise<Role[]> => {
    const [granted, all] = await Promise.all([
      db().select().from(rolePermissions).orderBy(asc(rolePermissions.tool_id)),
      db().select().from(roles).orderBy(asc(roles.id)),
    ]);
    return all.map((role) => ({
      ...role,
      tools: granted.filter((row) => row.role_id === role.id).map((row) => row.tool_id),
    }));
  };

  const findRole = async (id: number): Promise<Role | undefined> => {
    const [role] = await db().select().from(roles).where(eq(roles.id, id));
    if (!role) return undefined;
    const granted = await db()
      .select({ tool_id: rolePermissions.tool_id })
      .from(rolePermissions)
      .where(eq(rolePermissions.role_id, id))
      .orderBy(asc(rolePermissions.tool_id));
    return { ...role, tools: granted.map((row) => row.tool_id) };
  };

  const insertRole = (values: RoleValues, toolIds: readonly number[]): Promise<number> =>
    write(async (tx) => {
      const { id } = single(await tx.insert(roles).values(values).returning({ id: roles.id }), 'new role');
      await replaceRoleTools(id, toolIds);
      return id;
    });

  const updateRole = (id: number, values: RoleValues, toolIds: readonly number[]): Promise<void> =>
    write(async (tx) => {
      await tx.update(roles).set(values).where(eq(roles.id, id));
      await replaceRoleTools(id, toolIds);
    });

  const deleteRole = (id: number): Promise<void> =>
    write(async (tx) => {
      await tx.delete(roles).where(eq(roles.id, id));
    });

  const countRoleUsers = async (id: number): Promise<number> => {
    const [row] = await db().select({ n: count() }).from(users).where(eq(users.role_id, id));
    return row?.n ?? 0;
  };

  /** Whether a paid plan grants this role or moves its members to it when their subscription ends. */
  const isPlanRole = (id: number): Promise<boolean> => planUsesRole(db(), id);

  /** Whether a paid plan moves its members to this role when their subscription ends. */
  const isPlanEndRole = (id: number): Promise<boolean> => planUsesRole(db(), id, true);

  const listTools = (): Promise<Tool[]> => db().select().from(tools).orderBy(asc(tools.id));

  const listRolePermissions = (): Promise<RolePermission[]> =>
    db().select().from(rolePermissions).orderBy(asc(rolePermissions.role_id), asc(rolePermissions.tool_id));

  return {
    roleExists,
    listRoles,
    findRole,
    insertRole,
    updateRole,
    deleteRole,
    countRoleUsers,
    isPlanRole,
    isPlanEndRole,
    listTools,
    listRolePermissions,
  };
}
