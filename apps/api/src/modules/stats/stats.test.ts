import { StatsOverview } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN, addUser, createTestApp, signIn, type TestApp } from '../../../test/helper';
import { SCENARIO, SCENARIO_NOW, seedPrices, writeScenario } from '../../../test/support/stats-scenario';
import { rolePermissions, roles, tools } from '../../db/schema';
import { auditLog } from '../history/schema';
import { startOfDay } from '../../lib/zoned-time';
import { addDays } from './days';
import { createStatsKeeper } from './keeper';
import { ensureStatsPermission } from './permission';
import { createStatsRepo } from './repo';
import { statsMonthly, statsWeekly } from './schema';

const TZ = 'Europe/Madrid';

async function setup(): Promise<TestApp & { cookie: string }> {
  const t = await createTestApp({ timeZone: TZ });
  return { ...t, cookie: await signIn(t.app, ADMIN.email, ADMIN.password) };
}

const keeperAt = (t: TestApp, now: Date) =>
  createStatsKeeper({ database: t.database, clock: { now: () => now }, timeZone: TZ });

async function overview(t: TestApp & { cookie: string }, range: string) {
  const res = await t.app.inject({ url: `/api/estadisticas?range=${range}`, headers: { cookie: t.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return StatsOverview.parse(res.json());
}

/** A metric's kept rows as `day dimension=value` lines, for comparing with the hand-computed ones. */
async function kept(t: TestApp, metric: string): Promise<string[]> {
  const rows = await createStatsRepo(t.database).allKeptRows('day');
  return rows
    .filter((row) => row.metric === metric)
    .map((row) => `${row.day} ${row.dimension}=${row.value}`.replace(' =', ' '));
}

describe('the close of each day', () => {
  it('counts the hand-computed scenario across summer time and the end of the month', async () => {
    const t = await setup();
    await writeScenario(t.db);
    expect(await keeperAt(t, SCENARIO_NOW).closeFinishedDays()).toBe(6);

    // carl's sign-up at 00:30 on the 30th in summer time (22:30 UTC the day before) is the 30th's.
    expect(await kept(t, 'signups')).toEqual([
      '2026-03-28 1',
      '2026-03-29 1',
      '2026-03-30 1',
      '2026-03-31 1',
      '2026-04-01 1',
    ]);
    expect(await kept(t, 'paid_signups')).toEqual([
      '2026-03-28 1',
      '2026-03-29 1',
      '2026-03-30 1',
      '2026-04-01 1',
    ]);
    expect(await kept(t, 'trial_starts')).toEqual(['2026-03-29 1']);
    expect(await kept(t, 'trial_conversions')).toEqual(['2026-04-01 1']);
    // A failed renewal keeps access while it is retried: no cancellation.
    expect(await kept(t, 'cancellations')).toEqual(['2026-03-30 1']);
    expect(await kept(t, 'members')).toEqual([
      '2026-03-28 vip=1',
      '2026-03-29 vip=2',
      '2026-03-30 cafeinas=1',
      '2026-03-30 vip=2',
      '2026-03-31 cafeinas=2',
      '2026-03-31 vip=2',
      '2026-04-01 cafeinas=2',
      '2026-04-01 vip=3',
      '2026-04-02 cafeinas=2',
      '2026-04-02 vip=3',
    ]);
    expect(await kept(t, 'paying')).toEqual([
      '2026-03-28 active=1',
      '2026-03-29 active=1',
      '2026-03-29 trialing=1',
      '2026-03-30 active=1',
      '2026-03-30 trialing=1',
      '2026-03-31 cancelling=1',
      '2026-03-31 trialing=1',
      '2026-04-01 active=2',
      '2026-04-01 cancelling=1',
      '2026-04-02 active=1',
      '2026-04-02 cancelling=1',
      '2026-04-02 past_due=1',
    ]);
    // A yearly price of 126 € counts 10,50 € a month.
    expect(await kept(t, 'mrr')).toEqual([
      '2026-03-28 eur:active=1000',
      '2026-03-29 eur:active=1000',
      '2026-03-29 eur:trialing=1000',
      '2026-03-30 eur:active=1050',
      '2026-03-30 eur:trialing=1000',
      '2026-03-31 eur:cancelling=1050',
      '2026-03-31 eur:trialing=1000',
      '2026-04-01 eur:active=1000',
      '2026-04-01 eur:cancelling=1050',
      '2026-04-01 usd:active=900',
      '2026-04-02 eur:active=1000',
      '2026-04-02 eur:cancelling=1050',
      '2026-04-02 usd:past_due=900',
    ]);
    expect(await kept(t, 'tool_uses')).toEqual(['2026-03-29 ytvideo=1', '2026-04-01 redgram=1']);
    expect(await kept(t, 'active')).toEqual(['2026-03-29 1', '2026-04-01 1', '2026-04-02 1']);
  });

  it('fills the days before the upgrade with what closing each day as it ended keeps', async () => {
    const t = await setup();
    await seedPrices(t.db);
    const ids = new Map<string, number>();
    // Live: each day is closed when it has ended, with only what had happened by then.
    let day = '2026-03-28';
    for (const step of SCENARIO) {
      while (step.at >= startOfDay(day, TZ, 1).toISOString()) {
        day = addDays(day, 1);
        await keeperAt(t, startOfDay(day, TZ)).closeFinishedDays();
      }
      await step.apply(t.db, ids);
    }
    await keeperAt(t, SCENARIO_NOW).closeFinishedDays();
    const repo = createStatsRepo(t.database);
    const live = await repo.allKeptRows('day');
    expect(live.length).toBeGreaterThan(30);
    const liveWeeks = await repo.allKeptRows('week');
    expect(liveWeeks.length).toBeGreaterThan(10);
    const liveMonths = await repo.allKeptRows('month');
    expect(liveMonths.length).toBeGreaterThan(10);

    // The first start after the upgrade: nothing kept, every past day filled at once.
    await repo.forgetAll();
    expect(await keeperAt(t, SCENARIO_NOW).closeFinishedDays()).toBe(6);
    expect(await repo.allKeptRows('day')).toEqual(live);
    expect(await repo.allKeptRows('week')).toEqual(liveWeeks);
    expect(await repo.allKeptRows('month')).toEqual(liveMonths);

    // Days kept before weeks and months were: the next close fills them, with no day left to close.
    await t.db.delete(statsWeekly);
    await t.db.delete(statsMonthly);
    expect(await keeperAt(t, SCENARIO_NOW).closeFinishedDays()).toBe(0);
    expect(await repo.allKeptRows('week')).toEqual(liveWeeks);
    expect(await repo.allKeptRows('month')).toEqual(liveMonths);
  });

  it('keeps counting a subscription whose changes Historial no longer holds', async () => {
    const t = await setup();
    await writeScenario(t.db);
    // Historial's retention pruned every entry: each subscription has held its present state throughout.
    await t.db.delete(auditLog);
    await keeperAt(t, SCENARIO_NOW).closeFinishedDays();
    const paying = await kept(t, 'paying');
    expect(paying.filter((row) => row.startsWith('2026-03-28'))).toEqual([
      '2026-03-28 active=1',
      '2026-03-28 cancelling=1',
      '2026-03-28 past_due=1',
    ]);
    expect(paying.filter((row) => row.startsWith('2026-04-02'))).toHaveLength(3);
    expect(await kept(t, 'paid_signups')).toEqual([]);
  });

  it('counts each day once when two nodes close it at the same time', async () => {
    const t = await setup();
    await writeScenario(t.db);
    await Promise.all([
      keeperAt(t, SCENARIO_NOW).closeFinishedDays(),
      keeperAt(t, SCENARIO_NOW).closeFinishedDays(),
    ]);
    expect(await kept(t, 'signups')).toHaveLength(5);
    expect(await kept(t, 'paying')).toContain('2026-04-02 active=1');
    // Its weeks once too: the weekend of 28-29 March, then the week from Monday 30 March.
    const weeks = await createStatsRepo(t.database).allKeptRows('week');
    expect(weeks.filter((row) => row.metric === 'signups').map((row) => [row.day, row.value])).toEqual([
      ['2026-03-23', 2],
      ['2026-03-30', 3],
    ]);
    const months = await createStatsRepo(t.database).allKeptRows('month');
    expect(months.filter((row) => row.metric === 'signups').map((row) => [row.day, row.value])).toEqual([
      ['2026-03-01', 4],
      ['2026-04-01', 1],
    ]);
    // A later close finds nothing left to do.
    expect(await keeperAt(t, SCENARIO_NOW).closeFinishedDays()).toBe(0);
  });
});

describe('GET /api/estadisticas', () => {
  it('answers the scenario figures, with the previous range for comparison', async () => {
    const t = await setup();
    await writeScenario(t.db);
    await keeperAt(t, SCENARIO_NOW).closeFinishedDays();

    const month = await overview(t, '30');
    expect({ from: month.from, to: month.to, tz: month.time_zone }).toEqual({
      from: '2026-03-04',
      to: '2026-04-02',
      tz: TZ,
    });
    expect(month.figures).toEqual({
      active_members: { value: 5, previous: 0 },
      // Renewing, ending at the period's end and retrying a payment; the trial is not paying yet.
      paying_members: { value: 3, previous: 0 },
      new_members: { value: 5, previous: 0 },
      paid_signups: { value: 4, previous: 0 },
      cancellations: { value: 1, previous: 0 },
      // One cancellation among the four who paid during the range.
      monthly_churn: { value: 25, previous: 0 },
      trial_conversion: { value: 100, previous: 0 },
    });
    expect(month.mrr).toEqual([
      { currency: 'eur', amount: 1000, previous: 0, trialing: 0, cancelling: 1050 },
      { currency: 'usd', amount: 900, previous: 0, trialing: 0, cancelling: 0 },
    ]);
    // Days closed without billing's revenue history (this scenario writes none) count members by kind from the
    // subscriptions by state: 2 April has two cafeinas (free), and three VIP: two paying, one retrying.
    expect(Object.fromEntries(month.member_kinds.map((kind) => [kind.kind, kind.value]))).toEqual({
      free: 2,
      paying: 2,
      courtesy: 0,
      trial: 0,
      retrying: 1,
    });
    expect(month.money).toEqual([]);
    const signups = month.series.find((series) => series.metric === 'signups');
    expect(signups?.points.map((point) => point.day)).toEqual([
      '2026-03-28',
      '2026-03-29',
      '2026-03-30',
      '2026-03-31',
      '2026-04-01',
    ]);

    const all = await overview(t, 'all');
    expect({ from: all.from, to: all.to }).toEqual({ from: '2026-03-28', to: '2026-04-02' });
    expect(all.figures.new_members).toEqual({ value: 5, previous: null });
    expect(all.figures.monthly_churn).toEqual({ value: 25, previous: null });
  });

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
    for (const url of [
      '/api/estadisticas',
      '/api/estadisticas/clases?library=membresia',
      '/api/estadisticas/clases/exportar?library=membresia',
    ]) {
      const refused = await t.app.inject({ url, headers: { cookie } });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json(), url).toHaveProperty('error');
      expect((await t.app.inject({ url })).statusCode, url).toBe(401);
    }
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
