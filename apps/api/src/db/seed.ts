import { randomBytes } from 'node:crypto';
import { SEED_ROLES, TOOL_NAMES } from '@app/contracts';
import { asc, count, eq, isNotNull, isNull } from 'drizzle-orm';
import { hashPassword } from '../lib/password';
import type { AppDatabase } from './client';
import { bumpUserCount } from './kept-counts';
import { present, single } from './rows';
import { rolePermissions, roles, settings, tools, users } from './schema';
import { uniqueViolation } from './unique-violation';
import { usernameSkeleton } from './username-skeleton';

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
    await tx.insert(users).values({
      username: 'admin',
      username_skeleton: usernameSkeleton('admin'),
      email,
      password_hash,
      role_id: adminRole.id,
      is_active: true,
    });
    await bumpUserCount(tx, true, 1);
    return true;
  });
  if (!created) return;
  if (admin.password) log.info(`Administrador inicial creado: ${email}`);
  else {
    const once = [`${email} con la contraseña ${password}`, '(se muestra una sola vez; cámbiala)'];
    log.warn(`Administrador inicial creado:\n${framed(once)}`);
  }
}

/** Lines in a box, so a one-time password stands out among the start-up log lines. */
function framed(lines: string[]): string {
  const width = Math.max(...lines.map((line) => line.length));
  const rule = '─'.repeat(width + 2);
  return [`┌${rule}┐`, ...lines.map((line) => `│ ${line.padEnd(width)} │`), `└${rule}┘`].join('\n');
}

/**
 * Gives every account made before usernames had skeletons its skeleton, once. Of two older names that already
 * look alike, the first one made keeps its name's skeleton and the other stays without one: the accounts are
 * left as they are, only new names are compared with them. Two nodes starting at once write the same values.
 */
export async function backfillUsernameSkeletons(db: AppDatabase): Promise<void> {
  const missing = await db.read
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(isNull(users.username_skeleton))
    .orderBy(asc(users.id));
  if (missing.length === 0) return;
  const taken = new Set(
    (
      await db.read
        .select({ skeleton: users.username_skeleton })
        .from(users)
        .where(isNotNull(users.username_skeleton))
    ).map((row) => row.skeleton),
  );
  const updates: { id: number; skeleton: string }[] = [];
  for (const { id, username } of missing) {
    const skeleton = usernameSkeleton(username);
    if (taken.has(skeleton)) continue;
    taken.add(skeleton);
    updates.push({ id, skeleton });
  }
  const write = (batch: typeof updates) =>
    db.transaction(async (tx) => {
      for (const { id, skeleton } of batch) {
        await tx.update(users).set({ username_skeleton: skeleton }).where(eq(users.id, id));
      }
    });
  for (let start = 0; start < updates.length; start += 500) {
    const batch = updates.slice(start, start + 500);
    // A member who registered meanwhile with a look-alike name has the skeleton now: skip that row alone.
    await write(batch).catch(async (error: unknown) => {
      if (!uniqueViolation(error)) throw error;
      for (const row of batch) {
        await write([row]).catch((rowError: unknown) => {
          if (!uniqueViolation(rowError)) throw rowError;
        });
      }
    });
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
