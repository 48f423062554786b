import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helper';

function fakeWebDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html lang="es"><div id="root"></div></html>');
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("app");'.repeat(200));
  return dir;
}

describe('system routes and the served web app', () => {
  it('answers the health check', async () => {
    const { app } = await createTestApp();
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('tells the browser the membership plans address, and null when none is configured', async () => {
    const configured = await createTestApp({ membershipPlansUrl: 'https://example.com/planes' });
    expect((await configured.app.inject({ url: '/api/public-config' })).json()).toEqual({
      membershipPlansUrl: 'https://example.com/planes',
      billingEnabled: false,
      timeZone: 'Europe/Madrid',
      communityName: null,
      communityLogoUrl: null,
    });
    const unset = await createTestApp();
    expect((await unset.app.inject({ url: '/api/public-config' })).json()).toEqual({
      membershipPlansUrl: null,
      billingEnabled: false,
      timeZone: 'Europe/Madrid',
      communityName: null,
      communityLogoUrl: null,
    });
  });

  it('serves index.html for client routes and JSON 404 for unknown API paths', async () => {
    const { app } = await createTestApp({ webDistDir: fakeWebDist() });
    for (const url of ['/', '/dashboard', '/texto', '/ruta/que/no/existe']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const api = await app.inject({ method: 'GET', url: '/api/no-existe' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: MESSAGES.notFound });
  });

  it('sends the prerendered pages for their paths, a signed-in frame only with a session cookie', async () => {
    const dir = fakeWebDist();
    writeFileSync(
      path.join(dir, 'login.html'),
      '<div id="root" data-prerendered="signed-out">Iniciar Sesión</div>',
    );
    writeFileSync(path.join(dir, 'dashboard.html'), '<div id="root" data-prerendered="signed-in">Hola</div>');
    mkdirSync(path.join(dir, '.vite'));
    writeFileSync(
      path.join(dir, '.vite', 'prerendered.json'),
      JSON.stringify({
        '/login': { file: 'login.html', session: 'signed-out' },
        '/dashboard': { file: 'dashboard.html', session: 'signed-in' },
      }),
    );
    const { app } = await createTestApp({ webDistDir: dir });
    const page = async (url: string, cookie?: string) => {
      const res = await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      return res.body;
    };
    const index = '<!doctype html><html lang="es"><div id="root"></div></html>';
    for (const url of ['/login', '/login?next=1']) expect(await page(url)).toContain('Iniciar Sesión');
    expect(await page('/login', 'session=abc')).toContain('Iniciar Sesión');
    expect(await page('/dashboard')).toBe(index);
    expect(await page('/dashboard', 'session=abc')).toContain('data-prerendered="signed-in"');
    for (const url of ['/login/otra', '/register', '/texto'])
      expect(await page(url, 'session=abc')).toBe(index);
  });

  it('writes the public settings into the pages it sends, as the public-config endpoint answers them', async () => {
    const dir = fakeWebDist();
    const head = (body: string) =>
      `<!doctype html><html lang="es"><head><title>App</title></head>${body}</html>`;
    writeFileSync(path.join(dir, 'index.html'), head('<div id="root"></div>'));
    writeFileSync(path.join(dir, 'login.html'), head('<div id="root" data-prerendered="signed-out"></div>'));
    mkdirSync(path.join(dir, '.vite'));
    writeFileSync(
      path.join(dir, '.vite', 'prerendered.json'),
      JSON.stringify({ '/login': { file: 'login.html', session: 'signed-out' } }),
    );
    const { app } = await createTestApp({
      webDistDir: dir,
      membershipPlansUrl: 'https://example.com/</script>',
    });
    const answer = (await app.inject({ url: '/api/public-config' })).json();
    for (const url of ['/login', '/dashboard']) {
      const page = (await app.inject({ url })).body;
      const block = /<script type="application\/json" id="public-config">(.*?)<\/script><\/head>/.exec(page);
      expect(block, url).not.toBeNull();
      // A value that closes the script element is escaped, and still reads back the same.
      expect(block?.[1], url).not.toContain('</');
      expect(JSON.parse(block?.[1] ?? ''), url).toEqual(answer);
    }
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const { app } = await createTestApp({ webDistDir: fakeWebDist() });
    const res = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('sends an asset the build compressed as it is, and the plain file to a browser that takes neither', async () => {
    const dir = fakeWebDist();
    const brotli = Buffer.from('brotli bytes as the build wrote them');
    writeFileSync(path.join(dir, 'assets', 'index-abc123.js.br'), brotli);
    const { app } = await createTestApp({ webDistDir: dir });
    const compressed = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['content-type']).toMatch(/javascript/);
    expect(compressed.headers['cache-control']).toContain('immutable');
    expect(compressed.rawPayload.equals(brotli)).toBe(true);
    const plain = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("app");'.repeat(200));
  });

  it('sends security headers with a CSP that allows only the Google Drive preview frame', async () => {
    const { app } = await createTestApp({ webDistDir: fakeWebDist() });
    const res = await app.inject({ method: 'GET', url: '/dashboard' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain('frame-src https://drive.google.com');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends API answers the short API header set: never cached, never framed, never sniffed', async () => {
    const { app } = await createTestApp({ webDistDir: fakeWebDist() });
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    // The page-only directives stay off JSON answers.
    expect(res.headers['content-security-policy']).not.toContain('drive.google.com');
  });

  it('answers JSON 404 for any API path when no web app is built', async () => {
    const { app } = await createTestApp();
    const res = await app.inject({ method: 'GET', url: '/dashboard' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: MESSAGES.notFound });
  });
});
