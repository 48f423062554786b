import { INVALID_PAGE_KEY, type YouTubeVideo } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN, addUser, createTestApp, signIn } from '../../../test/helper';
import { expectKeyedPages, TAMPERED_KEYS } from '../../../test/support/page-keys';
import { createVideoRepo } from './repo';
import { videoRecords } from './schema';

/** Thirteen records on three days (ties in the sort key), on two channels. */
async function setup() {
  const { app, db, database } = await createTestApp();
  const owner = await addUser(db, { email: 'vip@example.com', role: 'vip' });
  const admin = await signIn(app, ADMIN.email, ADMIN.password);
  const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie: admin } });
  const repo = createVideoRepo(database);
  for (let k = 0; k < 13; k += 1) {
    const date = `2024-03-0${(k % 3) + 1}`;
    await repo.insert({
      provider: 'youtube',
      video_id: `yt${String(k).padStart(9, '0')}`,
      user_id: owner.id,
      titulo: `Video ${k}`,
      descripcion: '',
      canal: k % 2 === 0 ? 'Par' : 'Impar',
      fecha_publicacion: date,
      sort_date: date,
    });
  }
  const rows = await db.select().from(videoRecords);
  /** The record ids newest first, the id breaking ties, of one channel or all. */
  const newestFirst = (canal?: string) =>
    rows
      .filter((row) => canal === undefined || row.canal === canal)
      .sort((a, b) => b.sort_date.localeCompare(a.sort_date) || b.record_id - a.record_id)
      .map((row) => row.record_id);
  return { db, get, newestFirst };
}

describe('saved records by page key', () => {
  it('go forward and back through ties in the sort key, with and without a filter', async () => {
    const { get, newestFirst } = await setup();
    for (const [query, canal] of [
      ['', undefined],
      ['?filter=Par', 'Par'],
    ] as const) {
      await expectKeyedPages(
        get,
        `/api/video-tools/youtube/videos${query}`,
        4,
        newestFirst(canal),
        'record_id',
      );
    }
  });

  it('answer the nearest page when the row a key was taken from is deleted', async () => {
    const { db, get, newestFirst } = await setup();
    const first = (await get('/api/video-tools/youtube/videos?pageSize=4')).json();
    const anchor = (first.items as YouTubeVideo[]).at(-1)!.record_id;
    await db.delete(videoRecords).where(eq(videoRecords.record_id, anchor));
    const second = await get(`/api/video-tools/youtube/videos?pageSize=4&page=2&after=${first.next}`);
    expect(second.statusCode).toBe(200);
    expect(second.json().items.map((v: YouTubeVideo) => v.record_id)).toEqual(newestFirst().slice(4, 8));
    const back = await get(`/api/video-tools/youtube/videos?pageSize=4&page=1&before=${second.json().prev}`);
    expect(back.json()).toMatchObject({ page: 1, prev: null });
    const left = newestFirst().filter((id) => id !== anchor);
    expect(back.json().items.map((v: YouTubeVideo) => v.record_id)).toEqual(left.slice(0, 4));
  });

  it('fill page 1 again after one of its rows is deleted, though the pager came back to it by key', async () => {
    const { db, get, newestFirst } = await setup();
    const first = (await get('/api/video-tools/youtube/videos?pageSize=4')).json();
    const second = (
      await get(`/api/video-tools/youtube/videos?pageSize=4&page=2&after=${first.next}`)
    ).json();
    await db.delete(videoRecords).where(eq(videoRecords.record_id, newestFirst()[0]!));
    const back = await get(`/api/video-tools/youtube/videos?pageSize=4&page=1&before=${second.prev}`);
    expect(back.json()).toMatchObject({ page: 1, prev: null });
    expect(back.json().items.map((v: YouTubeVideo) => v.record_id)).toEqual(newestFirst().slice(1, 5));
  });

  it('refuse a key it never gave out with a Spanish 400, and both directions at once', async () => {
    const { get } = await setup();
    const { next } = (await get('/api/video-tools/youtube/videos?pageSize=4')).json();
    const urls = [
      ...TAMPERED_KEYS.map((key) => `/api/video-tools/youtube/videos?after=${key}`),
      ...TAMPERED_KEYS.map((key) => `/api/video-tools/youtube/videos?filter=Par&before=${key}`),
      `/api/video-tools/youtube/videos?after=${next}&before=${next}`,
    ];
    for (const url of urls) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error, url).toBe(INVALID_PAGE_KEY);
    }
    // A well-formed key holds plain values, bound as such: one that reads like SQL only finds no rows.
    const odd = Buffer.from(JSON.stringify(["' OR 1=1 --", 1])).toString('base64url');
    const res = await get(`/api/video-tools/youtube/videos?after=${odd}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ items: [], next: null });
  });
});
