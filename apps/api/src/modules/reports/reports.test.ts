import {
  progressPercent,
  type MemberProgressPage,
  type ReportExport,
  type VideoCompletionPage,
} from '@app/contracts';
import { and, count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN, addUser, createTestApp, postJson, signIn, type TestApp } from '../../../test/helper';
import { users } from '../../db/schema';
import { readCsv } from '../../lib/csv';
import { libraryCategories, libraryVideos, libraryWatched } from '../library/schema';

/** Two categories of Membresía (3 + 2 videos), one of Cafelito; members with different progress. */
async function seedLibrary({ db }: TestApp) {
  const [a, b, other] = await db
    .insert(libraryCategories)
    .values([
      { library: 'membresia', nombre: 'Ventas' },
      { library: 'membresia', nombre: 'Marca' },
      { library: 'cafelito-virtual', nombre: 'Charlas' },
    ])
    .returning({ id: libraryCategories.id });
  const video = (
    categoria_id: number,
    orden: number,
    library: 'membresia' | 'cafelito-virtual' = 'membresia',
  ) => ({
    library,
    categoria_id,
    titulo: `Video ${categoria_id}-${orden}`,
    url: `https://www.youtube.com/watch?v=abcdefghij${orden}`,
    orden,
    fecha_creacion: `2026-01-0${orden}T10:00:00.000Z`,
  });
  const videos = await db
    .insert(libraryVideos)
    .values([
      video(a!.id, 1),
      video(a!.id, 2),
      video(a!.id, 3),
      video(b!.id, 1),
      video(b!.id, 2),
      video(other!.id, 1, 'cafelito-virtual'),
    ])
    .returning({ id: libraryVideos.id });
  const ids = videos.map((v) => v.id);
  const vip = await addUser(db, { email: 'vip@example.com', username: 'vera', role: 'vip' });
  const est = await addUser(db, { email: 'est@example.com', username: 'esteban', role: 'estrategas' });
  const zero = await addUser(db, { email: 'cero@example.com', username: 'carla', role: 'estrategas' });
  // A cafeinas member cannot open Membresía: not in its report.
  const caf = await addUser(db, { email: 'caf@example.com', username: 'cafe', role: 'cafeinas' });
  await db
    .insert(libraryWatched)
    .values([
      ...ids.slice(0, 5).map((video_id) => ({ user_id: vip.id, video_id })),
      { user_id: vip.id, video_id: ids[5]! },
      { user_id: est.id, video_id: ids[0]! },
      { user_id: est.id, video_id: ids[3]! },
      { user_id: caf.id, video_id: ids[5]! },
    ]);
  return { categories: [a!.id, b!.id], ids, vip, est, zero, caf };
}

describe('library progress reports', () => {
  it('equals counts made directly in the database, per member, per category and per video', async () => {
    const t = await createTestApp();
    await seedLibrary(t);
    const cookie = await signIn(t.app, ADMIN.email, ADMIN.password);
    const res = await t.app.inject({
      url: '/api/membresia/informes/miembros?pageSize=100',
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    const report = res.json<MemberProgressPage>();

    const [videoTotal] = await t.db
      .select({ n: count() })
      .from(libraryVideos)
      .where(eq(libraryVideos.library, 'membresia'));
    expect(report.categorias.map((c) => c.total)).toEqual([3, 2]);
    // Admin, vip and the two estrategas can open Membresía.
    expect(report.items.map((m) => m.username)).toEqual(['vera', 'esteban', 'admin', 'carla']);
    expect(report.total).toBe(4);
    for (const member of report.items) {
      const [direct] = await t.db
        .select({ n: count() })
        .from(libraryWatched)
        .innerJoin(libraryVideos, eq(libraryVideos.id, libraryWatched.video_id))
        .where(and(eq(libraryWatched.user_id, member.user_id), eq(libraryVideos.library, 'membresia')));
      expect(member.completadas).toBe(direct!.n);
      expect(member.total).toBe(videoTotal!.n);
      expect(member.porcentaje).toBe(progressPercent(direct!.n, videoTotal!.n));
      for (const category of member.categorias) {
        const [inCategory] = await t.db
          .select({ n: count() })
          .from(libraryWatched)
          .innerJoin(libraryVideos, eq(libraryVideos.id, libraryWatched.video_id))
          .where(
            and(
              eq(libraryWatched.user_id, member.user_id),
              eq(libraryVideos.categoria_id, category.categoria_id),
            ),
          );
        expect(category.completadas).toBe(inCategory!.n);
      }
    }
    expect(report.items[0]).toMatchObject({ completadas: 5, total: 5, porcentaje: 100 });
    expect(report.items[1]).toMatchObject({ completadas: 2, porcentaje: 40 });

    const videos = (
      await t.app.inject({ url: '/api/membresia/informes/videos?pageSize=100', headers: { cookie } })
    ).json<VideoCompletionPage>();
    expect(videos.total).toBe(5);
    for (const video of videos.items) {
      const [direct] = await t.db
        .select({ n: count() })
        .from(libraryWatched)
        .where(eq(libraryWatched.video_id, video.video_id));
      expect(video.completados).toBe(direct!.n);
    }
    expect(videos.items.map((v) => v.completados)).toEqual([2, 1, 1, 2, 1]);
  });

  it('sorts, pages on the server, filters by role and exports the filtered report as CSV', async () => {
    const t = await createTestApp();
    await seedLibrary(t);
    const cookie = await signIn(t.app, ADMIN.email, ADMIN.password);
    const get = (query: string) =>
      t.app
        .inject({ url: `/api/membresia/informes/miembros?${query}`, headers: { cookie } })
        .then((r) => r.json<MemberProgressPage>());

    const byName = await get('sort=username&order=asc&pageSize=2&page=2');
    expect(byName.items.map((m) => m.username)).toEqual(['esteban', 'vera']);
    expect(byName.total).toBe(4);

    const [estrategas] = await t.db
      .select({ id: users.role_id })
      .from(users)
      .where(inArray(users.email, ['est@example.com']));
    const filtered = await get(`role_id=${estrategas!.id}&order=asc`);
    expect(filtered.items.map((m) => m.username)).toEqual(['carla', 'esteban']);

    const exported = await postJson(
      t.app,
      '/api/membresia/informes/miembros/exportar',
      { role_id: estrategas!.id },
      { cookie },
    );
    const file = exported.json<ReportExport>();
    expect(file.rows).toBe(2);
    const lines = file.csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Usuario,Correo electrónico,Rol,Ventas (completados),Ventas (%),Marca (completados),Marca (%),Completados,Total,Progreso (%)',
    );
    expect(lines[1]).toBe('esteban,est@example.com,estrategas,1/3,33,1/2,50,2,5,40');
  });

  it('exports every cell inert for a spreadsheet, the category headers included', async () => {
    const t = await createTestApp();
    const { categories } = await seedLibrary(t);
    const names = ['=HYPERLINK("https://evil.example","Ventas")', 'Marca;=1+1'];
    for (const [index, id] of categories.entries()) {
      await t.db.update(libraryCategories).set({ nombre: names[index]! }).where(eq(libraryCategories.id, id));
    }
    await t.db.update(users).set({ username: 'vera,@SUM(1)' }).where(eq(users.email, 'vip@example.com'));
    const cookie = await signIn(t.app, ADMIN.email, ADMIN.password);
    const exported = await postJson(t.app, '/api/membresia/informes/miembros/exportar', {}, { cookie });
    const cells = readCsv(exported.json<ReportExport>().csv, 100).flat();
    expect(cells).toContain(`'${names[0]} (completados)`);
    expect(cells).toContain("Marca;'=1+1 (%)");
    expect(cells).toContain("vera,'@SUM(1)");
    for (const cell of cells) {
      // Neither the cell nor any part a program splitting on , ; or tabs would make of it starts a formula.
      expect(cell, cell).not.toMatch(/(^|[,;\t\r\n])[=+\-@]/);
    }
  });

  it('is for administrators only', async () => {
    const t = await createTestApp();
    const member = await addUser(t.db, { email: 'vip@example.com', role: 'vip' });
    const cookie = await signIn(t.app, member.email, member.password);
    const res = await t.app.inject({ url: '/api/membresia/informes/miembros', headers: { cookie } });
    expect(res.statusCode).toBe(403);
  });
});
