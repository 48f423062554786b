import { StatsOverview } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN, addUser, createTestApp, signIn, type TestApp } from '../../../test/helper';
import { rolePermissions, roles, tools } from '../../db/schema';
import { ensureStatsPermission } from './permission';

const TZ = 'Europe/Madrid';

async function setup(): Promise<TestApp & { cookie: string }> {
  const t = await createTestApp({ timeZone: TZ });
  return { ...t, cookie: await signIn(t.app, ADMIN.email, ADMIN.password) };
}

async function overview(t: TestApp & { cookie: string }, range: string) {
  const res = await t.app.inject({ url: `/api/estadisticas?range=${range}`, headers: { cookie: t.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return StatsOverview.parse(res.json());
}

describe('GET /api/estadisticas', () => {
  it('answers empty figures before the first day is closed', async () => {
    const t = await setup();
    const empty = await overview(t, '90');
    expect(empty.from).toBeNull();
    expect(empty.figures.active_members).toEqual({ value: 0, previous: null });
  });

  it('refuses a range it does not offer', async () => {
    const t = await setup();
    const res = await t.app.inject({ url: '/api/estadisticas?range=7', headers: { cookie: t.cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('error');
  });

  it('answers 403 to a member without the permission and 401 to a visitor', async () => {
    const t = await setup();
    const member = await addUser(t.db, { email: 'vip@example.com', role: 'vip' });
    const cookie = await signIn(t.app, member.email, member.password);
    const refused = await t.app.inject({ url: '/api/estadisticas', headers: { cookie } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toHaveProperty('error');
    expect((await t.app.inject({ url: '/api/estadisticas' })).statusCode).toBe(401);
  });
});

describe('the permission on a database from before Estadísticas', () => {
  it('is added at start and given to the roles that administer', async () => {
    const t = await setup();
    await t.db.delete(tools).where(eq(tools.name, 'estadisticas'));
    await ensureStatsPermission(t.database);
    await ensureStatsPermission(t.database);
    const holders = await t.db
      .select({ role: roles.name })
      .from(rolePermissions)
      .innerJoin(tools, and(eq(tools.id, rolePermissions.tool_id), eq(tools.name, 'estadisticas')))
      .innerJoin(roles, eq(roles.id, rolePermissions.role_id));
    expect(holders.map((row) => row.role)).toEqual(['admin']);
  });
});
