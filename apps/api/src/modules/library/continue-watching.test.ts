import { Video } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { ADMIN, addUser, createTestApp, signIn } from '../../../test/helper';
import { client, createCategory, createVideo, type Client } from '../../../test/support/library';
import { securityHeaders } from '../../plugins/security';

/** A clock one minute further on at every reading: openings have distinct, ordered times. */
function steppingClock() {
  let time = Date.parse('2026-11-01T10:00:00.000Z');
  return {
    now: () => {
      time += 60_000;
      return new Date(time);
    },
  };
}

async function setup() {
  const { app, db } = await createTestApp({}, { clock: steppingClock() });
  const admin = client(app, await signIn(app, ADMIN.email, ADMIN.password));
  const ana = await addUser(db, { email: 'ana@example.com', role: 'vip' });
  const bea = await addUser(db, { email: 'bea@example.com', role: 'vip' });
  const cafe = await addUser(db, { email: 'cafe@example.com', role: 'cafeinas' });
  return {
    admin,
    ana: client(app, await signIn(app, ana.email, ana.password)),
    bea: client(app, await signIn(app, bea.email, bea.password)),
    cafe: client(app, await signIn(app, cafe.email, cafe.password)),
  };
}

const continuing = async (as: Client, library = 'membresia'): Promise<string[]> => {
  const res = await as('GET', `/api/${library}/continuar`);
  expect(res.statusCode, res.body).toBe(200);
  return Video.array()
    .parse(res.json())
    .map((video) => video.titulo);
};

const open = (as: Client, id: number, library = 'membresia') =>
  as('PUT', `/api/${library}/videos/${id}/abierto`);

describe('"Continuar viendo"', () => {
  it('lists the classes a member opened and has not completed, most recently opened first', async () => {
    const { admin, ana } = await setup();
    const cat = await createCategory(admin, 'membresia', 'Estrategia');
    const first = await createVideo(admin, 'membresia', cat, 'Primera');
    const second = await createVideo(admin, 'membresia', cat, 'Segunda');
    await createVideo(admin, 'membresia', cat, 'Nunca abierta');

    expect(await continuing(ana)).toEqual([]);
    const opened = await open(ana, first.id);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toEqual({ id: first.id, abierto_en: expect.any(String) });
    expect((await open(ana, second.id)).statusCode).toBe(200);
    expect(await continuing(ana)).toEqual(['Segunda', 'Primera']);

    // Opening it again moves it to the front; still one entry per class.
    expect((await open(ana, first.id)).statusCode).toBe(200);
    expect(await continuing(ana)).toEqual(['Primera', 'Segunda']);
  });

  it('completing a class takes it out; unmarking it brings it back', async () => {
    const { admin, ana } = await setup();
    const cat = await createCategory(admin, 'membresia', 'Estrategia');
    const video = await createVideo(admin, 'membresia', cat, 'Clase');
    await open(ana, video.id);
    expect(await continuing(ana)).toEqual(['Clase']);

    expect((await ana('PUT', `/api/membresia/videos/${video.id}/visto`, { visto: true })).statusCode).toBe(
      200,
    );
    expect(await continuing(ana)).toEqual([]);
    expect((await ana('PUT', `/api/membresia/videos/${video.id}/visto`, { visto: false })).statusCode).toBe(
      200,
    );
    expect(await continuing(ana)).toEqual(['Clase']);
  });

  it("is each member's own: one member's openings never show to another", async () => {
    const { admin, ana, bea } = await setup();
    const cat = await createCategory(admin, 'membresia', 'Estrategia');
    const video = await createVideo(admin, 'membresia', cat, 'De Ana');
    await open(ana, video.id);

    expect(await continuing(ana)).toEqual(['De Ana']);
    expect(await continuing(bea)).toEqual([]);
    // Bea completing it changes nothing for Ana.
    await bea('PUT', `/api/membresia/videos/${video.id}/visto`, { visto: true });
    expect(await continuing(ana)).toEqual(['De Ana']);
  });

  it('keeps the libraries apart and refuses unknown classes, members without the tool and guests', async () => {
    const { admin, ana, cafe } = await setup();
    const memb = await createVideo(admin, 'membresia', await createCategory(admin, 'membresia', 'M'), 'M1');
    const cv = await createVideo(
      admin,
      'cafelito-virtual',
      await createCategory(admin, 'cafelito-virtual', 'C'),
      'C1',
    );

    // A Membresía class is unknown through Cafelito Virtual, and so is a missing one.
    expect((await open(ana, memb.id, 'cafelito-virtual')).statusCode).toBe(404);
    expect((await open(ana, 999_999)).json()).toEqual({ error: 'El video no existe' });
    await open(ana, cv.id, 'cafelito-virtual');
    expect(await continuing(ana, 'cafelito-virtual')).toEqual(['C1']);
    expect(await continuing(ana, 'membresia')).toEqual([]);

    // Cafeínas have Cafelito Virtual only.
    expect((await open(cafe, memb.id)).statusCode).toBe(403);
    expect((await cafe('GET', '/api/membresia/continuar')).statusCode).toBe(403);
    expect((await open(cafe, cv.id, 'cafelito-virtual')).statusCode).toBe(200);

    // Deleting the class deletes the openings with it.
    expect((await admin('DELETE', `/api/cafelito-virtual/videos/${cv.id}`)).statusCode).toBe(200);
    expect(await continuing(ana, 'cafelito-virtual')).toEqual([]);
  });
});

describe('class pictures', () => {
  it('stores an https miniatura, answers null without one, and refuses an http one', async () => {
    const { admin, ana } = await setup();
    const cat = await createCategory(admin, 'membresia', 'Estrategia');
    const plain = await createVideo(admin, 'membresia', cat, 'Sin miniatura');
    expect(plain.miniatura).toBeNull();
    const pictured = await createVideo(admin, 'membresia', cat, 'Con miniatura', {
      miniatura: 'https://cdn.example.com/poster.jpg',
    });
    expect(pictured.miniatura).toBe('https://cdn.example.com/poster.jpg');

    const page = (await ana('GET', '/api/membresia/videos?sort=stored')).json() as { items: Video[] };
    expect(page.items.map((video) => video.miniatura)).toEqual([null, 'https://cdn.example.com/poster.jpg']);

    const refused = await admin('PUT', `/api/membresia/videos/${plain.id}`, {
      titulo: 'Sin miniatura',
      categoria_id: cat,
      url: plain.url,
      miniatura: 'http://cdn.example.com/poster.jpg',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: 'La miniatura debe ser un enlace que empiece por https://',
    });

    // Cleared: back to the Drive thumbnail.
    const cleared = await admin('PUT', `/api/membresia/videos/${pictured.id}`, {
      titulo: 'Con miniatura',
      categoria_id: cat,
      url: pictured.url,
      miniatura: '',
    });
    expect(cleared.json().miniatura).toBeNull();
  });

  it("lets the page load Drive thumbnails and any https picture (the CSP's img-src)", () => {
    const headers = Object.entries(securityHeaders(false));
    const csp = headers.find(([name]) => name.toLowerCase() === 'content-security-policy')?.[1] ?? '';
    const imgSrc = csp.split(';').find((directive) => directive.trim().startsWith('img-src')) ?? '';
    expect(imgSrc.trim().split(/\s+/)).toContain('https:');
  });
});
