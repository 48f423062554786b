import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { COMMUNITY_LOGO_MAX_BYTES, COMMUNITY_MESSAGES as M } from '@app/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN, addUser, createTestApp, csrf, postJson, signIn } from '../../../test/helper';
import { createMailer } from '../../integrations/mailer';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function webDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  const page = (body: string) =>
    `<!doctype html><html lang="es"><head><title>Comunidad - Herramientas</title></head>${body}</html>`;
  writeFileSync(
    path.join(dir, 'index.html'),
    page('<div id="root"><header><span class="boot-brand">Inicio</span></header></div>'),
  );
  writeFileSync(path.join(dir, 'login.html'), page('<div id="root" data-prerendered="signed-out"></div>'));
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(
    path.join(dir, '.vite', 'prerendered.json'),
    JSON.stringify({ '/login': { file: 'login.html', session: 'signed-out' } }),
  );
  return dir;
}

async function setUp() {
  const mailer = createMailer(
    { smtpUrl: undefined, from: 'x@example.com', outboxDir: undefined },
    { info() {} },
  );
  const test = await createTestApp(
    { webDistDir: webDist(), appUrl: 'https://miembros.example.com' },
    { mailer },
  );
  const cookie = await signIn(test.app, ADMIN.email, ADMIN.password);
  const put = (url: string, payload: Record<string, unknown>, who = cookie) =>
    test.app.inject({ method: 'PUT', url, payload, headers: { ...csrf, cookie: who } });
  const uploadLogo = (bytes: Buffer, type = 'image/png', who = cookie) =>
    put('/api/admin/community/logo', { type, data: bytes.toString('base64') }, who);
  return { ...test, mailer, cookie, put, uploadLogo };
}

describe('the community name and logo', () => {
  it('keeps the defaults until set, then shows the name in the pages, their title and the public settings', async () => {
    const { app, put } = await setUp();
    expect((await app.inject({ url: '/login' })).body).toContain('data-prerendered');

    const saved = await put('/api/admin/community/name', { name: '  Café & Co <3 ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ name: 'Café & Co <3', logo_url: null });

    const config = (await app.inject({ url: '/api/public-config' })).json();
    expect(config).toMatchObject({ communityName: 'Café & Co <3', communityLogoUrl: null });
    const page = (await app.inject({ url: '/login' })).body;
    // The prerendered pages carry the default look: a named community gets index.html, named and escaped.
    expect(page).not.toContain('data-prerendered');
    expect(page).toContain('<title>Café &#38; Co &#60;3</title>');
    expect(page).toContain('<span class="boot-brand">Café &#38; Co &#60;3</span>');

    expect((await put('/api/admin/community/name', { name: '' })).json()).toEqual({
      name: null,
      logo_url: null,
    });
    expect((await app.inject({ url: '/login' })).body).toContain('data-prerendered');
  });

  it('refuses a name that is too long, in Spanish', async () => {
    const { put } = await setUp();
    const res = await put('/api/admin/community/name', { name: 'x'.repeat(61) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(M.nameTooLong);
  });

  it('stores an uploaded logo and serves it with caching headers by its version', async () => {
    const { app, uploadLogo } = await setUp();
    const saved = await uploadLogo(PNG);
    expect(saved.statusCode).toBe(200);
    const url = saved.json().logo_url as string;
    expect(url).toMatch(/^\/api\/community\/logo\?v=[0-9a-f]{16}$/);

    const image = await app.inject({ url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    // Without the current version the address may change content: never kept.
    expect((await app.inject({ url: '/api/community/logo' })).headers['cache-control']).toBe('no-cache');
    expect((await app.inject({ url: '/api/public-config' })).json().communityLogoUrl).toBe(url);
  });

  it.each([
    ['a type that is not an image', 'image/svg+xml', PNG, M.logoType],
    ['a file that is not the image it claims', 'image/jpeg', PNG, M.logoNotImage],
    ['text posing as a PNG', 'image/png', Buffer.from('<svg onload="alert(1)">'), M.logoNotImage],
    ['an empty file', 'image/png', Buffer.alloc(0), M.logoEmpty],
    [
      'a file over the limit',
      'image/png',
      Buffer.concat([PNG, Buffer.alloc(COMMUNITY_LOGO_MAX_BYTES)]),
      M.logoTooLarge,
    ],
  ])('refuses %s with a Spanish 400 and keeps no logo', async (_case, type, bytes, message) => {
    const { app, uploadLogo } = await setUp();
    const res = await uploadLogo(bytes, type);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
    expect((await app.inject({ url: '/api/community/logo' })).statusCode).toBe(404);
  });

  it('lets only administrators change it', async () => {
    const { app, db, put } = await setUp();
    const member = await addUser(db, { email: 'ana@example.com', role: 'vip' });
    const memberCookie = await signIn(app, member.email, member.password);
    expect((await put('/api/admin/community/name', { name: 'Mía' }, memberCookie)).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/admin/community' })).statusCode).toBe(401);
  });

  it('signs the emails with the name and heads them with the logo', async () => {
    const { app, mailer, put, uploadLogo } = await setUp();
    await put('/api/admin/community/name', { name: 'Cafelito' });
    const logoUrl = (await uploadLogo(PNG)).json().logo_url as string;
    await postJson(app, '/api/accounts/password-reset/request', { email: ADMIN.email });
    // The recovery email goes out after the answer.
    const message = await vi.waitFor(() => {
      const sent = mailer.kept.at(-1);
      if (!sent) throw new Error('no email yet');
      return sent;
    });
    expect(message.text).toContain('El equipo de Cafelito');
    expect(message.html).toContain(`<img src="https://miembros.example.com${logoUrl}"`);
  });
});
