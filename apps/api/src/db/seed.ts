import { randomBytes } from 'node:crypto';
import { SEED_ROLES, TOOL_NAMES } from '@app/contracts';
import { count, eq } from 'drizzle-orm';
import { hashPassword } from '../lib/password';
import type { AppDatabase } from './client';
import { present, single } from './rows';
import { rolePermissions, roles, settings, tools, users } from './schema';

export interface SeedLogger {
  info(message: string): void;
  warn(message: string): void;
}

/** Tools, the four tiers and their permissions, on an empty database only. */
export function seedCatalog(db: AppDatabase): Promise<void> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(tools);
    if ((existing?.n ?? 0) > 0) return;
    const toolIds = new Map<string, number>();
    for (const name of TOOL_NAMES) {
      const rows = await tx.insert(tools).values({ name }).returning({ id: tools.id });
      toolIds.set(name, single(rows, `tool ${name}`).id);
    }
    // In SEED_ROLES order, so an empty table numbers them as the spec does (admin is 1). The ids come from
    // the table's own sequence: an explicit id would leave PostgreSQL's identity behind, and the next role
    // created by an admin would collide with it.
    for (const role of SEED_ROLES) {
      const [row] = await tx
        .insert(roles)
        .values({ name: role.name, description: role.description })
        .returning({ id: roles.id });
      if (row?.id !== role.id)
        throw new Error(`Seeding an empty catalog gave ${role.name} the id ${row?.id}`);
      for (const tool of role.tools) {
        await tx
          .insert(rolePermissions)
          .values({ role_id: row.id, tool_id: present(toolIds.get(tool), `tool ${tool}`) });
      }
    }
  });
}

/** Creates the first administrator when there are no users at all. */
export async function seedFirstAdmin(
  db: AppDatabase,
  admin: { email: string | undefined; password: string | undefined },
  log: SeedLogger,
): Promise<void> {
  const email = (admin.email ?? 'admin@localhost').trim().toLowerCase();
  const password = admin.password ?? randomBytes(12).toString('base64url');
  const password_hash = await hashPassword(password);
  const created = await db.transaction(async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(users);
    if ((existing?.n ?? 0) > 0) return false;
    const [adminRole] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, 'admin'));
    if (!adminRole) throw new Error('The admin role is missing: the catalog was not seeded');
    await tx
      .insert(users)
      .values({ username: 'admin', email, password_hash, role_id: adminRole.id, is_active: true });
    return true;
  });
  if (!created) return;
  if (admin.password) {
    log.info(`Administrador inicial creado: ${email}`);
  } else {
    log.warn(
      `Administrador inicial creado: ${email} con la contraseña ${password} (se muestra una sola vez; cámbiala)`,
    );
  }
}

/** The JWT signing secret: the configured one, else one generated once and kept in the database. */
export async function resolveSessionSecret(db: AppDatabase, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const key = 'session_secret';
  return db.transaction(async (tx) => {
    const value = randomBytes(48).toString('base64url');
    // Two nodes starting at once: the first one's secret wins and both use it.
    await tx.insert(settings).values({ key, value }).onConflictDoNothing();
    return single(await tx.select().from(settings).where(eq(settings.key, key)), 'session secret').value;
  });
}
