import { LIBRARY_MESSAGES, LibraryProgress, MESSAGES, VideoPage } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { ADMIN, addUser, createTestApp, signIn } from '../../../test/helper';
import {
  client,
  createCategory,
  createVideo,
  DRIVE,
  type Client,
  type Method,
} from '../../../test/support/library';

async function setup() {
  const { app, db } = await createTestApp();
  const admin = client(app, await signIn(app, ADMIN.email, ADMIN.password));
  const vip = await addUser(db, { email: 'vip@example.com', role: 'vip' });
  const otherVip = await addUser(db, { email: 'vip2@example.com', role: 'vip' });
  const cafe = await addUser(db, { email: 'cafe@example.com', role: 'cafeinas' });
  return {
    app,
    db,
    admin,
    vip: client(app, await signIn(app, vip.email, vip.password)),
    otherVip: client(app, await signIn(app, otherVip.email, otherVip.password)),
    cafe: client(app, await signIn(app, cafe.email, cafe.password)),
  };
}

/** A page of videos (stored order unless the query says otherwise). */
const videoPage = async (as: Client, library: string, query = ''): Promise<VideoPage> => {
  const res = await as('GET', `/api/${library}/videos${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return VideoPage.parse(res.json());
};

const titles = async (as: Client, library: string, query = '?pageSize=100') =>
  (await videoPage(as, library, query)).items.map((video) => video.titulo);

describe('video libraries', () => {
  it('keeps the categories and videos of Membresía and Cafelito Virtual apart', async () => {
    const { admin, vip } = await setup();
    const cat = await createCategory(admin, 'membresia', 'Estrategia');
    const video = await createVideo(admin, 'membresia', cat, 'Solo en Membresía');

    expect(await titles(vip, 'membresia')).toEqual(['Solo en Membresía']);
    expect(await titles(vip, 'cafelito-virtual')).toEqual([]);
    expect((await vip('GET', '/api/cafelito-virtual/categorias')).json()).toEqual([]);

    // A Membresía id is unknown through the other library's endpoints.
    expect(
      (await admin('PUT', `/api/cafelito-virtual/videos/${video.id}/visto`, { visto: true })).statusCode,
    ).toBe(404);
    expect((await admin('DELETE', `/api/cafelito-virtual/videos/${video.id}`)).statusCode).toBe(404);
    expect((await admin('DELETE', `/api/cafelito-virtual/categorias/${cat}`)).statusCode).toBe(404);
    const foreignCategory = await admin('POST', '/api/cafelito-virtual/videos', {
      titulo: 'X',
      categoria_id: cat,
      url: DRIVE,
    });
    expect(foreignCategory.statusCode).toBe(400);
    expect(foreignCategory.json()).toEqual({
      error: LIBRARY_MESSAGES.categoriaUnknown,
      field: 'categoria_id',
    });
    expect(await titles(vip, 'membresia')).toEqual(['Solo en Membresía']);
  });

  it('creates, lists, updates and deletes categories and videos', async () => {
    const { admin, vip } = await setup();
    const cat = await createCategory(admin, 'cafelito-virtual', 'Café');
    const first = await createVideo(admin, 'cafelito-virtual', cat, 'Primera', {
      material: 'https://example.com/guia.pdf',
    });
    expect(first).toMatchObject({
      titulo: 'Primera',
      categoria_id: cat,
      categoria_nombre: 'Café',
      url: DRIVE,
      material: 'https://example.com/guia.pdf',
      visto: false,
      orden: 1,
    });
    expect(Number.isNaN(Date.parse(first.fecha_creacion))).toBe(false);
    const second = await createVideo(admin, 'cafelito-virtual', cat, 'Segunda');
    expect(second).toMatchObject({ orden: 2, material: null });

    const renamed = await admin('PUT', `/api/cafelito-virtual/categorias/${cat}`, {
      nombre: 'Café con leche',
      descripcion: '',
    });
    expect(renamed.json()).toEqual({ id: cat, nombre: 'Café con leche', descripcion: '', total_videos: 2 });

    const updated = await admin('PUT', `/api/cafelito-virtual/videos/${first.id}`, {
      titulo: 'Primera (editada)',
      descripcion: 'Nueva',
      categoria_id: cat,
      url: 'https://drive.google.com/open?id=1ZyXwVuTsRqPoNmLk',
      material: '',
    });
    expect(updated.json()).toMatchObject({
      titulo: 'Primera (editada)',
      categoria_nombre: 'Café con leche',
      material: null,
      orden: 1,
    });
    expect(await titles(vip, 'cafelito-virtual')).toEqual(['Primera (editada)', 'Segunda']);

    expect((await admin('DELETE', `/api/cafelito-virtual/videos/${second.id}`)).json()).toEqual({ ok: true });
    expect(await titles(vip, 'cafelito-virtual')).toEqual(['Primera (editada)']);
    expect((await admin('DELETE', `/api/cafelito-virtual/videos/${second.id}`)).statusCode).toBe(404);
  });

  it('takes a null material as no material, on create and on edit', async () => {
    const { admin } = await setup();
    const cat = await createCategory(admin, 'membresia', 'Estrategia');
    const created = await createVideo(admin, 'membresia', cat, 'Sin material', { material: null });
    expect(created.material).toBeNull();
    const withMaterial = await createVideo(admin, 'membresia', cat, 'Con material', {
      material: 'https://example.com/guia.pdf',
    });
    const edited = await admin('PUT', `/api/membresia/videos/${withMaterial.id}`, {
      titulo: 'Con material',
      categoria_id: cat,
      url: DRIVE,
      material: null,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ material: null });
    const page = await videoPage(admin, 'membresia');
    expect(page.items.map((video) => video.material)).toEqual([null, null]);
  });

  it('deletes a category together with its videos, never leaving orphans', async () => {
    const { admin, vip } = await setup();
    const keep = await createCategory(admin, 'membresia', 'Se queda');
    const gone = await createCategory(admin, 'membresia', 'Se va');
    await createVideo(admin, 'membresia', keep, 'Queda');
    const doomed = await createVideo(admin, 'membresia', gone, 'Se borra 1');
    await createVideo(admin, 'membresia', gone, 'Se borra 2');
    await vip('PUT', `/api/membresia/videos/${doomed.id}/visto`, { visto: true });

    const categories = (await admin('GET', '/api/membresia/categorias')).json();
    expect(categories.map((c: { total_videos: number }) => c.total_videos)).toEqual([1, 2]);

    const res = await admin('DELETE', `/api/membresia/categorias/${gone}`);
    expect(res.json()).toEqual({ ok: true, deleted_videos: 2 });
    expect(await titles(vip, 'membresia')).toEqual(['Queda']);
    expect(LibraryProgress.parse((await vip('GET', '/api/membresia/progreso')).json())).toEqual({
      completadas: 0,
      total: 1,
      categorias: [{ categoria_id: keep, completadas: 0, total: 1 }],
    });
  });

  it('reorders videos within a category and persists the order', async () => {
    const { admin, vip } = await setup();
    const a = await createCategory(admin, 'membresia', 'A');
    const b = await createCategory(admin, 'membresia', 'B');
    const one = await createVideo(admin, 'membresia', a, 'Uno');
    await createVideo(admin, 'membresia', b, 'Otra categoría');
    const three = await createVideo(admin, 'membresia', a, 'Tres');
    expect(three.orden).toBe(3);

    const moved = await admin('POST', `/api/membresia/videos/${three.id}/mover`, { direction: 'up' });
    expect(moved.json()).toEqual({ ok: true });
    const list = (await videoPage(vip, 'membresia')).items;
    const inA = list.filter((video) => video.categoria_id === a).map((video) => video.titulo);
    expect(inA).toEqual(['Tres', 'Uno']);
    // The first one cannot go further up: nothing changes.
    await admin('POST', `/api/membresia/videos/${three.id}/mover`, { direction: 'up' });
    await admin('POST', `/api/membresia/videos/${one.id}/mover`, { direction: 'down' });
    const again = (await videoPage(vip, 'membresia')).items;
    expect(again.filter((video) => video.categoria_id === a).map((video) => video.titulo)).toEqual([
      'Tres',
      'Uno',
    ]);
  });

  it('rejects invalid input with 400 and a Spanish field error', async () => {
    const { admin } = await setup();
    const cat = await createCategory(admin, 'membresia', 'Válida');
    const base = { titulo: 'Clase', descripcion: '', categoria_id: cat, url: DRIVE, material: '' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, url: 'https://www.youtube.com/watch?v=abcdefghijk' }, 'url', LIBRARY_MESSAGES.urlInvalid],
      [
        { ...base, url: 'http://drive.google.com/file/d/1AbCdEfGhIjKlMnOpQr/view' },
        'url',
        LIBRARY_MESSAGES.urlInvalid,
      ],
      [{ ...base, url: 'https://drive.google.com/drive/folders' }, 'url', LIBRARY_MESSAGES.urlInvalid],
      [{ ...base, url: '  ' }, 'url', LIBRARY_MESSAGES.urlRequired],
      [{ ...base, material: 'javascript:alert(1)' }, 'material', LIBRARY_MESSAGES.materialInvalid],
      [{ ...base, titulo: 'x'.repeat(201) }, 'titulo', LIBRARY_MESSAGES.tituloTooLong],
      [{ ...base, titulo: '   ' }, 'titulo', LIBRARY_MESSAGES.tituloRequired],
      [{ ...base, descripcion: 'x'.repeat(5001) }, 'descripcion', LIBRARY_MESSAGES.descripcionTooLong],
      [{ ...base, categoria_id: 999 }, 'categoria_id', LIBRARY_MESSAGES.categoriaUnknown],
    ];
    for (const [payload, field, error] of cases) {
      const res = await admin('POST', '/api/membresia/videos', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ error, field });
    }
    const blankName = await admin('POST', '/api/membresia/categorias', { nombre: '  ', descripcion: '' });
    expect(blankName.statusCode).toBe(400);
    expect(blankName.json()).toEqual({ error: LIBRARY_MESSAGES.nombreRequired, field: 'nombre' });
    const duplicate = await admin('POST', '/api/membresia/categorias', { nombre: 'VÁLIDA', descripcion: '' });
    expect([duplicate.statusCode, duplicate.json().field]).toEqual([409, 'nombre']);
    // The same name is free in the other library.
    expect((await admin('POST', '/api/cafelito-virtual/categorias', { nombre: 'Válida' })).statusCode).toBe(
      200,
    );
    expect(await titles(admin, 'membresia')).toEqual([]);
  });

  it('lets members read but not write (403), and lets no one without the permission read (403)', async () => {
    const { app, admin, vip, cafe } = await setup();
    const cat = await createCategory(admin, 'membresia', 'Privada');
    const video = await createVideo(admin, 'membresia', cat, 'Privada');

    const writes: [Method, string, unknown][] = [
      ['POST', '/api/membresia/categorias', { nombre: 'Nueva' }],
      ['PUT', `/api/membresia/categorias/${cat}`, { nombre: 'Otra' }],
      ['DELETE', `/api/membresia/categorias/${cat}`, undefined],
      ['POST', '/api/membresia/videos', { titulo: 'X', categoria_id: cat, url: DRIVE }],
      ['PUT', `/api/membresia/videos/${video.id}`, { titulo: 'X', categoria_id: cat, url: DRIVE }],
      ['DELETE', `/api/membresia/videos/${video.id}`, undefined],
      ['POST', `/api/membresia/videos/${video.id}/mover`, { direction: 'up' }],
    ];
    for (const [method, url, payload] of writes) {
      const res = await vip(method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ error: MESSAGES.forbidden });
    }
    expect(await titles(vip, 'membresia')).toEqual(['Privada']);

    // cafeinas has Cafelito Virtual only: Membresía is closed to them, Cafelito Virtual open.
    for (const url of ['/api/membresia/videos', '/api/membresia/categorias', '/api/membresia/progreso']) {
      expect((await cafe('GET', url)).statusCode, url).toBe(403);
    }
    expect((await cafe('PUT', `/api/membresia/videos/${video.id}/visto`, { visto: true })).statusCode).toBe(
      403,
    );
    expect((await cafe('GET', '/api/cafelito-virtual/videos')).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/cafelito-virtual/videos' })).statusCode).toBe(401);
  });

  it('keeps watched marks per member, persisted, with per-category and overall progress', async () => {
    const { admin, vip, otherVip } = await setup();
    const a = await createCategory(admin, 'membresia', 'A');
    const b = await createCategory(admin, 'membresia', 'B');
    const empty = await createCategory(admin, 'membresia', 'Vacía');
    const a1 = await createVideo(admin, 'membresia', a, 'A1');
    const a2 = await createVideo(admin, 'membresia', a, 'A2');
    await createVideo(admin, 'membresia', a, 'A3');
    const b1 = await createVideo(admin, 'membresia', b, 'B1');

    for (const id of [a1.id, a2.id, b1.id]) {
      const res = await vip('PUT', `/api/membresia/videos/${id}/visto`, { visto: true });
      expect(res.json()).toEqual({ id, visto: true });
    }
    // Marking twice is harmless; unmarking removes only this member's mark.
    await vip('PUT', `/api/membresia/videos/${a1.id}/visto`, { visto: true });
    await vip('PUT', `/api/membresia/videos/${b1.id}/visto`, { visto: false });
    await otherVip('PUT', `/api/membresia/videos/${b1.id}/visto`, { visto: true });

    const watched = (as: Client) =>
      videoPage(as, 'membresia').then((page) =>
        page.items.filter((video) => video.visto).map((video) => video.titulo),
      );
    expect(await watched(vip)).toEqual(['A1', 'A2']);
    expect(await watched(otherVip)).toEqual(['B1']);
    expect(await watched(admin)).toEqual([]);

    expect((await vip('GET', '/api/membresia/progreso')).json()).toEqual({
      completadas: 2,
      total: 4,
      categorias: [
        { categoria_id: a, completadas: 2, total: 3 },
        { categoria_id: b, completadas: 0, total: 1 },
        { categoria_id: empty, completadas: 0, total: 0 },
      ],
    });
    expect((await otherVip('GET', '/api/membresia/progreso')).json()).toMatchObject({
      completadas: 1,
      total: 4,
    });
    expect((await vip('GET', '/api/cafelito-virtual/progreso')).json()).toEqual({
      completadas: 0,
      total: 0,
      categorias: [],
    });
  });
});
