import { StatsChartExport, StatsOverview, StatsToday } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN, addUser, createTestApp, csrf, signIn, type TestApp } from '../../../test/helper';
import { bumpUserCount } from '../../db/kept-counts';
import { roles, users } from '../../db/schema';
import { auditLog } from '../history/schema';
import { createStatsKeeper } from './keeper';
import { createStatsRepo } from './repo';

/**
 * A scripted week of a small community, every figure counted by hand below. Days are Madrid's (UTC+2 in May).
 *
 * 1 May: the first administrator (09:00Z), ana, bea, carl, dani and eli (active, 10:00Z), gus registers and is
 *        never activated (11:00Z), hugo is imported inactive (12:00Z), ivan registers (13:00Z), jose is made an
 *        administrator (14:00Z).
 * 2 May: ana, bea, carl, dani and eli sign in (08:00Z); bea signs out (08:30Z); carl signs in again at 23:30 in
 *        Madrid (21:30Z); ivan is activated (09:00Z); the administrator signs in and reads today's figures (21:45Z).
 * 3 May, 10:00Z: the close of 1 and 2 May. 11:00Z: kim (active) and leo (inactive) are imported with the dates
 *        of their old system, 1 and 2 May.
 * 4 May, 10:00Z: the close of 3 May, which also adds kim to 1 and 2 May.
 */
const TZ = 'Europe/Madrid';

/** The figures by hand, per kept row: `day dimension=value` (no dimension: `day value`). */
const EXPECTED_BEFORE_IMPORT = {
  // ana, bea, carl, dani, eli on the 1st; ivan on the 2nd, when he was activated. Not the two administrators,
  // gus (never activated) nor hugo (imported inactive).
  signups: ['2026-05-01 5', '2026-05-02 1'],
  // Everyone who signed in on the 2nd, bea too although she signed out; carl once; the administrator who read
  // today's figures.
  active: ['2026-05-02 6'],
  members: ['2026-05-01 admin=2', '2026-05-01 cafeinas=5', '2026-05-02 admin=2', '2026-05-02 cafeinas=6'],
};
const EXPECTED_AFTER_IMPORT = {
  // kim joins the 1st; leo, imported inactive, is no new member.
  signups: ['2026-05-01 6', '2026-05-02 1'],
  active: ['2026-05-02 6'],
  members: [
    '2026-05-01 admin=2',
    '2026-05-01 cafeinas=6',
    '2026-05-02 admin=2',
    '2026-05-02 cafeinas=7',
    '2026-05-03 admin=2',
    '2026-05-03 cafeinas=7',
  ],
  monthlySignups: 7,
  // 30 days to 3 May: ana…eli, kim and ivan.
  newMembers: 7,
};

async function kept(t: TestApp, metric: string): Promise<string[]> {
  const rows = await createStatsRepo(t.database).allKeptRows('day');
  return rows
    .filter((row) => row.metric === metric)
    .map((row) => `${row.day} ${row.dimension}=${row.value}`.replace(' =', ' '));
}

describe('the counts of Estadísticas', () => {
  it('counts the scripted week as by hand: sign-outs, new members and a late import', async () => {
    let now = new Date('2026-05-01T09:00:00.000Z');
    const clock = { now: () => now };
    // The app starts on the 1st (its first close runs then) and the test closes the days itself afterwards.
    const t = await createTestApp({ timeZone: TZ }, { clock, jobsPollMs: 3_600_000 });
    await t.app.ready();
    const keeper = createStatsKeeper({ database: t.database, clock, timeZone: TZ });
    const made = async (email: string, at: string, user: { role?: string; is_active?: boolean } = {}) => {
      const added = await addUser(t.db, { email, ...user });
      await t.db.update(users).set({ created_at: at }).where(eq(users.id, added.id));
      return added;
    };
    await t.db
      .update(users)
      .set({ created_at: '2026-05-01T09:00:00.000Z' })
      .where(eq(users.email, ADMIN.email));
    const people = [];
    for (const name of ['ana', 'bea', 'carl', 'dani', 'eli'])
      people.push(await made(`${name}@example.com`, '2026-05-01T10:00:00.000Z'));
    await made('gus@example.com', '2026-05-01T11:00:00.000Z', { is_active: false });
    await made('hugo@example.com', '2026-05-01T12:00:00.000Z', { is_active: false });
    const ivan = await made('ivan@example.com', '2026-05-01T13:00:00.000Z', { is_active: false });
    await made('jose@example.com', '2026-05-01T14:00:00.000Z', { role: 'admin' });

    now = new Date('2026-05-02T08:00:00.000Z');
    const cookies = new Map<string, string>();
    for (const person of people)
      cookies.set(person.email, await signIn(t.app, person.email, person.password));
    now = new Date('2026-05-02T08:30:00.000Z');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...csrf, cookie: cookies.get('bea@example.com')! },
    });
    expect(out.statusCode, out.body).toBeLessThan(300);
    now = new Date('2026-05-02T09:00:00.000Z');
    await t.db.update(users).set({ is_active: true }).where(eq(users.id, ivan.id));
    await bumpUserCount(t.db, false, -1);
    await bumpUserCount(t.db, true, 1);
    await t.db.insert(auditLog).values({
      actor_name: 'admin',
      kind: 'user.activate',
      entity_type: 'user',
      entity_id: ivan.id,
      entity_label: 'ivan',
      summary: JSON.stringify({ changes: [{ field: 'is_active', before: 'No', after: 'Sí' }] }),
      before_values: JSON.stringify({ is_active: false }),
      after_values: JSON.stringify({ is_active: true }),
      created_at: now.toISOString(),
    });
    now = new Date('2026-05-02T21:30:00.000Z');
    await signIn(t.app, 'carl@example.com', people[2]!.password);

    // 23:45 in Madrid on the 2nd: today's figures so far, live, while yesterday is not closed yet.
    now = new Date('2026-05-02T21:45:00.000Z');
    const admin = await signIn(t.app, ADMIN.email, ADMIN.password);
    const live = await t.app.inject({
      method: 'GET',
      url: '/api/estadisticas/hoy',
      headers: { cookie: admin },
    });
    expect(live.statusCode, live.body).toBe(200);
    expect(StatsToday.parse(live.json())).toEqual({
      day: '2026-05-02',
      as_of: '2026-05-02T21:45:00.000Z',
      time_zone: TZ,
      last_closed: null,
      closes_at: '2026-05-02T22:00:00.000Z',
      // The first administrator, ana, bea, carl, dani, eli, jose and ivan.
      accounts: 8,
      // ana…eli and the administrator who just signed in; bea although she signed out.
      active: 6,
      new_members: 1,
      paid_signups: 0,
      cancellations: 0,
      trial_starts: 0,
    });

    now = new Date('2026-05-03T10:00:00.000Z');
    expect(await keeper.closeFinishedDays()).toBe(2);
    expect(await kept(t, 'signups')).toEqual(EXPECTED_BEFORE_IMPORT.signups);
    expect(await kept(t, 'active')).toEqual(EXPECTED_BEFORE_IMPORT.active);
    expect(await kept(t, 'members')).toEqual(EXPECTED_BEFORE_IMPORT.members);

    now = new Date('2026-05-03T11:00:00.000Z');
    await made('kim@example.com', '2026-05-01T15:00:00.000Z');
    await made('leo@example.com', '2026-05-02T15:00:00.000Z', { is_active: false });

    now = new Date('2026-05-04T10:00:00.000Z');
    expect(await keeper.closeFinishedDays()).toBe(1);
    expect(await kept(t, 'signups')).toEqual(EXPECTED_AFTER_IMPORT.signups);
    expect(await kept(t, 'active')).toEqual(EXPECTED_AFTER_IMPORT.active);
    expect(await kept(t, 'members')).toEqual(EXPECTED_AFTER_IMPORT.members);
    // The weeks and months are rewritten from the kept days, the late ones included.
    const months = await createStatsRepo(t.database).allKeptRows('month');
    expect(months.find((row) => row.metric === 'signups')?.value).toBe(EXPECTED_AFTER_IMPORT.monthlySignups);
    const weeks = await createStatsRepo(t.database).allKeptRows('week');
    expect(weeks.filter((row) => row.metric === 'signups').reduce((sum, row) => sum + row.value, 0)).toBe(
      EXPECTED_AFTER_IMPORT.monthlySignups,
    );

    // A second close finds nothing more to add: the late import counts once.
    expect(await keeper.closeFinishedDays()).toBe(0);
    expect(await kept(t, 'signups')).toEqual(EXPECTED_AFTER_IMPORT.signups);

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/estadisticas?range=30',
      headers: { cookie: await signIn(t.app, ADMIN.email, ADMIN.password) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const overview = StatsOverview.parse(res.json());
    expect(overview.to).toBe('2026-05-03');
    expect(overview.figures.new_members.value).toBe(EXPECTED_AFTER_IMPORT.newMembers);
  });
});

describe('the CSV of every chart', () => {
  it('is written by the server with role names neutralised, in every chart that names roles', async () => {
    let now = new Date('2026-05-01T09:00:00.000Z');
    const clock = { now: () => now };
    const t = await createTestApp({ timeZone: TZ }, { clock });
    await t.db
      .update(users)
      .set({ created_at: '2026-05-01T09:00:00.000Z' })
      .where(eq(users.email, ADMIN.email));
    const hostile = ['=HYPERLINK("x")', '+cmd'];
    for (const [i, name] of hostile.entries()) {
      await t.db.insert(roles).values({ name, description: '' });
      const member = await addUser(t.db, { email: `m${i}@example.com`, role: name });
      await t.db.update(users).set({ created_at: '2026-05-01T10:00:00.000Z' }).where(eq(users.id, member.id));
      // An administrator gave the role the day after: a role change of that role.
      await t.db.insert(auditLog).values({
        actor_name: 'admin',
        kind: 'user.update',
        entity_type: 'user',
        entity_id: member.id,
        entity_label: `m${i}`,
        summary: JSON.stringify({ changes: [{ field: 'role', before: 'cafeinas', after: name }] }),
        before_values: JSON.stringify({ role: 'cafeinas' }),
        after_values: JSON.stringify({ role: name }),
        created_at: '2026-05-02T10:00:00.000Z',
      });
    }
    now = new Date('2026-05-03T10:00:00.000Z');
    await createStatsKeeper({ database: t.database, clock, timeZone: TZ }).closeFinishedDays();
    const admin = await signIn(t.app, ADMIN.email, ADMIN.password);
    const exported = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/estadisticas/exportar?${query}`,
        headers: { cookie: admin },
      });
      expect(res.statusCode, res.body).toBe(200);
      return StatsChartExport.parse(res.json());
    };
    for (const chart of ['members', 'role_changes']) {
      const file = await exported(`range=30&chart=${chart}`);
      const [header = '', ...lines] = file.csv.replace(/^\uFEFF/, '').split('\r\n');
      // Each hostile name starts with an apostrophe, so no spreadsheet runs it.
      expect(header, chart).toContain(`"'=HYPERLINK(""x"")"`);
      expect(header, chart).toContain(",'+cmd");
      expect(header, chart).not.toMatch(/,[=+]/);
      expect(file.filename).toBe(
        `${chart === 'members' ? 'miembros-por-rol' : 'cambios-de-rol'}_2026-04-03_2026-05-02.csv`,
      );
      expect(lines.filter((line) => line !== '')).toHaveLength(30);
    }
    const members = await exported('range=30&chart=members');
    // Columns +cmd, =HYPERLINK("x"), admin, cafeinas: both members were cafeinas on the 1st.
    expect(members.csv).toContain('\r\n2026-05-01,0,0,1,2\r\n2026-05-02,1,1,1,0\r\n');
    // Every other chart is written by the server too.
    for (const chart of [
      'paid_flows',
      'paying',
      'signups',
      'active',
      'active_month',
      'tool_uses',
      'completions',
    ])
      expect((await exported(`range=30&chart=${chart}`)).csv.startsWith('\uFEFF')).toBe(true);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/estadisticas/exportar?range=30&chart=nada',
      headers: { cookie: admin },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('error');
  });
});
