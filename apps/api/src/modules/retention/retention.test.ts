import { RETENTION_DEFAULTS } from '@app/contracts';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN, addUser, createTestApp, csrf, signIn, type TestApp } from '../../../test/helper';
import { rateLimits, sessions, users } from '../../db/schema';
import { createHistoryRecorder } from '../history';
import { sentEmails } from '../notifications/schema';
import { redgramHistory, redgramLogs } from '../redgram/schema';
import { recountRecords } from '../video-tools';
import { videoRecordFilterCounts, videoRecords, videoRecordTotals } from '../video-tools/schema';
import { createRetentionRepo } from './repo';
import { retentionRuns } from './schema';
import { createRetentionService } from './service';
import { PERSONAL_TABLES } from '../../personal-data';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The app's own start-up sweep runs on this day, before any data exists. */
const STARTED = new Date('2026-03-01T12:00:00.000Z');
/** The day the tests purge on. */
const NOW = new Date('2026-06-10T08:30:00.000Z');
const ago = (days: number, ms = 0) => new Date(NOW.getTime() - days * DAY_MS - ms).toISOString();

async function retentionApp() {
  const t = await createTestApp({}, { clock: { now: () => STARTED } });
  const admin = await signIn(t.app, ADMIN.email, ADMIN.password);
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN.email));
  return { ...t, admin, adminId: row!.id };
}

/** One node's purge service on the shared database, at `at`. */
const node = (t: TestApp, at: Date) => {
  const clock = { now: () => at };
  return createRetentionService({
    repo: createRetentionRepo(t.database, PERSONAL_TABLES),
    history: createHistoryRecorder(t.database, { clock, retentionDays: 365 }),
    clock,
  });
};

const put = (t: TestApp, cookie: string, body: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/admin/retention',
    payload: body as object,
    headers: { ...csrf, cookie },
  });

/**
 * Rows on each side of each kind's cutoff (ai 30 days, sign-ins 7, videos 100): one just past it (a millisecond
 * older), one exactly at it and one well within. Answers the labels of the rows that must stay.
 */
async function plantAround(t: TestApp & { adminId: number }) {
  const edges = {
    past: (days: number) => ago(days, 1),
    at: (days: number) => ago(days),
    within: (days: number) => ago(days - 1),
  };
  for (const [edge, at] of Object.entries(edges)) {
    await t.db.insert(redgramHistory).values({
      user_id: t.adminId,
      profile_name: 'Perfil',
      social_network: 'Instagram',
      mode: 'escribir',
      input_text: `ai-${edge}`,
      variants: '[]',
      created_at: at(30),
    });
    await t.db.insert(redgramLogs).values({
      user_id: t.adminId,
      mode: 'escribir',
      input_text: `ai-${edge}`,
      prompt: 'p',
      created_at: at(30),
    });
    await t.db.insert(sessions).values({
      id: `signin-${edge}`,
      user_id: t.adminId,
      created_at: at(7),
      expires_at: '2999-01-01T00:00:00.000Z',
    });
    await t.db.insert(videoRecords).values({
      provider: 'youtube',
      video_id: `video-${edge}`,
      user_id: t.adminId,
      titulo: `video-${edge}`,
      descripcion: '',
      canal: `canal-${edge}`,
      sort_date: '2026-01-01',
      created_at: at(100),
    });
  }
  await t.database.transaction((tx) => recountRecords(tx));
}

const left = async (t: TestApp) => ({
  history: (
    await t.db.select({ v: redgramHistory.input_text }).from(redgramHistory).orderBy(asc(redgramHistory.id))
  ).map((r) => r.v),
  logs: (await t.db.select({ v: redgramLogs.input_text }).from(redgramLogs).orderBy(asc(redgramLogs.id))).map(
    (r) => r.v,
  ),
  sessions: (await t.db.select({ v: sessions.id }).from(sessions))
    .map((r) => r.v)
    .filter((id) => id.startsWith('signin-'))
    .sort(),
  videos: (
    await t.db.select({ v: videoRecords.titulo }).from(videoRecords).orderBy(asc(videoRecords.record_id))
  ).map((r) => r.v),
});

describe('"Conservación de datos"', () => {
  it('shows the defaults, saves new days with a Historial entry, and refuses bad days in Spanish', async () => {
    const t = await retentionApp();
    const first = await t.app.inject({ url: '/api/admin/retention', headers: { cookie: t.admin } });
    expect(first.json()).toMatchObject({ ...RETENTION_DEFAULTS });
    const saved = await put(t, t.admin, { ai_days: 30, signin_days: 7, video_days: 100, mail_days: 365 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ ai_days: 30, signin_days: 7, video_days: 100, mail_days: 365 });
    const history = (await t.app.inject({ url: '/api/admin/history', headers: { cookie: t.admin } })).json();
    expect(history.items[0]).toMatchObject({
      kind: 'retention.save',
      changes: [
        { field: 'ai_days', before: '90', after: '30' },
        { field: 'signin_days', before: '90', after: '7' },
        { field: 'video_days', before: '365', after: '100' },
      ],
    });
    for (const [body, error] of [
      [{ ai_days: 0, signin_days: 7, video_days: 100, mail_days: 365 }, 'Como mínimo 1 día'],
      [{ ai_days: 30, signin_days: 4000, video_days: 100, mail_days: 365 }, 'Como máximo 3650 días'],
      [{ ai_days: 30, signin_days: 7, video_days: 'mucho', mail_days: 365 }, 'Indica un número de días'],
    ] as const) {
      const res = await put(t, t.admin, body);
      expect([res.statusCode, res.json().error]).toEqual([400, error]);
    }
    const member = await addUser(t.db, { email: 'socia@example.com', role: 'vip' });
    const cookie = await signIn(t.app, member.email, member.password);
    expect(
      (await put(t, cookie, { ai_days: 1, signin_days: 1, video_days: 1, mail_days: 1 })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/retention', headers: { cookie } })).statusCode).toBe(403);
  });

  it('purges exactly what is past its days: a row at the cutoff stays, one a millisecond older goes', async () => {
    const t = await retentionApp();
    expect(
      (await put(t, t.admin, { ai_days: 30, signin_days: 7, video_days: 100, mail_days: 365 })).statusCode,
    ).toBe(200);
    await plantAround(t);
    const removed = await node(t, NOW).runDaily();
    expect(removed).toEqual({ ai: 2, signin: 1, video: 1, mail: 0 });
    expect(await left(t)).toEqual({
      history: ['ai-at', 'ai-within'],
      logs: ['ai-at', 'ai-within'],
      sessions: ['signin-at', 'signin-within'],
      videos: ['video-at', 'video-within'],
    });
    // The saved records' kept counts forgot the purged row: they equal a fresh count (a zero row is no count).
    const counts = async () => ({
      totals: (await t.db.select().from(videoRecordTotals)).filter((row) => row.n !== 0),
      filters: (await t.db.select().from(videoRecordFilterCounts)).filter((row) => row.n !== 0),
    });
    const kept = await counts();
    await t.database.transaction((tx) => recountRecords(tx));
    expect(await counts()).toEqual(kept);
    // The same day again does nothing; the screen shows the day's run.
    expect(await node(t, new Date(NOW.getTime() + 60_000)).runDaily()).toBeNull();
    const view = (await t.app.inject({ url: '/api/admin/retention', headers: { cookie: t.admin } })).json();
    expect(view.last_run).toEqual({
      day: '2026-06-10',
      ran_at: NOW.toISOString(),
      removed: { ai: 2, signin: 1, video: 1, mail: 0 },
    });
  });

  it('counts what the next purge would remove with new days, deleting nothing', async () => {
    const t = await retentionApp();
    await plantAround(t);
    const before = await left(t);
    const counted = await node(t, NOW).preview({
      ai_days: 30,
      signin_days: 7,
      video_days: 100,
      mail_days: 365,
    });
    expect(counted).toEqual({ ai: 2, signin: 1, video: 1, mail: 0 });
    expect(await node(t, NOW).preview({ ...RETENTION_DEFAULTS, ai_days: 1 })).toEqual({
      ai: 6,
      signin: 0,
      video: 0,
      mail: 0,
    });
    expect(await left(t)).toEqual(before);
  });

  it('answers the preview to a configuration administrator only, and checks its days in Spanish', async () => {
    const t = await retentionApp();
    const preview = (cookie: string, body: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/retention/preview',
        payload: body as object,
        headers: { ...csrf, cookie },
      });
    const answered = await preview(t.admin, { ai_days: 30, signin_days: 7, video_days: 100, mail_days: 365 });
    expect([answered.statusCode, answered.json()]).toEqual([200, { ai: 0, signin: 0, video: 0, mail: 0 }]);
    const bad = await preview(t.admin, { ai_days: 0, signin_days: 7, video_days: 100, mail_days: 365 });
    expect([bad.statusCode, bad.json().error]).toEqual([400, 'Como mínimo 1 día']);
    const member = await addUser(t.db, { email: 'socia@example.com', role: 'vip' });
    const cookie = await signIn(t.app, member.email, member.password);
    expect((await preview(cookie, { ai_days: 1, signin_days: 1, video_days: 1 })).statusCode).toBe(403);
  });

  it('two nodes purging at once delete and count the day once', async () => {
    const t = await retentionApp();
    expect(
      (await put(t, t.admin, { ai_days: 30, signin_days: 7, video_days: 100, mail_days: 365 })).statusCode,
    ).toBe(200);
    await plantAround(t);
    const results = await Promise.all([node(t, NOW).runDaily(), node(t, NOW).runDaily()]);
    expect(results.filter((result) => result !== null)).toEqual([{ ai: 2, signin: 1, video: 1, mail: 0 }]);
    const runs = await t.db.select().from(retentionRuns).where(eq(retentionRuns.day, '2026-06-10'));
    expect(runs).toEqual([
      {
        day: '2026-06-10',
        ran_at: NOW.toISOString(),
        removed_ai: 2,
        removed_signin: 1,
        removed_video: 1,
        removed_mail: 0,
      },
    ]);
    expect((await left(t)).videos).toEqual(['video-at', 'video-within']);
    // The next day's purge takes the rows that were exactly at the cutoff.
    expect(await node(t, new Date(NOW.getTime() + DAY_MS)).runDaily()).toEqual({
      ai: 2,
      signin: 1,
      video: 1,
      mail: 0,
    });
  });

  it('deletes the rate limiters’ counters whose window has ended, and keeps the running ones', async () => {
    const t = await retentionApp();
    await t.db.insert(rateLimits).values([
      { key: 'login-ip:ended', points: 3, expire: NOW.getTime() - 1 },
      { key: 'login-ip:running', points: 1, expire: NOW.getTime() + 60_000 },
    ]);
    await node(t, NOW).runDaily();
    // On PostgreSQL the limiters share the table: the sign-in of the set-up left its own (running) counters.
    const left = await t.db.select().from(rateLimits);
    expect(left.map((row) => row.key)).toContain('login-ip:running');
    expect(left.filter((row) => row.expire === null || row.expire < NOW.getTime())).toEqual([]);
  });

  it('purges the sent-mail log after the days the administrator set', async () => {
    const t = await retentionApp();
    const saved = await put(t, t.admin, { ai_days: 30, signin_days: 7, video_days: 100, mail_days: 60 });
    expect(saved.json()).toMatchObject({ mail_days: 60 });
    await t.db.insert(sentEmails).values([
      { user_id: t.adminId, subject: 'correo-past', sent_at: ago(60, 1) },
      { user_id: t.adminId, subject: 'correo-at', sent_at: ago(60) },
      { user_id: t.adminId, subject: 'correo-within', sent_at: ago(59) },
    ]);
    expect(await node(t, NOW).runDaily()).toMatchObject({ mail: 1 });
    const left = await t.db.select({ subject: sentEmails.subject }).from(sentEmails);
    expect(
      left
        .map((row) => row.subject)
        .filter((s) => s.startsWith('correo-'))
        .sort(),
    ).toEqual(['correo-at', 'correo-within']);
  });
});
