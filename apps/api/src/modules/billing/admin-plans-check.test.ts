import { BILLING_MESSAGES, type BillingSettings } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, signIn, type TestApp } from '../../../test/helper';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { rolePermissions, roles, tools } from '../../db/schema';
import { billingPlans } from './schema';

const idOf = async (t: TestApp, table: typeof roles | typeof tools, name: string) =>
  (await t.db.select({ id: table.id }).from(table).where(eq(table.name, name)))[0]!.id;

/**
 * Plans saved around the rule: vip's role holds config, and estrategas ends in a "staff" role that holds it;
 * cafeinas is a sound plan.
 */
async function plansThatSellAdministration(t: TestApp): Promise<void> {
  const [vip, cafeinas, estrategas, config] = [
    await idOf(t, roles, 'vip'),
    await idOf(t, roles, 'cafeinas'),
    await idOf(t, roles, 'estrategas'),
    await idOf(t, tools, 'config'),
  ];
  const [staff] = await t.db.insert(roles).values({ name: 'staff' }).returning({ id: roles.id });
  await t.db.insert(rolePermissions).values([
    { role_id: vip, tool_id: config },
    { role_id: staff!.id, tool_id: config },
  ]);
  await t.db.insert(billingPlans).values([
    { role_id: vip, position: 0, end_action: 'role', end_role_id: cafeinas },
    { role_id: estrategas, position: 1, end_action: 'role', end_role_id: staff!.id },
    { role_id: cafeinas, position: 2, end_action: 'deactivate', end_role_id: null },
  ]);
}

/** Starts the app again on the same database, as a restart does, keeping what it logs. */
async function restart(t: TestApp) {
  const lines: string[] = [];
  const app = await buildApp(testConfig({ admin: ADMIN, logLevel: 'warn' }), {
    db: t.database,
    readableLog: { write: (line) => void lines.push(line) },
  });
  try {
    const admin = await signIn(app, ADMIN.email, ADMIN.password);
    const res = await app.inject({ url: '/api/admin/billing', headers: { cookie: admin } });
    expect(res.statusCode, res.body).toBe(200);
    return { lines, warnings: res.json<BillingSettings>().warnings };
  } finally {
    await app.close();
  }
}

describe('the start-up check of plans that would sell administration', () => {
  it('logs a warning for each such plan and shows them to administrators', async () => {
    const t = await createTestApp();
    await plansThatSellAdministration(t);
    const { lines, warnings } = await restart(t);
    const expected = [
      BILLING_MESSAGES.planSellsAdmin('vip'),
      BILLING_MESSAGES.planEndsInAdmin('estrategas', 'staff'),
    ];
    expect(warnings).toEqual(expected);
    const logged = lines.join('\n');
    for (const warning of expected) expect(logged).toContain(warning);
  });

  it('says nothing while the plans are sound, and stops once the role is fixed', async () => {
    const t = await createTestApp();
    const clean = await restart(t);
    expect(clean.warnings).toEqual([]);
    expect(clean.lines.filter((line) => line.includes('Configuración'))).toEqual([]);

    await plansThatSellAdministration(t);
    const config = await idOf(t, tools, 'config');
    await t.db.delete(rolePermissions).where(eq(rolePermissions.tool_id, config));
    await t.db.insert(rolePermissions).values({ role_id: await idOf(t, roles, 'admin'), tool_id: config });
    const fixed = await restart(t);
    expect(fixed.warnings).toEqual([]);
  });
});
