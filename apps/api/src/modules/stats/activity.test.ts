import { INVALID_PAGE_KEY, StatsClassPage, StatsOverview } from '@app/contracts';
import { eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN, addUser, createTestApp, csrf, signIn, type TestApp } from '../../../test/helper';
import { expectKeyedPages, TAMPERED_KEYS } from '../../../test/support/page-keys';
import { FULL_SCENARIO } from '../../../test/support/stats-activity';
import { SCENARIO_NOW, seedPrices } from '../../../test/support/stats-scenario';
import { roles, users } from '../../db/schema';
import { startOfDay } from '../../lib/zoned-time';
import { datePastCompletions } from '../library';
import { libraryOpened, libraryWatched } from '../library/schema';
import { addDays } from './days';
import { createStatsKeeper } from './keeper';
import { createStatsRepo } from './repo';
import { statsClasses } from './schema';
import { createToolUseCounter } from './tool-uses';

const TZ = 'Europe/Madrid';

async function setup(): Promise<TestApp & { cookie: string }> {
  const t = await createTestApp({ timeZone: TZ });
  return { ...t, cookie: await signIn(t.app, ADMIN.email, ADMIN.password) };
}

const keeperAt = (t: TestApp, now: Date) =>
  createStatsKeeper({ database: t.database, clock: { now: () => now }, timeZone: TZ });

async function writeFull(t: TestApp): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  await seedPrices(t.db);
  for (const step of FULL_SCENARIO) await step.apply(t.db, ids);
  return ids;
}

async function kept(t: TestApp, metric: string): Promise<string[]> {
  const rows = await createStatsRepo(t.database).allKeptRows('day');
  return rows
    .filter((row) => row.metric === metric)
    .map((row) => `${row.day} ${row.dimension}=${row.value}`.replace(' =', ' '));
}

const get = (t: TestApp & { cookie: string }, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: t.cookie } });

async function overview(t: TestApp & { cookie: string }, range: string) {
  const res = await get(t, `/api/estadisticas?range=${range}`);
  expect(res.statusCode, res.body).toBe(200);
  return StatsOverview.parse(res.json());
}

describe('classes, activations, role changes, Texto and monthly active members', () => {
  it('counts the hand-computed history across summer time and the end of the month', async () => {
    const t = await setup();
    await writeFull(t);
    await keeperAt(t, SCENARIO_NOW).closeFinishedDays();

    // 00:30 on the 30th in summer time is 22:30 UTC on the 29th; 00:00:30 on 1 April is 31 March in UTC.
    expect(await kept(t, 'completions')).toEqual([
      '2026-03-28 membresia=1',
      '2026-03-29 membresia=1',
      '2026-03-30 cafelito-virtual=1',
      '2026-03-31 membresia=1',
      '2026-04-01 membresia=2',
    ]);
    // The bulk activation counts its two accounts; fran's activation at 00:10 on 1 April is April's.
    expect(await kept(t, 'activations')).toEqual(['2026-03-29 2', '2026-04-01 1']);
    // Billing's role changes and the administrator's, by the role given.
    expect(await kept(t, 'role_changes')).toEqual([
      '2026-03-28 vip=1',
      '2026-03-29 vip=1',
      '2026-03-30 cafeinas=1',
      '2026-03-30 vip=1',
      '2026-04-01 vip=1',
      '2026-04-02 vip=1',
    ]);
    // fran is counted from the activation on; eva moves to vip on the 2nd.
    const members = await kept(t, 'members');
    expect(members.filter((row) => row.startsWith('2026-03-31'))).toEqual([
      '2026-03-31 cafeinas=2',
      '2026-03-31 vip=2',
    ]);
    expect(members.filter((row) => row >= '2026-04-01')).toEqual([
      '2026-04-01 cafeinas=3',
      '2026-04-01 vip=3',
      '2026-04-02 cafeinas=2',
      '2026-04-02 vip=4',
    ]);
    expect(await kept(t, 'tool_uses')).toEqual([
      '2026-03-29 ytvideo=1',
      '2026-03-31 texto=2',
      '2026-04-01 redgram=1',
      '2026-04-01 texto=1',
    ]);
    // A Texto use makes its member active, as a sign-in or a saved video does.
    expect(await kept(t, 'active')).toEqual(['2026-03-29 1', '2026-03-31 1', '2026-04-01 2', '2026-04-02 1']);
    // Distinct members from the first of the month: ana and carl in March; eva, ana and bea in April.
    expect(await kept(t, 'active_month')).toEqual([
      '2026-03-29 1',
      '2026-03-30 1',
      '2026-03-31 2',
      '2026-04-01 2',
      '2026-04-02 3',
    ]);
  });

  it('answers each class, the months and the new series in the overview', async () => {
    const t = await setup();
    await writeFull(t);
    await keeperAt(t, SCENARIO_NOW).closeFinishedDays();
    const month = await overview(t, '30');
    expect(month.period).toBe('day');
    const classesOf = async (library: string) =>
      StatsClassPage.parse((await get(t, `/api/estadisticas/clases?library=${library}`)).json()).items;
    expect(
      (await classesOf('membresia')).map(({ titulo, viewers, finished }) => [titulo, viewers, finished]),
    ).toEqual([
      // c1: opened by ana, carl and eva, finished by ana, bea and eva. Most viewed first.
      ['Clase c1', 4, 3],
      ['Clase c2', 2, 2],
    ]);
    expect((await classesOf('cafelito-virtual')).map(({ titulo }) => titulo)).toEqual(['Clase c3']);
    expect(month.monthly_active).toEqual([
      { month: '2026-03', value: 2 },
      { month: '2026-04', value: 3 },
    ]);
    const series = (metric: string) => month.series.find((s) => s.metric === metric)?.points ?? [];
    expect(series('activations')).toEqual([
      { day: '2026-03-29', dimension: '', value: 2 },
      { day: '2026-04-01', dimension: '', value: 1 },
    ]);
    expect(month.series.some((s) => s.metric === 'active_month')).toBe(false);
  });

  it('pages every class of a library, most viewed first, and downloads them all as CSV', async () => {
    const t = await setup();
    await writeFull(t);
    await keeperAt(t, SCENARIO_NOW).closeFinishedDays();
    // Twenty-five more classes, some with as many viewers as others (ties broken by the class's id).
    await t.db.insert(statsClasses).values(
      Array.from({ length: 25 }, (_, i) => ({
        video_id: 1000 + i,
        library: 'membresia',
        titulo: `Extra ${i}`,
        categoria_id: 900,
        categoria: 'Extras',
        orden: 10 + i,
        viewers: i % 7,
        finished: i % 3,
      })),
    );
    const all = await createStatsRepo(t.database).libraryClasses('membresia');
    expect(all).toHaveLength(27);
    const expected = [...all]
      .sort((a, b) => b.viewers - a.viewers || b.video_id - a.video_id)
      .map((row) => row.video_id);
    expect(all.map((row) => row.video_id)).toEqual(expected);
    await expectKeyedPages(
      (url) => get(t, url),
      '/api/estadisticas/clases?library=membresia',
      4,
      expected,
      'video_id',
    );
    const first = StatsClassPage.parse((await get(t, '/api/estadisticas/clases?library=membresia')).json());
    expect(first).toMatchObject({ total: 27, page: 1, pageSize: 20 });
    expect(first.items).toHaveLength(20);

    const file = await get(t, '/api/estadisticas/clases/exportar?library=membresia');
    expect(file.statusCode).toBe(200);
    const { filename, csv, rows } = file.json();
    expect(filename).toBe('finalizacion-membresia_2026-04-02.csv');
    expect(rows).toBe(27);
    const lines = (csv as string).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Clase,Categoría,Miembros que la abrieron,Miembros que la completaron,Completada (%)',
    );
    expect(lines[1]).toBe('Extra 20,Extras,6,2,33.3');
    expect(lines[2]).toBe('Extra 13,Extras,6,1,16.7');
    expect(lines.filter((line) => line !== '')).toHaveLength(28);
    expect(lines).toContain('Clase c1,Módulo 1,4,3,75');

    // Each class with its category, and the table filtered by one.
    const categories = (await get(t, '/api/estadisticas/clases/categorias?library=membresia')).json() as {
      id: number;
      nombre: string;
    }[];
    expect(categories.map((category) => category.nombre)).toEqual(['Extras', 'Módulo 1']);
    const modulo = categories.find((category) => category.nombre === 'Módulo 1')!;
    const filtered = StatsClassPage.parse(
      (await get(t, `/api/estadisticas/clases?library=membresia&categoria=${modulo.id}`)).json(),
    );
    expect(filtered.total).toBe(2);
    expect(filtered.items.map(({ titulo, categoria }) => [titulo, categoria])).toEqual([
      ['Clase c1', 'Módulo 1'],
      ['Clase c2', 'Módulo 1'],
    ]);
    const bad = await t.app.inject({
      url: '/api/estadisticas/clases?library=membresia&categoria=x',
      headers: { cookie: t.cookie },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'Categoría no válida' });
  });

  it('refuses a library it does not know and a key it never gave out, in Spanish', async () => {
    const t = await setup();
    for (const url of [
      '/api/estadisticas/clases?library=otra',
      '/api/estadisticas/clases',
      '/api/estadisticas/clases/exportar?library=otra',
    ]) {
      const res = await get(t, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error, url).toBe('Biblioteca no válida');
    }
    const keys = [
      ...TAMPERED_KEYS,
      // Well formed, but its viewers are not a count.
      Buffer.from(JSON.stringify(["' OR 1=1 --", 1])).toString('base64url'),
    ];
    for (const key of keys) {
      const res = await get(t, `/api/estadisticas/clases?library=membresia&after=${key}`);
      expect(res.statusCode, key).toBe(400);
      expect(res.json().error, key).toBe(INVALID_PAGE_KEY);
    }
  });

  it('groups a year by week from Monday: flows summed, snapshots at the week end', async () => {
    const t = await setup();
    await writeFull(t);
    await keeperAt(t, SCENARIO_NOW).closeFinishedDays();
    const year = await overview(t, '365');
    expect(year.period).toBe('week');
    const series = (metric: string) => year.series.find((s) => s.metric === metric)?.points ?? [];
    // 28-29 March are the weekend of the week of Monday 23 March; 30 March starts the next week.
    expect(series('signups')).toEqual([
      { day: '2026-03-23', dimension: '', value: 2 },
      { day: '2026-03-30', dimension: '', value: 4 },
    ]);
    expect(series('completions')).toEqual([
      { day: '2026-03-23', dimension: 'membresia', value: 2 },
      { day: '2026-03-30', dimension: 'cafelito-virtual', value: 1 },
      { day: '2026-03-30', dimension: 'membresia', value: 3 },
    ]);
    // Members as they stood on Sunday 29 March, and on the last closed day.
    expect(series('members')).toEqual([
      { day: '2026-03-23', dimension: 'vip', value: 2 },
      { day: '2026-03-30', dimension: 'cafeinas', value: 2 },
      { day: '2026-03-30', dimension: 'vip', value: 4 },
    ]);
    // The figures are those of the daily rows, whatever the grouping.
    const days = await overview(t, '90');
    expect(year.figures.new_members.value).toBe(days.figures.new_members.value);
    expect(year.figures.paying_members).toEqual(days.figures.paying_members);

    // Todo reads months: March from its first kept day, Saturday 28, then April so far.
    const all = await overview(t, 'all');
    expect(all.period).toBe('month');
    const allSeries = (metric: string) => all.series.find((s) => s.metric === metric)?.points ?? [];
    // fran registered on 31 March and was activated on 1 April: a new member of April.
    expect(allSeries('signups')).toEqual([
      { day: '2026-03-28', dimension: '', value: 4 },
      { day: '2026-04-01', dimension: '', value: 2 },
    ]);
    // Members as they stood on 31 March, and on the last closed day.
    expect(allSeries('members')).toEqual([
      { day: '2026-03-28', dimension: 'cafeinas', value: 2 },
      { day: '2026-03-28', dimension: 'vip', value: 2 },
      { day: '2026-04-01', dimension: 'cafeinas', value: 2 },
      { day: '2026-04-01', dimension: 'vip', value: 4 },
    ]);
    for (const figure of ['new_members', 'paid_signups', 'cancellations', 'trial_conversion'] as const) {
      expect(all.figures[figure].value, figure).toBe(days.figures[figure].value);
    }

    // The kept weeks: flows summed from Monday, snapshots at the week's last closed day.
    const weeks = await createStatsRepo(t.database).allKeptRows('week');
    const weekOf = (metric: string) =>
      weeks.filter((row) => row.metric === metric).map((row) => `${row.day} ${row.dimension}=${row.value}`);
    expect(weekOf('signups')).toEqual(['2026-03-23 =2', '2026-03-30 =4']);
    expect(weekOf('members')).toEqual(['2026-03-23 vip=2', '2026-03-30 cafeinas=2', '2026-03-30 vip=4']);
    expect(weekOf('active_month')).toEqual([]);
    const months = await createStatsRepo(t.database).allKeptRows('month');
    expect(months.filter((row) => row.metric === 'signups').map((row) => [row.day, row.value])).toEqual([
      ['2026-03-01', 4],
      ['2026-04-01', 2],
    ]);
  });

  it('fills the days before the upgrade with what closing each day as it ended keeps', async () => {
    const t = await setup();
    await seedPrices(t.db);
    const ids = new Map<string, number>();
    let day = '2026-03-28';
    for (const step of FULL_SCENARIO) {
      while (step.at >= startOfDay(day, TZ, 1).toISOString()) {
        day = addDays(day, 1);
        await keeperAt(t, startOfDay(day, TZ)).closeFinishedDays();
      }
      await step.apply(t.db, ids);
    }
    await keeperAt(t, SCENARIO_NOW).closeFinishedDays();
    const repo = createStatsRepo(t.database);
    const live = await repo.allKeptRows('day');
    const liveWeeks = await repo.allKeptRows('week');
    const liveMonths = await repo.allKeptRows('month');
    const classesOf = () => Promise.all(['membresia', 'cafelito-virtual'].map((l) => repo.libraryClasses(l)));
    const liveClasses = await classesOf();
    for (const metric of ['completions', 'activations', 'role_changes', 'active_month']) {
      expect(live.some((row) => row.metric === metric)).toBe(true);
    }

    await repo.forgetAll();
    expect(await keeperAt(t, SCENARIO_NOW).closeFinishedDays()).toBe(6);
    expect(await repo.allKeptRows('day')).toEqual(live);
    expect(await repo.allKeptRows('week')).toEqual(liveWeeks);
    expect(await repo.allKeptRows('month')).toEqual(liveMonths);
    expect(await classesOf()).toEqual(liveClasses);
  });

  it('counts each use and each day once when two nodes work at once', async () => {
    const t = await setup();
    await writeFull(t);
    const ids = new Map<string, number>();
    const [carl] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'carl'));
    ids.set('carl', carl!.id);
    // Two nodes count a use each at 23:30 on 2 April in Madrid: both uses count, on that day.
    const at = new Date('2026-04-02T21:30:00.000Z');
    const counter = () =>
      createToolUseCounter({ database: t.database, clock: { now: () => at }, timeZone: TZ });
    await Promise.all([counter()('texto', carl!.id), counter()('texto', carl!.id)]);
    await Promise.all([
      keeperAt(t, SCENARIO_NOW).closeFinishedDays(),
      keeperAt(t, SCENARIO_NOW).closeFinishedDays(),
    ]);
    expect((await kept(t, 'tool_uses')).filter((row) => row.includes('texto'))).toEqual([
      '2026-03-31 texto=2',
      '2026-04-01 texto=1',
      '2026-04-02 texto=2',
    ]);
    expect(await kept(t, 'completions')).toHaveLength(5);
    expect(await kept(t, 'active_month')).toContain('2026-04-02 4');
  });
});

describe('completion marks', () => {
  it('are dated when set, and marks from before are dated by their last opening', async () => {
    const t = await setup();
    const ids = new Map<string, number>();
    await seedPrices(t.db);
    for (const step of FULL_SCENARIO.slice(0, 8)) await step.apply(t.db, ids);
    const member = await addUser(t.db, { email: 'gema@example.com', role: 'vip' });
    const cookie = await signIn(t.app, member.email, 'member-secret');
    const c1 = ids.get('c1')!;
    const before = Date.now();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/membresia/videos/${c1}/visto`,
      headers: { cookie, ...csrf },
      payload: { visto: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [mark] = await t.db
      .select({ at: libraryWatched.completed_at })
      .from(libraryWatched)
      .where(eq(libraryWatched.user_id, member.id));
    expect(Date.parse(mark!.at!)).toBeGreaterThanOrEqual(before);

    // Two marks from before dates were kept: one whose class the member had opened, one never opened.
    const c3 = ids.get('c3')!;
    await t.db
      .insert(libraryOpened)
      .values({ user_id: member.id, video_id: c3, abierto_en: '2026-03-30T08:00:00.000Z' });
    await t.db.insert(libraryWatched).values([
      { user_id: member.id, video_id: c3 },
      { user_id: member.id, video_id: ids.get('c2')! },
    ]);
    await datePastCompletions(t.database);
    await datePastCompletions(t.database);
    const dated = await t.db
      .select({ video: libraryWatched.video_id, at: libraryWatched.completed_at })
      .from(libraryWatched)
      .where(eq(libraryWatched.user_id, member.id));
    expect(dated.find((row) => row.video === c3)?.at).toBe('2026-03-30T08:00:00.000Z');
    expect(await t.db.select().from(libraryWatched).where(isNull(libraryWatched.completed_at))).toHaveLength(
      1,
    );
  });
});

describe('changes made through the app', () => {
  it("counts an administrator's activation, role change and bulk role change", async () => {
    let now = new Date('2026-03-31T21:30:00.000Z');
    const clock = { now: () => now };
    const t = await createTestApp({ timeZone: TZ }, { clock });
    const cookie = await signIn(t.app, ADMIN.email, ADMIN.password);
    const [vip] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'vip'));
    const pending = await addUser(t.db, { email: 'pendiente@example.com', is_active: false });
    const other = await addUser(t.db, { email: 'otra@example.com' });
    // Accounts made before the history starts (the close starts at the oldest account's day).
    await t.db.update(users).set({ created_at: '2026-03-01T10:00:00.000Z' });
    // 23:30 on 31 March in Madrid: the administrator activates the pending account and makes it vip.
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${pending.id}`,
      headers: { cookie, ...csrf },
      payload: {
        username: 'pendiente',
        email: pending.email,
        role_id: vip!.id,
        is_active: true,
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    // 00:30 on 1 April: a bulk role change of one account.
    now = new Date('2026-03-31T22:30:00.000Z');
    const bulk = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users/bulk',
      headers: { cookie, ...csrf },
      payload: { action: 'set_role', role_id: vip!.id, ids: [other.id] },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    await keeperAt(t, new Date('2026-04-01T23:00:00.000Z')).closeFinishedDays();
    expect(await kept(t, 'activations')).toEqual(['2026-03-31 1']);
    expect(await kept(t, 'role_changes')).toEqual(['2026-03-31 vip=1', '2026-04-01 vip=1']);
  });
});
