import type { RedgramHistoryEntry, RedgramProfile } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Config } from '../../config';
import { users } from '../../db/schema';
import { connectTool, createAiTestApp, send, STREAM, type AiTestApp } from '../../../test/ai-helpers';
import { ECHO_PREFIX } from '../../../test/fakes/gemini';
import { addUser, signIn } from '../../../test/helper';
import { redgramHistory } from './schema';

const PROMPTS = { prompt_escribir: 'Escribe sobre {tema}', prompt_reescribir: 'Reescribe: {texto}' };
const PROFILE = {
  name: 'Panadería Sol',
  social_network: 'Instagram',
  sector: 'Panadería',
  target_audience: 'Vecinos',
  specific_audience: 'Familias',
  visual_optimization: 'Emojis',
};

async function ready(overrides: Partial<Config> = {}) {
  const t = await createAiTestApp(overrides);
  await connectTool(t, 'redgram', 'gemini', PROMPTS);
  const profile = (
    await send(t.app, 'POST', '/api/redgram/profiles', t.vip, PROFILE)
  ).json() as RedgramProfile;
  return { t, profile };
}

const generate = (t: AiTestApp, cookie: string, body: unknown, headers: Record<string, string> = {}) =>
  send(t.app, 'POST', '/api/redgram/generate', cookie, body, headers);

interface HistoryPage {
  items: RedgramHistoryEntry[];
  total: number;
  page: number;
  pageSize: number;
  retention_days: number;
}
const history = async (t: AiTestApp, cookie: string, query = '') => {
  const res = await send(t.app, 'GET', `/api/redgram/history${query}`, cookie);
  expect(res.statusCode).toBe(200);
  return res.json() as HistoryPage;
};

describe('Mi historial', () => {
  it("keeps each of the member's generations with profile, mode, input and every variant", async () => {
    const { t, profile } = await ready();
    await generate(
      t,
      t.vip,
      { profile_id: profile.id, mode: 'escribir', text: ' pan de masa madre ' },
      STREAM,
    );
    t.gemini.queue({ kind: 'candidates', chunks: [['Primera ', '#pan'], ['Segunda']] });
    await generate(t, t.vip, { profile_id: profile.id, mode: 'reescribir', text: 'Abrimos', variants: 2 });

    const page = await history(t, t.vip);
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 10, retention_days: 90 });
    expect(page.items[0]).toMatchObject({
      profile_id: profile.id,
      profile_name: 'Panadería Sol',
      social_network: 'Instagram',
      mode: 'reescribir',
      input_text: 'Abrimos',
      variants: ['Primera #pan', 'Segunda'],
    });
    expect(page.items[1]).toMatchObject({
      mode: 'escribir',
      input_text: 'pan de masa madre',
      variants: [`${ECHO_PREFIX}Escribe sobre pan de masa madre`],
    });
    expect(Date.parse(page.items[0]!.created_at)).not.toBeNaN();
  });

  it('keeps no failed generation', async () => {
    const { t, profile } = await ready();
    t.gemini.queue({ kind: 'error', code: 429, message: 'Quota exceeded.', status: 'RESOURCE_EXHAUSTED' });
    await generate(t, t.vip, { profile_id: profile.id, mode: 'escribir', text: 'falla' });
    t.gemini.queue({
      kind: 'stream-error',
      chunks: ['a medias '],
      code: 503,
      message: 'x',
      status: 'UNAVAILABLE',
    });
    await generate(t, t.vip, { profile_id: profile.id, mode: 'escribir', text: 'corte' }, STREAM);
    expect((await history(t, t.vip)).total).toBe(0);
  });

  it('is paged on the server and searched in the profile, the input and the variants', async () => {
    const { t, profile } = await ready();
    for (let i = 1; i <= 12; i++) {
      await generate(t, t.vip, { profile_id: profile.id, mode: 'escribir', text: `tema ${i}` });
    }
    const first = await history(t, t.vip, '?pageSize=5');
    expect(first.items.map((e) => e.input_text)).toEqual([
      'tema 12',
      'tema 11',
      'tema 10',
      'tema 9',
      'tema 8',
    ]);
    expect(first.total).toBe(12);
    const last = await history(t, t.vip, '?pageSize=5&page=3');
    expect(last.items.map((e) => e.input_text)).toEqual(['tema 2', 'tema 1']);

    expect((await history(t, t.vip, '?q=TEMA%201')).items.map((e) => e.input_text)).toEqual([
      'tema 12',
      'tema 11',
      'tema 10',
      'tema 1',
    ]);
    // In the variants (the echo carries the prompt) and in the profile's name.
    expect((await history(t, t.vip, '?q=Escribe%20sobre%20tema%207')).total).toBe(1);
    expect((await history(t, t.vip, '?q=panader')).total).toBe(12);
    // LIKE's wildcards are taken literally.
    expect((await history(t, t.vip, '?q=%25')).total).toBe(0);
    expect((await send(t.app, 'GET', '/api/redgram/history?pageSize=500', t.vip)).statusCode).toBe(400);
  });

  it('shows a member only their own history, and only they can delete from it', async () => {
    const { t, profile } = await ready();
    await addUser(t.db, { email: 'otra@example.com', username: 'otra', role: 'vip' });
    const other = await signIn(t.app, 'otra@example.com', 'member-secret');
    const theirs = (
      await send(t.app, 'POST', '/api/redgram/profiles', other, PROFILE)
    ).json() as RedgramProfile;
    await generate(t, t.vip, { profile_id: profile.id, mode: 'escribir', text: 'mío' });
    await generate(t, other, { profile_id: theirs.id, mode: 'escribir', text: 'suyo' });

    expect((await history(t, t.vip)).items.map((e) => e.input_text)).toEqual(['mío']);
    expect((await history(t, other)).items.map((e) => e.input_text)).toEqual(['suyo']);
    // The admin's own history is theirs too: empty.
    expect((await history(t, t.admin)).total).toBe(0);

    const mine = (await history(t, t.vip)).items[0]!;
    const foreign = await send(t.app, 'DELETE', `/api/redgram/history/${mine.id}`, other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'La generación no existe en tu historial' });
    expect((await history(t, t.vip)).total).toBe(1);

    const deleted = await send(t.app, 'DELETE', `/api/redgram/history/${mine.id}`, t.vip);
    expect(deleted.json()).toEqual({ ok: true });
    expect((await history(t, t.vip)).total).toBe(0);
    // The admins' log is a separate record and keeps it.
    const logs = (await send(t.app, 'GET', '/api/redgram/logs', t.admin)).json() as unknown[];
    expect(logs).toHaveLength(2);
  });

  it('needs the redgram permission', async () => {
    const { t } = await ready();
    expect((await send(t.app, 'GET', '/api/redgram/history', t.cafeinas)).statusCode).toBe(403);
    expect((await send(t.app, 'DELETE', '/api/redgram/history/1', t.cafeinas)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/redgram/history' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps an entry readable after its profile is deleted', async () => {
    const { t, profile } = await ready();
    await generate(t, t.vip, { profile_id: profile.id, mode: 'escribir', text: 'perdura' });
    await send(t.app, 'DELETE', `/api/redgram/profiles/${profile.id}`, t.vip);
    expect((await history(t, t.vip)).items[0]).toMatchObject({
      profile_id: null,
      profile_name: 'Panadería Sol',
      input_text: 'perdura',
    });
  });

  it('keeps entries for the configured number of days, then deletes them', async () => {
    const { t, profile } = await ready({ redgramHistoryDays: 30 });
    const old = await plantEntry(t, profile, 31);
    await plantEntry(t, profile, 29);
    expect((await history(t, t.vip)).retention_days).toBe(30);
    // Past the period it is no longer shown...
    expect((await history(t, t.vip)).items.map((e) => e.input_text)).toEqual(['de hace 29 días']);
    // ...and the next generation deletes it from the database.
    await generate(t, t.vip, { profile_id: profile.id, mode: 'escribir', text: 'hoy' });
    expect(await t.db.select().from(redgramHistory).where(eq(redgramHistory.id, old))).toEqual([]);
    expect((await history(t, t.vip)).items.map((e) => e.input_text)).toEqual(['hoy', 'de hace 29 días']);
  });

  it("follows the community's retention of AI texts when it is shorter than the server's days", async () => {
    const { t, profile } = await ready();
    await plantEntry(t, profile, 25);
    expect(await history(t, t.vip)).toMatchObject({ retention_days: 90, total: 1 });

    const saved = await send(t.app, 'PUT', '/api/admin/retention', t.admin, {
      ai_days: 20,
      signin_days: 90,
      video_days: 365,
      mail_days: 365,
    });
    expect(saved.statusCode).toBe(200);
    // «Mi historial» says the community's 20 days and no longer shows what the purge will delete.
    expect(await history(t, t.vip)).toMatchObject({ retention_days: 20, total: 0, items: [] });
  });
});

async function vipId(t: AiTestApp): Promise<number> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'vip@example.com'));
  return row!.id;
}

/** A generation of the VIP member's, made `daysAgo` days ago, written straight to the database. */
async function plantEntry(t: AiTestApp, profile: RedgramProfile, daysAgo: number): Promise<number> {
  const [row] = await t.db
    .insert(redgramHistory)
    .values({
      user_id: await vipId(t),
      profile_id: profile.id,
      profile_name: PROFILE.name,
      social_network: 'Instagram',
      mode: 'escribir',
      input_text: `de hace ${daysAgo} días`,
      variants: JSON.stringify([`hace ${daysAgo}`]),
      created_at: new Date(Date.now() - daysAgo * 86_400_000).toISOString(),
    })
    .returning({ id: redgramHistory.id });
  return row!.id;
}
