import { ADMIN_ROLE, type ToolName } from '@app/contracts';
import { eq } from 'drizzle-orm';
import type { AppDatabase } from './client';
import { rolePermissions, roles, tools } from './schema';

/**
 * On a database seeded before `tool` existed: adds its permission and gives it to the roles that administer the
 * community (admin, and every role with Configuración). Only the node whose insert makes the permission grants
 * it, so two nodes starting at once grant it once; an administrator may take it away later.
 */
export const ensureToolPermission = (database: AppDatabase, tool: ToolName): Promise<void> =>
  database.transaction(async (tx) => {
    const [created] = await tx
      .insert(tools)
      .values({ name: tool })
      .onConflictDoNothing()
      .returning({ id: tools.id });
    if (!created) return;
    const withConfig = await tx
      .select({ id: rolePermissions.role_id })
      .from(rolePermissions)
      .innerJoin(tools, eq(tools.id, rolePermissions.tool_id))
      .where(eq(tools.name, 'config'));
    const admin = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, ADMIN_ROLE));
    const roleIds = new Set([...withConfig, ...admin].map((row) => row.id));
    for (const role_id of roleIds) {
      await tx.insert(rolePermissions).values({ role_id, tool_id: created.id }).onConflictDoNothing();
    }
  });
