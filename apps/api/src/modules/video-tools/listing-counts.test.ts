import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN, addUser, createTestApp, csrf, signIn } from '../../../test/helper';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { createVideoRepo } from './repo';
import { videoRecords } from './schema';

async function setup() {
  const { app, db, database } = await createTestApp();
  const owner = await addUser(db, { email: 'vip@example.com', role: 'vip' });
  const other = await addUser(db, { email: 'otra@example.com', role: 'vip' });
  const admin = await signIn(app, ADMIN.email, ADMIN.password);
  const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie: admin } });
  const del = (url: string) => app.inject({ method: 'DELETE', url, headers: { ...csrf, cookie: admin } });
  return { app, db, database, owner: owner.id, other: other.id, get, del, repo: createVideoRepo(database) };
}

let serial = 0;
function youtube(repo: ReturnType<typeof createVideoRepo>, userId: number, canal: string | null, day = 1) {
  serial += 1;
  const date = `2024-03-${String(day).padStart(2, '0')}`;
  return repo.insert({
    provider: 'youtube',
    video_id: `yt${String(serial).padStart(9, '0')}`,
    user_id: userId,
    titulo: `Video ${serial}`,
    descripcion: '',
    canal,
    fecha_publicacion: date,
    sort_date: date,
  });
}
function instagram(repo: ReturnType<typeof createVideoRepo>, userId: number, usuario: string, hour = 1) {
  serial += 1;
  const at = `2024-04-01T${String(hour).padStart(2, '0')}:00:00.000Z`;
  return repo.insert({
    provider: 'instagram',
    video_id: `ig${String(serial).padStart(9, '0')}`,
    user_id: userId,
    titulo: `Reel ${serial}`,
    descripcion: '',
    usuario,
    fecha_extraccion: at,
    sort_date: at,
  });
}

/** The trigger-kept counters next to a fresh count of the saved videos. */
function counters(db: Db) {
  const rows = (query: string) => db.$client.prepare(query).all();
  return {
    kept: {
      totals: rows('select provider, n from video_record_totals where n > 0 order by provider'),
      filters: rows('select provider, value, n from video_record_filter_counts order by provider, value'),
    },
    fresh: {
      totals: rows('select provider, count(*) as n from video_records group by provider order by provider'),
      filters: rows(
        `select provider, value, count(*) as n from (
           select provider, case provider when 'youtube' then canal else usuario end as value from video_records
         ) where value is not null group by provider, value order by provider, value`,
      ),
    },
  };
}

function expectCountersFresh(db: Db) {
  const { kept, fresh } = counters(db);
  expect(kept).toEqual(fresh);
}

describe('saved-video counters', () => {
  it('equal a fresh count through inserts, moves, deletes, cascades and a rollback', async () => {
    const { db, database, repo, owner, other, get, del } = await setup();
    for (let day = 1; day <= 6; day++) await youtube(repo, owner, day % 2 ? 'Alfa' : 'beta', day);
    await youtube(repo, other, 'Ñandú', 7);
    await youtube(repo, other, null, 8);
    await instagram(repo, owner, 'ana', 1);
    await instagram(repo, other, 'bruno', 2);
    expectCountersFresh(db);
    expect(counters(db).kept.totals).toEqual([
      { provider: 'instagram', n: 2 },
      { provider: 'youtube', n: 8 },
    ]);

    // Updates that move a record to another channel, user or provider, or drop its channel.
    db.$client.exec(
      "update video_records set canal = 'Ñandú' where provider = 'youtube' and canal = 'beta' and sort_date = '2024-03-02'",
    );
    db.$client.exec("update video_records set usuario = 'carla' where usuario = 'ana'");
    db.$client.exec(
      "update video_records set canal = null where canal = 'Alfa' and sort_date = '2024-03-01'",
    );
    db.$client.exec(
      "update video_records set canal = 'Gamma' where canal is null and provider = 'youtube' and sort_date = '2024-03-08'",
    );
    db.$client.exec("update video_records set titulo = 'Otro título' where usuario = 'bruno'");
    expectCountersFresh(db);

    // One delete, a delete of everything a filter shows, and the cascade of an account's deletion.
    const [newest] = (await get('/api/video-tools/youtube/videos')).json().items as { record_id: number }[];
    expect((await del(`/api/video-tools/youtube/videos/${newest!.record_id}`)).statusCode).toBe(200);
    expectCountersFresh(db);
    expect((await del('/api/video-tools/youtube/videos?filter=beta')).json()).toEqual({ deleted: 2 });
    expectCountersFresh(db);
    db.delete(users).where(eq(users.id, other)).run();
    expectCountersFresh(db);

    // A rolled-back transaction leaves no trace.
    const before = counters(db).kept;
    await expect(
      database.transaction(async (tx) => {
        // The repo's writes inside the transaction are part of it.
        await youtube(repo, owner, 'Delta', 9);
        await tx.delete(videoRecords).where(eq(videoRecords.canal, 'Alfa'));
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(counters(db).kept).toEqual(before);
    expectCountersFresh(db);

    // The API's totals are the counters.
    const fresh = counters(db).fresh;
    const youtubeTotal = (fresh.totals as { provider: string; n: number }[]).find(
      (r) => r.provider === 'youtube',
    );
    expect((await get('/api/video-tools/youtube/videos')).json().total).toBe(youtubeTotal?.n ?? 0);
    expect((await get('/api/video-tools/youtube/videos?filter=Alfa')).json().total).toBe(2);
    expect((await get('/api/video-tools/youtube/videos?filter=Alfa&page=9')).json()).toMatchObject({
      items: [],
      total: 2,
    });
    expect((await get('/api/video-tools/instagram/videos?page=9')).json()).toMatchObject({
      items: [],
      total: 1,
    });
    expect((await get('/api/video-tools/youtube/videos?filter=Nadie')).json()).toMatchObject({
      items: [],
      total: 0,
      pageSize: 5,
    });
  });

  it('give the filter lists in Spanish order, following values that come and go', async () => {
    const { db, repo, owner, get, del } = await setup();
    const filters = async (provider: 'youtube' | 'instagram') =>
      (await get(`/api/video-tools/${provider}/filters`)).json() as string[];
    expect(await filters('youtube')).toEqual([]);
    await youtube(repo, owner, 'zeta', 1);
    await youtube(repo, owner, 'Ñandú', 2);
    await youtube(repo, owner, 'nube', 3);
    await youtube(repo, owner, 'Árbol', 4);
    await youtube(repo, owner, '   ', 5);
    await instagram(repo, owner, 'ana', 1);
    expect(await filters('youtube')).toEqual(['Árbol', 'nube', 'Ñandú', 'zeta']);
    expect(await filters('instagram')).toEqual(['ana']);
    // A second video of a channel changes nothing; a new channel shows up at once.
    await youtube(repo, owner, 'nube', 6);
    await youtube(repo, owner, 'bosque', 7);
    expect(await filters('youtube')).toEqual(['Árbol', 'bosque', 'nube', 'Ñandú', 'zeta']);
    // A channel goes with its last video: deleted one by one, by filter, or moved away.
    expect((await del('/api/video-tools/youtube/videos?filter=nube')).json()).toEqual({ deleted: 2 });
    db.$client.exec("update video_records set canal = 'bosque' where canal = 'zeta'");
    expect(await filters('youtube')).toEqual(['Árbol', 'bosque', 'Ñandú']);
    expect(await filters('instagram')).toEqual(['ana']);
    db.$client.exec("delete from video_records where provider = 'instagram'");
    expect(await filters('instagram')).toEqual([]);
    expectCountersFresh(db);
  });

  it('serve every page from an index, newest first, and its total from a counter row', async () => {
    const { db } = await setup();
    const plan = (query: string, ...params: unknown[]) =>
      (db.$client.prepare(`explain query plan ${query}`).all(...params) as { detail: string }[])
        .map((row) => row.detail)
        .join('\n');
    const order = 'order by sort_date desc, record_id desc limit 5 offset 10';
    const pages = [
      [
        plan(`select * from video_records where provider = ? and canal = ? ${order}`, 'youtube', 'x'),
        'canal',
      ],
      [
        plan(`select * from video_records where provider = ? and usuario = ? ${order}`, 'instagram', 'x'),
        'usuario',
      ],
      [plan(`select * from video_records where provider = ? ${order}`, 'youtube'), 'page'],
    ] as const;
    for (const [details, index] of pages) {
      expect(details).toContain(`video_records_${index}_idx`);
      expect(details).not.toMatch(/TEMP B-TREE|SCAN video_records/);
    }
    const total = plan(
      'select n from video_record_filter_counts where provider = ? and value = ?',
      'youtube',
      'x',
    );
    expect(total).toMatch(/SEARCH video_record_filter_counts USING (INDEX|PRIMARY KEY)/);
    const list = plan(
      'select value from video_record_filter_counts where provider = ? and n > 0 order by value',
      'youtube',
    );
    expect(list).not.toMatch(/TEMP B-TREE|SCAN video_record_filter_counts/);
  });
});
