/**
 * The lock-out and role-in-use rules under simultaneous requests: two changes each allowed alone, but not
 * together, must not both succeed, on either engine.
 */
import { SETTINGS_MESSAGES as M } from '@app/contracts';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ADMIN, addUser, createTestApp, csrf, signIn } from '../../../test/helper';
import type { Db } from '../../db/client';
import { rolePermissions, roles, tools, users } from '../../db/schema';

const ROUNDS = 5;

type Method = 'POST' | 'PUT' | 'DELETE';

const call = (app: FastifyInstance, method: Method, url: string, cookie: string, payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: { ...csrf, cookie },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const toolId = async (db: Db, name: string) =>
  (await db.select().from(tools).where(eq(tools.name, name)))[0]!.id;

const roleId = async (db: Db, name: string) =>
  (await db.select().from(roles).where(eq(roles.name, name)))[0]!.id;

/** Active accounts whose role grants config: the people who can still administer. */
async function activeConfigHolders(db: Db): Promise<number> {
  const configRoles = db
    .select({ role_id: rolePermissions.role_id })
    .from(rolePermissions)
    .where(eq(rolePermissions.tool_id, await toolId(db, 'config')));
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.is_active, true), inArray(users.role_id, configRoles)));
  return row?.n ?? 0;
}

/** One of the two answers succeeded; the other is a refusal (a 409, or 401/403 once it lost config). */
function exactlyOneSucceeds(answers: LightMyRequestResponse[]): void {
  const statuses = answers.map((res) => res.statusCode);
  expect(
    statuses.filter((status) => status === 200),
    answers.map((res) => res.body).join(' | '),
  ).toHaveLength(1);
  const refused = answers.find((res) => res.statusCode !== 200)!;
  expect([401, 403, 409]).toContain(refused.statusCode);
  if (refused.statusCode === 409) {
    expect([
      M.lastConfigUserChange,
      M.lastConfigUserDelete,
      M.lastConfigRole,
      M.bulkLastConfigUser,
    ]).toContain(refused.json().error);
  }
}

/**
 * Two administrators: A (the seeded admin, role admin) and B (role soporte, which gives config only). Each of
 * the changes below leaves one of them administering; run together they would leave nobody.
 */
async function twoAdministrators() {
  const { app, db } = await createTestApp();
  const config = await toolId(db, 'config');
  const adminTools = (await db.select().from(rolePermissions).where(eq(rolePermissions.role_id, 1))).map(
    (row) => row.tool_id,
  );
  const [soporte] = await db.insert(roles).values({ name: 'soporte', description: '' }).returning();
  const soporteId = soporte!.id;
  const vip = await roleId(db, 'vip');
  const B = { email: 'b@example.com', username: 'bea', password: 'bea-secret-larga' };
  const bId = (await addUser(db, { ...B, role: 'soporte' })).id;
  // Kept to put B back after a round that deleted it, without hashing the password again.
  const [bRow] = await db.select().from(users).where(eq(users.id, bId));

  /** Both administrators active in their roles, both roles with config, both signed in anew. */
  async function reset() {
    await db.delete(rolePermissions).where(inArray(rolePermissions.role_id, [1, soporteId]));
    await db
      .insert(rolePermissions)
      .values([
        ...adminTools.map((tool_id) => ({ role_id: 1, tool_id })),
        { role_id: soporteId, tool_id: config },
      ]);
    await db.update(users).set({ is_active: true, role_id: 1 }).where(eq(users.id, 1));
    await db.delete(users).where(eq(users.id, bId));
    await db.insert(users).values(bRow!);
    return {
      a: await signIn(app, ADMIN.email, ADMIN.password),
      b: await signIn(app, B.email, B.password),
    };
  }

  const aBody = (change: object) => ({
    username: 'admin',
    email: ADMIN.email,
    role_id: 1,
    is_active: true,
    ...change,
  });
  const bBody = (change: object) => ({
    ...B,
    password: undefined,
    role_id: soporteId,
    is_active: true,
    ...change,
  });
  const changes = {
    deactivateA: (who: string) => call(app, 'PUT', '/api/admin/users/1', who, aBody({ is_active: false })),
    deactivateB: (who: string) =>
      call(app, 'PUT', `/api/admin/users/${bId}`, who, bBody({ is_active: false })),
    moveAToVip: (who: string) => call(app, 'PUT', '/api/admin/users/1', who, aBody({ role_id: vip })),
    deleteB: (who: string) => call(app, 'DELETE', `/api/admin/users/${bId}`, who),
    bulkDeactivateA: (who: string) =>
      call(app, 'POST', '/api/admin/users/bulk', who, { action: 'deactivate', ids: [1] }),
    bulkMoveBToVip: (who: string) =>
      call(app, 'POST', '/api/admin/users/bulk', who, { action: 'set_role', role_id: vip, ids: [bId] }),
    configOffAdminRole: (who: string) =>
      call(app, 'PUT', '/api/admin/roles/1', who, {
        name: 'admin',
        tools: adminTools.filter((id) => id !== config),
      }),
    configOffSoporte: (who: string) =>
      call(app, 'PUT', `/api/admin/roles/${soporteId}`, who, { name: 'soporte', tools: [] }),
  };
  return { db, reset, changes };
}

describe('lock-out rule under simultaneous requests', () => {
  const pairs = [
    ['A deactivates B while B deactivates A', 'deactivateB', 'deactivateA'],
    ['A deletes B while B deactivates A in bulk', 'deleteB', 'bulkDeactivateA'],
    ['A takes config from B’s role while B moves A to another role', 'configOffSoporte', 'moveAToVip'],
    [
      'A moves B to another role in bulk while B takes config from A’s role',
      'bulkMoveBToVip',
      'configOffAdminRole',
    ],
  ] as const;

  for (const [title, byA, byB] of pairs) {
    it(`keeps an active config holder when ${title}: exactly one succeeds`, async () => {
      const { db, reset, changes } = await twoAdministrators();
      for (let round = 0; round < ROUNDS; round++) {
        const { a, b } = await reset();
        exactlyOneSucceeds(await Promise.all([changes[byA](a), changes[byB](b)]));
        expect(await activeConfigHolders(db)).toBe(1);
      }
    }, 60_000);
  }
});
