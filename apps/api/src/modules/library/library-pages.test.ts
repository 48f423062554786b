import {
  LIBRARY_MESSAGES,
  LIBRARY_NAMES,
  LibraryProgress,
  VideoPage,
  type LibraryName,
} from '@app/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN, addUser, createTestApp, signIn } from '../../../test/helper';
import { ENGINE, explain, rawRows } from '../../../test/support/engine';
import type { Db } from '../../db/client';
import { recountAll } from '../../recount-all';
import { bumpCategoryVideos } from './kept-counts';
import { users } from '../../db/schema';
import { client, createCategory, createVideo, DRIVE, type Client } from '../../../test/support/library';
import { createLibraryRepo, libraryReadQueries } from './repo';
import { libraryCategories, libraryVideos, libraryWatched } from './schema';

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

/** Inserts `count` videos of one category straight into the table, oldest first, with the category's count. */
async function seedVideos(db: Db, library: LibraryName, categoriaId: number, count: number, from = 1) {
  const rows = Array.from({ length: count }, (_, k) => {
    const i = from + k;
    return {
      library,
      categoria_id: categoriaId,
      titulo: `Video ${i}`,
      descripcion: '',
      url: DRIVE,
      material: null,
      orden: i,
      fecha_creacion: `2025-01-01T00:00:${String(i % 60).padStart(2, '0')}.000Z`,
    };
  });
  for (let k = 0; k < rows.length; k += 500) await db.insert(libraryVideos).values(rows.slice(k, k + 500));
  await bumpCategoryVideos(db, categoriaId, count);
}

/** Each member's progress in both libraries as the API answers it, next to a count of the rows. */
async function expectProgressCounted(db: Db, members: [number, Client][]): Promise<void> {
  for (const library of LIBRARY_NAMES) {
    const categories = await db
      .select()
      .from(libraryCategories)
      .where(eq(libraryCategories.library, library))
      .orderBy(asc(libraryCategories.id));
    const videos = await db.select().from(libraryVideos).where(eq(libraryVideos.library, library));
    for (const [userId, as] of members) {
      const marks = await db.select().from(libraryWatched).where(eq(libraryWatched.user_id, userId));
      const watched = new Set(marks.map((mark) => mark.video_id));
      const categorias = categories.map((category) => {
        const own = videos.filter((video) => video.categoria_id === category.id);
        const done = own.filter((video) => watched.has(video.id)).length;
        return { categoria_id: category.id, completadas: done, total: own.length };
      });
      const counted = {
        completadas: categorias.reduce((sum, c) => sum + c.completadas, 0),
        total: categorias.reduce((sum, c) => sum + c.total, 0),
        categorias,
      };
      expect((await as('GET', `/api/${library}/progreso`)).json(), `${library} ${userId}`).toEqual(counted);
    }
  }
}

describe('library pages', () => {
  it('pages the videos in stored order, newest first, and by category, with the total', async () => {
    const { admin, vip, db } = await setup();
    const a = await createCategory(admin, 'membresia', 'A');
    const b = await createCategory(admin, 'membresia', 'B');
    await seedVideos(db, 'membresia', a, 30);
    await seedVideos(db, 'membresia', b, 5, 31);

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
    const { db, database, admin, vip, other } = await setup();
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
    // An operator removes the member's mark straight in the database, then recounts the kept counts.
    await db.delete(libraryWatched).where(eq(libraryWatched.video_id, dos));
    await recountAll(database);
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

  it('answers progress equal to a count of the rows through every kind of write', async () => {
    const { admin, vip, other, db, database, vipId, otherId } = await setup();
    const expectCountersFresh = (
      members = [
        [vipId, vip],
        [otherId, other],
      ] as [number, Client][],
    ) => expectProgressCounted(db, members);
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
    await expectCountersFresh();
    const progress = async (as: Client) => (await as('GET', '/api/membresia/progreso')).json();

    // Marking and unmarking (twice is harmless).
    for (const id of [a1, a2, a2, b1]) await vip('PUT', `/api/membresia/videos/${id}/visto`, { visto: true });
    await other('PUT', `/api/membresia/videos/${a1}/visto`, { visto: true });
    await vip('PUT', `/api/cafelito-virtual/videos/${c1}/visto`, { visto: true });
    await expectCountersFresh();
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
    await expectCountersFresh();

    // Moving a watched video to another category moves its watchers' counts too.
    const moved = await admin('PUT', `/api/membresia/videos/${a1}`, {
      titulo: 'A1',
      categoria_id: b,
      url: DRIVE,
    });
    expect(moved.statusCode).toBe(200);
    await expectCountersFresh();
    expect((await progress(vip)).categorias).toEqual([
      { categoria_id: a, completadas: 1, total: 2 },
      { categoria_id: b, completadas: 1, total: 2 },
    ]);
    expect((await page(vip, 'membresia', `categoria_id=${b}`)).total).toBe(2);

    // Deleting a watched video.
    expect((await admin('DELETE', `/api/membresia/videos/${a2}`)).statusCode).toBe(200);
    await expectCountersFresh();
    expect((await progress(vip)).categorias[0]).toEqual({ categoria_id: a, completadas: 0, total: 1 });

    // A rolled-back transaction leaves nothing behind.
    await expect(
      database.transaction(async (tx) => {
        await tx.insert(libraryWatched).values({ user_id: otherId, video_id: a3 });
        await tx.delete(libraryVideos).where(eq(libraryVideos.id, b1));
        await tx.update(libraryVideos).set({ categoria_id: a }).where(eq(libraryVideos.id, a1));
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await expectCountersFresh();
    expect(await progress(other)).toMatchObject({ completadas: 1, total: 3 });

    // Deleting a member cascades to their marks.
    await other('PUT', `/api/membresia/videos/${a3}/visto`, { visto: true });
    await db.delete(users).where(eq(users.id, otherId));
    await expectCountersFresh([[vipId, vip]]);
    expect(await db.select().from(libraryWatched).where(eq(libraryWatched.user_id, otherId))).toEqual([]);

    // Deleting a category cascades to its videos, their marks and the progress rows.
    expect((await admin('DELETE', `/api/membresia/categorias/${b}`)).json()).toEqual({
      ok: true,
      deleted_videos: 2,
    });
    await expectCountersFresh([[vipId, vip]]);
    expect(await progress(vip)).toEqual({
      completadas: 0,
      total: 1,
      categorias: [{ categoria_id: a, completadas: 0, total: 1 }],
    });
    await expectCountersFresh([[vipId, vip]]);
    // The other library was never touched.
    expect((await vip('GET', '/api/cafelito-virtual/progreso')).json()).toMatchObject({
      completadas: 1,
      total: 1,
    });
  });

  it('shows a transaction its own writes, nobody else its uncommitted ones, and keeps nothing rolled back', async () => {
    const { database, admin } = await setup();
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
      database.transaction(async (tx) => {
        await tx.insert(libraryCategories).values({ library: 'membresia', nombre: 'Fantasma' });
        await seedVideos(tx, 'membresia', 1, 3);
        expect(await seen()).toEqual([['Real', 'Fantasma'], 3]);
        release();
        expect(await outside).toEqual([['Real'], 0]);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await seen()).toEqual([['Real'], 0]);
  });

  it('serves every page and count from an index, without scans or sorting in memory', async () => {
    const { db, database, admin } = await setup();
    const a = await createCategory(admin, 'membresia', 'A');
    await seedVideos(db, 'membresia', a, 2000);
    // Statistics as autovacuum keeps them after a bulk load, so that the plan does not depend on its timing.
    if (ENGINE === 'postgres') await rawRows(db, sql`analyze library_videos`);
    const queries = libraryReadQueries(db, 'membresia');
    const deep = { limit: 12, offset: 1200 };
    const checked = {
      'stored pages': queries.pageIds('stored', deep),
      'stored category pages': queries.pageIds('stored', { ...deep, categoriaId: a }),
      'newest pages': queries.pageIds('newest', deep),
      'newest category pages': queries.pageIds('newest', { ...deep, categoriaId: a }),
      "a page with the member's marks": queries.page('stored', { ...deep, userId: 1 }),
      "a newest category page with the member's marks": queries.page('newest', {
        ...deep,
        categoriaId: a,
        userId: 1,
      }),
      'library total': queries.libraryTotal(),
      category: queries.categoryById(a),
      categories: queries.categories(),
      progress: queries.progress(1),
    };
    for (const [name, query] of Object.entries(checked)) {
      const plan = await explain(database, query.getSQL());
      expect(plan, name).not.toMatch(/^(\s*->\s*)?SCAN|Seq Scan/m);
      // The only sorts: the progress groups one member's own marks (as many as the videos they watched), and a
      // page puts its own rows (at most `limit`) back in the order its ids were taken in.
      if (name !== 'progress' && !name.startsWith('a ')) expect(plan, name).not.toMatch(/TEMP B-TREE|Sort/);
      // A deep page's OFFSET walks index entries only: the ids come from a covering index.
      if (name.endsWith(' pages') || name.startsWith('a ')) {
        expect(plan, name).toMatch(/COVERING INDEX|Index Only Scan/);
      }
      // Then each video of the page by primary key, with its category and the member's mark by theirs.
      if (name.startsWith('a ')) {
        expect(plan, name).toMatch(/SEARCH library_videos USING INTEGER PRIMARY KEY|library_videos_pkey/);
        expect(plan, name).toMatch(
          /SEARCH library_categories USING INTEGER PRIMARY KEY|library_categories_pkey/,
        );
        expect(plan, name).toMatch(
          /SEARCH library_watched USING COVERING INDEX \S+ \(user_id=\? AND video_id=\?\)|Index Only Scan using library_watched_user_id_video_id_pk/,
        );
      }
    }
  }, 60_000);
});
