import { LIBRARY_MESSAGES, LibraryProgress, VideoPage } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { ADMIN, addUser, createTestApp, signIn } from '../../../test/helper';
import { client, createCategory, createVideo, DRIVE, type Client } from '../../../test/support/library';
import { createLibraryRepo, libraryReadQueries } from './repo';

async function setup() {
  const { app, db, database } = await createTestApp();
  const admin = client(app, await signIn(app, ADMIN.email, ADMIN.password));
  const vip = await addUser(db, { email: 'vip@example.com', role: 'vip' });
  const other = await addUser(db, { email: 'vip2@example.com', role: 'vip' });
  return {
    app,
    db,
    database,
    admin,
    vipId: vip.id,
    otherId: other.id,
    vip: client(app, await signIn(app, vip.email, vip.password)),
    other: client(app, await signIn(app, other.email, other.password)),
  };
}

/** A new video's id. */
const createVideoId = async (...args: Parameters<typeof createVideo>) => (await createVideo(...args)).id;

async function page(as: Client, library: string, query: string): Promise<VideoPage> {
  const res = await as('GET', `/api/${library}/videos?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return VideoPage.parse(res.json());
}

/** Inserts `count` videos of one category with plain SQL (the triggers count them), oldest first. */
function seedVideos(db: Db, library: string, categoriaId: number, count: number, from = 1): void {
  db.$client
    .prepare(
      `WITH RECURSIVE n(i) AS (SELECT CAST(? AS INTEGER) UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO library_videos (library, categoria_id, titulo, descripcion, url, material, orden, fecha_creacion)
       SELECT ?, ?, 'Video ' || i, '', ?, NULL, i, printf('2025-01-01T00:00:%02d.000Z', i % 60) FROM n`,
    )
    .run(from, from + count - 1, library, categoriaId, DRIVE);
}

/** The counters, and the same figures counted afresh from the rows. */
function counters(db: Db) {
  const stale = db.$client
    .prepare(
      `SELECT c.id, c.total_videos, (SELECT count(*) FROM library_videos v WHERE v.categoria_id = c.id) AS fresh
       FROM library_categories c WHERE c.total_videos <> fresh`,
    )
    .all();
  const kept = db.$client
    .prepare(
      'SELECT user_id, categoria_id, completadas FROM library_progress WHERE completadas <> 0 ORDER BY 1, 2',
    )
    .all();
  const fresh = db.$client
    .prepare(
      `SELECT w.user_id, v.categoria_id, count(*) AS completadas FROM library_watched w
       JOIN library_videos v ON v.id = w.video_id GROUP BY 1, 2 ORDER BY 1, 2`,
    )
    .all();
  return { stale, kept, fresh };
}

function expectCountersFresh(db: Db): void {
  const { stale, kept, fresh } = counters(db);
  expect(stale).toEqual([]);
  expect(kept).toEqual(fresh);
}

describe('library pages', () => {
  it('pages the videos in stored order, newest first, and by category, with the total', async () => {
    const { admin, vip, db } = await setup();
    const a = await createCategory(admin, 'membresia', 'A');
    const b = await createCategory(admin, 'membresia', 'B');
    seedVideos(db, 'membresia', a, 30);
    seedVideos(db, 'membresia', b, 5, 31);

    const first = await page(vip, 'membresia', '');
    expect(first).toMatchObject({ total: 35, page: 1, pageSize: 12 });
    expect(first.items.map((v) => v.titulo)).toEqual(Array.from({ length: 12 }, (_, i) => `Video ${i + 1}`));
    const third = await page(vip, 'membresia', 'page=3&pageSize=12');
    expect(third.items.map((v) => v.titulo)).toEqual(Array.from({ length: 11 }, (_, i) => `Video ${i + 25}`));
    expect((await page(vip, 'membresia', 'page=9')).items).toEqual([]);

    // Newest first by creation date (ties: the later id first).
    const newest = await page(vip, 'membresia', 'sort=newest&pageSize=3');
    expect(newest.items.map((v) => v.fecha_creacion)).toEqual([
      '2025-01-01T00:00:35.000Z',
      '2025-01-01T00:00:34.000Z',
      '2025-01-01T00:00:33.000Z',
    ]);

    const onlyB = await page(vip, 'membresia', `categoria_id=${b}&pageSize=2&page=2`);
    expect(onlyB).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(onlyB.items.map((v) => [v.titulo, v.categoria_nombre])).toEqual([
      ['Video 33', 'B'],
      ['Video 34', 'B'],
    ]);
    const newestB = await page(vip, 'membresia', `categoria_id=${b}&sort=newest&pageSize=1`);
    expect(newestB.items.map((v) => v.titulo)).toEqual(['Video 35']);
  });

  it('refuses a category of the other library or a missing one (404) and bad paging (400)', async () => {
    const { admin, vip } = await setup();
    const cafe = await createCategory(admin, 'cafelito-virtual', 'Café');
    await createVideoId(admin, 'cafelito-virtual', cafe, 'Solo en Cafelito');
    for (const id of [cafe, 9999]) {
      const res = await vip('GET', `/api/membresia/videos?categoria_id=${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: LIBRARY_MESSAGES.categoryNotFound });
    }
    for (const query of ['page=0', 'pageSize=101', 'pageSize=0', 'sort=random', 'categoria_id=abc']) {
      const res = await vip('GET', `/api/membresia/videos?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
    expect((await page(vip, 'cafelito-virtual', `categoria_id=${cafe}`)).total).toBe(1);
  });

  it("shows each member's own watched marks on a page, also when the page is served again", async () => {
    const { admin, vip, other } = await setup();
    const a = await createCategory(admin, 'membresia', 'A');
    const ids = [];
    for (const titulo of ['Uno', 'Dos', 'Tres']) ids.push(await createVideoId(admin, 'membresia', a, titulo));
    await vip('PUT', `/api/membresia/videos/${ids[1]}/visto`, { visto: true });
    const marks = async (as: Client) =>
      (await page(as, 'membresia', '')).items.map((video) => [video.titulo, video.visto]);
    expect(await marks(vip)).toEqual([
      ['Uno', false],
      ['Dos', true],
      ['Tres', false],
    ]);
    expect(await marks(other)).toEqual([
      ['Uno', false],
      ['Dos', false],
      ['Tres', false],
    ]);
    await vip('PUT', `/api/membresia/videos/${ids[1]}/visto`, { visto: false });
    await vip('PUT', `/api/membresia/videos/${ids[2]}/visto`, { visto: true });
    expect((await marks(vip)).map(([, visto]) => visto)).toEqual([false, false, true]);
    // A change of the content shows at once (the pages kept between changes are dropped).
    await admin('PUT', `/api/membresia/videos/${ids[0]}`, { titulo: 'Uno bis', categoria_id: a, url: DRIVE });
    expect((await marks(vip))[0]).toEqual(['Uno bis', false]);
  });

  it("keeps each member's progress and page marks in step with their marks and the content, not others' marks", async () => {
    const { db, admin, vip, other } = await setup();
    const a = await createCategory(admin, 'membresia', 'A');
    const b = await createCategory(admin, 'membresia', 'B');
    const [uno, dos] = [
      await createVideoId(admin, 'membresia', a, 'Uno'),
      await createVideoId(admin, 'membresia', a, 'Dos'),
    ];
    const progress = async (as: Client) => {
      const res = await as('GET', '/api/membresia/progreso');
      expect(res.statusCode, res.body).toBe(200);
      const body = LibraryProgress.parse(res.json());
      return [body.completadas, body.total, ...body.categorias.map((c) => `${c.completadas}/${c.total}`)];
    };
    const seen = async (as: Client) =>
      (await page(as, 'membresia', `categoria_id=${a}`)).items.map((v) => v.visto);
    expect([await progress(vip), await progress(other)]).toEqual([
      [0, 2, '0/2', '0/0'],
      [0, 2, '0/2', '0/0'],
    ]);
    expect(await seen(other)).toEqual([false, false]);
    await vip('PUT', `/api/membresia/videos/${uno}/visto`, { visto: true });
    await vip('PUT', `/api/membresia/videos/${dos}/visto`, { visto: true });
    expect([await progress(vip), await progress(other)]).toEqual([
      [2, 2, '2/2', '0/0'],
      [0, 2, '0/2', '0/0'],
    ]);
    expect([await seen(vip), await seen(other)]).toEqual([
      [true, true],
      [false, false],
    ]);
    // The content changes: a watched video moves to another category, another is deleted.
    await admin('PUT', `/api/membresia/videos/${dos}`, { titulo: 'Dos', categoria_id: b, url: DRIVE });
    expect(await progress(vip)).toEqual([2, 2, '1/1', '1/1']);
    await admin('DELETE', `/api/membresia/videos/${uno}`);
    expect(await progress(vip)).toEqual([1, 1, '0/0', '1/1']);
    // An operator removes the member's mark straight in the database.
    db.$client.prepare('DELETE FROM library_watched WHERE video_id = ?').run(dos);
    expect(await progress(vip)).toEqual([0, 1, '0/0', '0/1']);
    expect((await page(vip, 'membresia', `categoria_id=${b}`)).items.map((v) => v.visto)).toEqual([false]);
  });

  it('reorders across a page boundary', async () => {
    const { admin, vip } = await setup();
    const a = await createCategory(admin, 'cafelito-virtual', 'A');
    const ids = [];
    for (let i = 1; i <= 4; i++) ids.push(await createVideoId(admin, 'cafelito-virtual', a, `Clase ${i}`));
    const query = `categoria_id=${a}&pageSize=2`;
    // The first video of page 2 goes up: it becomes the last of page 1.
    await admin('POST', `/api/cafelito-virtual/videos/${ids[2]}/mover`, { direction: 'up' });
    expect((await page(vip, 'cafelito-virtual', `${query}&page=1`)).items.map((v) => v.titulo)).toEqual([
      'Clase 1',
      'Clase 3',
    ]);
    expect((await page(vip, 'cafelito-virtual', `${query}&page=2`)).items.map((v) => v.titulo)).toEqual([
      'Clase 2',
      'Clase 4',
    ]);
    // And back down.
    await admin('POST', `/api/cafelito-virtual/videos/${ids[2]}/mover`, { direction: 'down' });
    expect((await page(vip, 'cafelito-virtual', `${query}&page=2`)).items.map((v) => v.titulo)).toEqual([
      'Clase 3',
      'Clase 4',
    ]);
  });

  it('keeps the counters equal to a fresh count through every kind of write', async () => {
    const { admin, vip, other, db, otherId } = await setup();
    const a = await createCategory(admin, 'membresia', 'A');
    const b = await createCategory(admin, 'membresia', 'B');
    const c = await createCategory(admin, 'cafelito-virtual', 'C');
    const [a1, a2, a3, b1, c1] = [
      await createVideoId(admin, 'membresia', a, 'A1'),
      await createVideoId(admin, 'membresia', a, 'A2'),
      await createVideoId(admin, 'membresia', a, 'A3'),
      await createVideoId(admin, 'membresia', b, 'B1'),
      await createVideoId(admin, 'cafelito-virtual', c, 'C1'),
    ];
    expectCountersFresh(db);
    const progress = async (as: Client) => (await as('GET', '/api/membresia/progreso')).json();

    // Marking and unmarking (twice is harmless).
    for (const id of [a1, a2, a2, b1]) await vip('PUT', `/api/membresia/videos/${id}/visto`, { visto: true });
    await other('PUT', `/api/membresia/videos/${a1}/visto`, { visto: true });
    await vip('PUT', `/api/cafelito-virtual/videos/${c1}/visto`, { visto: true });
    expectCountersFresh(db);
    expect(await progress(vip)).toEqual({
      completadas: 3,
      total: 4,
      categorias: [
        { categoria_id: a, completadas: 2, total: 3 },
        { categoria_id: b, completadas: 1, total: 1 },
      ],
    });
    await vip('PUT', `/api/membresia/videos/${b1}/visto`, { visto: false });
    await vip('PUT', `/api/membresia/videos/${b1}/visto`, { visto: false });
    expectCountersFresh(db);

    // Moving a watched video to another category moves its watchers' counts too.
    const moved = await admin('PUT', `/api/membresia/videos/${a1}`, {
      titulo: 'A1',
      categoria_id: b,
      url: DRIVE,
    });
    expect(moved.statusCode).toBe(200);
    expectCountersFresh(db);
    expect((await progress(vip)).categorias).toEqual([
      { categoria_id: a, completadas: 1, total: 2 },
      { categoria_id: b, completadas: 1, total: 2 },
    ]);
    expect((await page(vip, 'membresia', `categoria_id=${b}`)).total).toBe(2);

    // Deleting a watched video.
    expect((await admin('DELETE', `/api/membresia/videos/${a2}`)).statusCode).toBe(200);
    expectCountersFresh(db);
    expect((await progress(vip)).categorias[0]).toEqual({ categoria_id: a, completadas: 0, total: 1 });

    // A rolled-back transaction leaves nothing behind.
    expect(() =>
      db.$client.transaction(() => {
        db.$client.prepare('INSERT INTO library_watched (user_id, video_id) VALUES (?, ?)').run(otherId, a3);
        db.$client.prepare('DELETE FROM library_videos WHERE id = ?').run(b1);
        db.$client.prepare('UPDATE library_videos SET categoria_id = ? WHERE id = ?').run(a, a1);
        throw new Error('rollback');
      })(),
    ).toThrow('rollback');
    expectCountersFresh(db);
    expect(await progress(other)).toMatchObject({ completadas: 1, total: 3 });

    // Deleting a member cascades to their marks and progress (SQLite fires the child triggers on cascades).
    await other('PUT', `/api/membresia/videos/${a3}/visto`, { visto: true });
    db.$client.prepare('DELETE FROM users WHERE id = ?').run(otherId);
    expectCountersFresh(db);
    expect(
      db.$client.prepare('SELECT count(*) AS n FROM library_progress WHERE user_id = ?').get(otherId),
    ).toEqual({ n: 0 });

    // Deleting a category cascades to its videos, their marks and the progress rows.
    expect((await admin('DELETE', `/api/membresia/categorias/${b}`)).json()).toEqual({
      ok: true,
      deleted_videos: 2,
    });
    expectCountersFresh(db);
    expect(await progress(vip)).toEqual({
      completadas: 0,
      total: 1,
      categorias: [{ categoria_id: a, completadas: 0, total: 1 }],
    });
    expect(
      db.$client.prepare('SELECT count(*) AS n FROM library_progress WHERE categoria_id = ?').get(b),
    ).toEqual({
      n: 0,
    });
    // The other library was never touched.
    expect((await vip('GET', '/api/cafelito-virtual/progreso')).json()).toMatchObject({
      completadas: 1,
      total: 1,
    });
  });

  it('shows a transaction its own writes, nobody else its uncommitted ones, and keeps nothing rolled back', async () => {
    const { db, database, admin } = await setup();
    await createCategory(admin, 'membresia', 'Real');
    const repo = createLibraryRepo(database, 'membresia');
    const seen = async () => [
      (await repo.listCategories()).map((category) => category.nombre),
      (await repo.videoPage(1, { sort: 'stored', categoriaId: undefined, limit: 12, offset: 0 }))?.total,
    ];
    expect(await seen()).toEqual([['Real'], 0]);
    // Another request, started outside the transaction, reads while it is open.
    let release!: () => void;
    const outside = new Promise<void>((resolve) => (release = resolve)).then(seen);
    await expect(
      database.transaction(async () => {
        db.$client
          .prepare("INSERT INTO library_categories (library, nombre) VALUES ('membresia', 'Fantasma')")
          .run();
        seedVideos(db, 'membresia', 1, 3);
        expect(await seen()).toEqual([['Real', 'Fantasma'], 3]);
        release();
        expect(await outside).toEqual([['Real'], 0]);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await seen()).toEqual([['Real'], 0]);
  });

  it('serves every page and count from an index, without scans or sorting in memory', async () => {
    const { db, admin } = await setup();
    const a = await createCategory(admin, 'membresia', 'A');
    seedVideos(db, 'membresia', a, 2000);
    const queries = libraryReadQueries(db, 'membresia');
    const deep = { limit: 12, offset: 1200 };
    const checked = {
      'stored pages': queries.pageIds('stored', deep),
      'stored category pages': queries.pageIds('stored', { ...deep, categoriaId: a }),
      'newest pages': queries.pageIds('newest', deep),
      'newest category pages': queries.pageIds('newest', { ...deep, categoriaId: a }),
      'videos of a page': queries.pageRows([1, 2]),
      'watched marks of a page': queries.watchedAmong(1, [1, 2]),
      'library total': queries.libraryTotal(),
      category: queries.categoryById(a),
      categories: queries.categories(),
      progress: queries.progress(1),
    };
    for (const [name, query] of Object.entries(checked)) {
      const { sql, params } = query.toSQL();
      const plan = db.$client.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[];
      const details = plan.map((row) => row.detail);
      expect(
        details.filter((detail) => /^SCAN/.test(detail)),
        name,
      ).toEqual([]);
      expect(details.join('\n'), name).not.toContain('TEMP B-TREE');
      // A deep page's OFFSET walks index entries only: the ids come from a covering index.
      if (name.endsWith(' pages')) expect(details.join('\n'), name).toContain('COVERING INDEX');
      if (name === 'videos of a page') {
        expect(details.join('\n'), name).toMatch(/SEARCH library_videos USING INTEGER PRIMARY KEY/);
      }
    }
  }, 60_000);
});
