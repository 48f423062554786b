import type { YouTubeVideo } from '@app/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN, addUser, createTestApp, csrf, signIn } from '../../../test/helper';
import { ENGINE, explain } from '../../../test/support/engine';
import { videoPageQueries } from './repo';
import type { Db } from '../../db/client';
import { recountAll } from '../../recount-all';
import { createUsersRepo } from '../settings/users-repo';
import { createVideoRepo } from './repo';
import { videoRecords } from './schema';
import { PERSONAL_TABLES } from '../../personal-data';
import { createAccountEraser } from '../erasure';

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

/** What the API answers as totals and filter lists, next to a count of the rows themselves. */
async function listings(db: Db, get: (url: string) => Promise<{ json(): unknown }>) {
  const answered = { totals: {} as Record<string, number>, filters: {} as Record<string, string[]> };
  const counted = { totals: {} as Record<string, number>, filters: {} as Record<string, string[]> };
  for (const provider of ['youtube', 'instagram'] as const) {
    answered.totals[provider] = (
      (await get(`/api/video-tools/${provider}/videos`)).json() as { total: number }
    ).total;
    answered.filters[provider] = (
      (await get(`/api/video-tools/${provider}/filters`)).json() as string[]
    ).toSorted();
    const rows = await db.select().from(videoRecords).where(eq(videoRecords.provider, provider));
    counted.totals[provider] = rows.length;
    const values = rows.map((row) => (provider === 'youtube' ? row.canal : row.usuario));
    counted.filters[provider] = [...new Set(values.filter((v): v is string => !!v?.trim()))].toSorted();
  }
  return { answered, counted };
}

describe('saved-video totals and filter lists', () => {
  it('equal a count of the rows through inserts, moves, deletes, cascades and a rollback', async () => {
    const { db, database, repo, owner, other, get, del } = await setup();
    const expectFresh = async () => {
      const { answered, counted } = await listings(db, get);
      expect(answered).toEqual(counted);
    };
    for (let day = 1; day <= 6; day++) await youtube(repo, owner, day % 2 ? 'Alfa' : 'beta', day);
    await youtube(repo, other, 'Ñandú', 7);
    await youtube(repo, other, null, 8);
    await instagram(repo, owner, 'ana', 1);
    await instagram(repo, other, 'bruno', 2);
    await expectFresh();
    expect((await listings(db, get)).answered.totals).toEqual({ youtube: 8, instagram: 2 });

    // Updates that move a record to another channel, user or provider, or drop its channel.
    const yt = (canal: string | null, date: string) =>
      and(
        eq(videoRecords.provider, 'youtube'),
        canal === null ? isNull(videoRecords.canal) : eq(videoRecords.canal, canal),
        eq(videoRecords.sort_date, date),
      );
    await db.update(videoRecords).set({ canal: 'Ñandú' }).where(yt('beta', '2024-03-02'));
    await db.update(videoRecords).set({ usuario: 'carla' }).where(eq(videoRecords.usuario, 'ana'));
    await db.update(videoRecords).set({ canal: null }).where(yt('Alfa', '2024-03-01'));
    await db.update(videoRecords).set({ canal: 'Gamma' }).where(yt(null, '2024-03-08'));
    await db.update(videoRecords).set({ titulo: 'Otro título' }).where(eq(videoRecords.usuario, 'bruno'));
    // The app never moves a record; an operator who does so in the database recounts afterwards.
    await recountAll(database);
    await expectFresh();

    // One delete, a delete of everything a filter shows, and the cascade of an account's deletion.
    const [newest] = (await get('/api/video-tools/youtube/videos')).json().items as { record_id: number }[];
    expect((await del(`/api/video-tools/youtube/videos/${newest!.record_id}`)).statusCode).toBe(200);
    await expectFresh();
    expect((await del('/api/video-tools/youtube/videos?filter=beta')).json()).toEqual({ deleted: 2 });
    await expectFresh();
    await createUsersRepo(database, createAccountEraser(PERSONAL_TABLES)).deleteUser(
      other,
      'Miembro eliminado #000000',
    );
    await expectFresh();

    // A rolled-back transaction leaves no trace.
    const before = (await listings(db, get)).answered;
    await expect(
      database.transaction(async (tx) => {
        // The repo's writes inside the transaction are part of it.
        await youtube(repo, owner, 'Delta', 9);
        await tx.delete(videoRecords).where(eq(videoRecords.canal, 'Alfa'));
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect((await listings(db, get)).answered).toEqual(before);
    await expectFresh();

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
    const { db, database, repo, owner, get, del } = await setup();
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
    await db.update(videoRecords).set({ canal: 'bosque' }).where(eq(videoRecords.canal, 'zeta'));
    await recountAll(database);
    expect(await filters('youtube')).toEqual(['Árbol', 'bosque', 'Ñandú']);
    expect(await filters('instagram')).toEqual(['ana']);
    await repo.deleteAll('instagram', undefined);
    expect(await filters('instagram')).toEqual([]);
    const { answered, counted } = await listings(db, get);
    expect(answered).toEqual(counted);
  });

  it('keep view and like counts past 32 bits (a popular video has billions of views)', async () => {
    const { repo, owner, get } = await setup();
    await repo.insert({
      provider: 'youtube',
      video_id: 'kJQP7kiw5Fk',
      user_id: owner,
      titulo: 'Despacito',
      descripcion: '',
      canal: 'Luis Fonsi',
      vistas: 8_900_000_000,
      likes: 22_000_000_000,
      fecha_publicacion: '2017-01-12',
      sort_date: '2017-01-12',
    });
    const [saved] = (await get('/api/video-tools/youtube/videos')).json().items as YouTubeVideo[];
    expect(saved).toMatchObject({ vistas: 8_900_000_000, likes: 22_000_000_000 });
  });

  it('serve every page from an index and its total from a kept row, newest first', async () => {
    const { database } = await setup();
    // The queries the listing runs (videoPageQueries, prepared per connection in the repository): page 3 by
    // offset, and the pages after and before a key.
    const shapes = [
      ['youtube', 'x', 'canal'],
      ['instagram', 'x', 'usuario'],
      ['youtube', undefined, 'page'],
    ] as const;
    const reads = [
      ['offset', 10],
      ['after', 0],
      ['before', 0],
    ] as const;
    for (const [provider, filter, index] of shapes) {
      for (const [shape, offset] of reads) {
        const anchor = { sortValue: '2020-01-01', id: 50 };
        const { rows, total } = videoPageQueries(database.read, provider, {
          filter,
          shape,
          anchor,
          limit: 6,
          offset,
        });
        // A page: its ids from the page, channel or user index, in order (no sort; a key seeks into the index),
        // then each record by id; the only sort puts the page's own rows back in that order.
        const plan = await explain(database, rows.getSQL());
        expect(plan).toMatch(
          new RegExp(`(COVERING INDEX|Index Only Scan( Backward)? using) video_records_${index}_idx`),
        );
        if (shape !== 'offset') {
          expect(plan).toMatch(
            ENGINE === 'sqlite'
              ? new RegExp(
                  `video_records_${index}_idx \\(provider=\\?${filter ? ` AND ${index}=\\?` : ''} AND sort_date`,
                )
              : /Index Cond: .*sort_date/,
          );
        }
        expect(plan).toMatch(
          /SEARCH video_records USING INTEGER PRIMARY KEY|Index Scan using video_records_pkey/,
        );
        expect(plan).not.toMatch(/SCAN video_records$|Seq Scan/m);
        // Totals: one kept row, never a pass over the records.
        const counted = await explain(database, total.getSQL());
        expect(counted).toMatch(/video_record_(totals|filter_counts)/);
        expect(counted).not.toMatch(/video_records\b/);
      }
    }
  });
});
