import { randomBytes } from 'node:crypto';
import { SEED_ROLES, TOOL_NAMES } from '@app/contracts';
import { count, eq } from 'drizzle-orm';
import { hashPassword } from '../lib/password';
import type { Db } from './client';
import { rolePermissions, roles, settings, tools, users } from './schema';

export interface SeedLogger {
  info(message: string): void;
  warn(message: string): void;
}

/** Tools, the four tiers and their permissions, on an empty database only. */
export function seedCatalog(db: Db): void {
  db.transaction((tx) => {
    const existing = tx.select({ n: count() }).from(tools).get();
    if ((existing?.n ?? 0) > 0) return;
    const toolIds = new Map<string, number>();
    for (const name of TOOL_NAMES) {
      const row = tx.insert(tools).values({ name }).returning({ id: tools.id }).get();
      toolIds.set(name, row.id);
    }
    for (const role of SEED_ROLES) {
      tx.insert(roles).values({ id: role.id, name: role.name, description: role.description }).run();
      for (const tool of role.tools) {
        tx.insert(rolePermissions)
          .values({ role_id: role.id, tool_id: toolIds.get(tool)! })
          .run();
      }
    }
  });
}

/** Creates the first administrator when there are no users at all. */
export async function seedFirstAdmin(
  db: Db,
  admin: { email: string | undefined; password: string | undefined },
  log: SeedLogger,
): Promise<void> {
  const existing = db.select({ n: count() }).from(users).get();
  if ((existing?.n ?? 0) > 0) return;
  const email = (admin.email ?? 'admin@localhost').trim().toLowerCase();
  const password = admin.password ?? randomBytes(12).toString('base64url');
  const adminRole = db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'admin')).get();
  if (!adminRole) throw new Error('The admin role is missing: the catalog was not seeded');
  db.insert(users)
    .values({
      username: 'admin',
      email,
      password_hash: await hashPassword(password),
      role_id: adminRole.id,
      is_active: true,
    })
    .run();
  if (admin.password) {
    log.info(`Administrador inicial creado: ${email}`);
  } else {
    log.warn(
      `Administrador inicial creado: ${email} con la contraseña ${password} (se muestra una sola vez; cámbiala)`,
    );
  }
}

/** The JWT signing secret: the configured one, else one generated once and kept in the database. */
export function resolveSessionSecret(db: Db, configured: string | undefined): string {
  if (configured) return configured;
  const key = 'session_secret';
  const row = db.select().from(settings).where(eq(settings.key, key)).get();
  if (row) return row.value;
  const value = randomBytes(48).toString('base64url');
  db.insert(settings).values({ key, value }).onConflictDoNothing().run();
  return db.select().from(settings).where(eq(settings.key, key)).get()!.value;
}
