/**
 * The lock-out and role-in-use rules under simultaneous requests: two changes each allowed alone, but not
 * together, must not both succeed, and no race ends in a 500, on either engine.
 */
import { roleInUseMessage, SETTINGS_MESSAGES as M } from '@app/contracts';
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

describe('deleting a role while it is being assigned', () => {
  it('either deletes a role nobody holds or refuses with a 409, never a 500', async () => {
    const { app, db } = await createTestApp();
    const admin = await signIn(app, ADMIN.email, ADMIN.password);
    const members = await Promise.all(
      ['m1', 'm2'].map((name) => addUser(db, { email: `${name}@example.com`, username: name })),
    );
    const cafeinas = await roleId(db, 'cafeinas');
    for (let round = 0; round < ROUNDS * 2; round++) {
      const [role] = await db
        .insert(roles)
        .values({ name: `temporal${round}`, description: '' })
        .returning();
      const id = role!.id;
      await db
        .update(users)
        .set({ role_id: cafeinas })
        .where(inArray(users.id, [members[0]!.id, members[1]!.id]));
      const [moved, bulk, created, imported, deleted] = await Promise.all([
        call(app, 'PUT', `/api/admin/users/${members[0]!.id}`, admin, {
          username: 'm1',
          email: 'm1@example.com',
          role_id: id,
          is_active: true,
        }),
        call(app, 'POST', '/api/admin/users/bulk', admin, {
          action: 'set_role',
          role_id: id,
          ids: [members[1]!.id],
        }),
        call(app, 'POST', '/api/admin/users', admin, {
          username: `nuevo${round}`,
          email: `nuevo${round}@example.com`,
          password: 'nuevo-secret-largo',
          role_id: id,
          is_active: true,
        }),
        call(app, 'POST', '/api/admin/users/import', admin, {
          csv: `username,email,role\r\nimportado${round},importado${round}@example.com,temporal${round}\r\n`,
          dry_run: false,
        }),
        call(app, 'DELETE', `/api/admin/roles/${id}`, admin),
      ]);
      const assignments = [moved!, bulk!, created!, imported!];
      for (const res of [...assignments, deleted!]) expect(res.statusCode, res.body).toBeLessThan(500);
      const holders = (await db.select().from(users).where(eq(users.role_id, id))).length;
      const stillThere = (await db.select().from(roles).where(eq(roles.id, id))).length;
      if (deleted!.statusCode === 200) {
        expect(stillThere).toBe(0);
        expect(holders).toBe(0);
        for (const res of [moved!, bulk!, created!].filter((res) => res.statusCode !== 200)) {
          expect(res.statusCode).toBe(400);
          expect(res.json()).toEqual({ error: M.unknownRole, field: 'role_id' });
        }
        // The import that read the roles after the delete finds no such role: its row is an error.
        if (imported!.statusCode !== 200) expect(imported!.statusCode).toBe(400);
      } else {
        expect(deleted!.statusCode).toBe(409);
        expect(stillThere).toBe(1);
        for (const res of assignments) expect(res.statusCode, res.body).toBe(200);
        expect(holders).toBeGreaterThan(0);
        // The count the refusal gives is the one the delete saw; an assignment may land after it.
        const counts = Array.from({ length: holders }, (_, i) => roleInUseMessage(i + 1));
        expect(counts).toContain(deleted!.json().error);
      }
    }
  }, 60_000);
});
