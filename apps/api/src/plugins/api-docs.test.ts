import { fileURLToPath } from 'node:url';
import { MESSAGES, openApiDocument } from '@app/contracts';
import { formatProblems, getTotals, lintFromString, loadConfig } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, addUser, createTestApp, signIn } from '../../test/helper';
import { API_DOCS_PAGE } from './api-docs';
import { SESSION_COOKIE } from './session';

interface Operation {
  summary?: string;
  tags?: string[];
  operationId?: string;
  security?: Record<string, string[]>[];
}

describe('API documentation', () => {
  it('generates an OpenAPI 3 document listing every registered endpoint with its contract', async () => {
    const { app } = await createTestApp({ apiDocs: 'public' });
    await app.ready();
    const res = await app.inject({ url: openApiDocument.path });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
    }>();
    expect(doc.openapi).toMatch(/^3\./);
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const fromContracts = app.apiRoutes
      .filter((r) => r.endpoint && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url.replace(/:([A-Za-z_]+)/g, '{$1}')}`);
    expect(fromContracts.length).toBeGreaterThan(3);
    expect(documented.sort()).toEqual(fromContracts.sort());
    // The login body comes from the contract: both fields, required.
    const login = doc.paths['/api/auth/login']?.post;
    expect(JSON.stringify(login?.requestBody)).toContain('"required":["email","password"]');
    expect(login?.responses['200']).toBeDefined();
  });

  it('serves the browsable page and the document to administrators only by default', async () => {
    const { app, db } = await createTestApp();
    const vip = await addUser(db, { email: 'vip@example.com', role: 'vip' });
    const adminCookie = await signIn(app, ADMIN.email, ADMIN.password);
    const vipCookie = await signIn(app, vip.email, vip.password);

    for (const url of [API_DOCS_PAGE, openApiDocument.path, `${API_DOCS_PAGE}/static/swagger-ui-bundle.js`]) {
      const anonymous = await app.inject({ url });
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json()).toEqual({ error: MESSAGES.notAuthenticated });
      const member = await app.inject({ url, headers: { cookie: vipCookie } });
      expect(member.statusCode, url).toBe(403);
      expect((await app.inject({ url, headers: { cookie: adminCookie } })).statusCode, url).toBe(200);
    }

    const page = await app.inject({ url: API_DOCS_PAGE, headers: { cookie: adminCookie } });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger-ui-bundle.js');
    // The page runs under our Content-Security-Policy: only same-origin scripts, and it has no inline script.
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
  });

  it('can be opened to everyone or switched off', async () => {
    const open = await createTestApp({ apiDocs: 'public' });
    expect((await open.app.inject({ url: API_DOCS_PAGE })).statusCode).toBe(200);
    const off = await createTestApp({ apiDocs: 'off' });
    expect((await off.app.inject({ url: API_DOCS_PAGE })).statusCode).toBe(404);
    expect((await off.app.inject({ url: openApiDocument.path })).statusCode).toBe(404);
  });

  it('gives every operation a summary, its feature, an operationId and the session it needs', async () => {
    const { app } = await createTestApp({ apiDocs: 'public' });
    const res = await app.inject({ url: openApiDocument.path });
    const doc = res.json<{
      tags: { name: string; description: string }[];
      paths: Record<string, Record<string, Operation>>;
      components: { securitySchemes: Record<string, unknown> };
    }>();
    expect(doc.components.securitySchemes).toEqual({
      cookieAuth: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
    });
    const tagNames = doc.tags.map((tag) => tag.name);
    const operationIds = new Set<string>();
    const routes = app.apiRoutes.filter((r) => r.endpoint && r.method !== 'HEAD');
    for (const { method, url, access } of routes) {
      const name = `${method} ${url}`;
      const operation = doc.paths[url.replace(/:([A-Za-z_]+)/g, '{$1}')]?.[method.toLowerCase()];
      expect(operation?.summary, name).toMatch(/^[A-ZÁÉÍÓÚÑ¿]\S* \S/);
      expect(operation?.tags, name).toHaveLength(1);
      expect(tagNames, name).toContain(operation?.tags?.[0]);
      expect(operation?.operationId, name).toMatch(/^[a-z][A-Za-z0-9]+$/);
      operationIds.add(operation!.operationId!);
      expect(operation?.security, name).toEqual(access.kind === 'public' ? [] : [{ cookieAuth: [] }]);
    }
    expect(operationIds.size).toBe(routes.length);
    // The public ones that matter to a script: signing in and the health check need no session.
    expect(doc.paths['/api/auth/login']?.post?.security).toEqual([]);
    expect(doc.paths['/api/admin/users']?.get?.security).toEqual([{ cookieAuth: [] }]);
  });

  it('names the public address as its server when APP_URL is set, else a relative one', async () => {
    const relative = await createTestApp({ apiDocs: 'public' });
    const fromRelative = (await relative.app.inject({ url: openApiDocument.path })).json<{
      servers: unknown;
    }>();
    expect(fromRelative.servers).toEqual([{ url: '/' }]);
    const appUrl = 'https://comunidad.example.org';
    const { app } = await createTestApp({ apiDocs: 'public', appUrl });
    expect((await app.inject({ url: openApiDocument.path })).json<{ servers: unknown }>().servers).toEqual([
      { url: appUrl },
    ]);
  });

  it("lints clean with Redocly's recommended rules (warnings accepted only in redocly.yaml)", async () => {
    const { app } = await createTestApp({ apiDocs: 'public' });
    const res = await app.inject({ url: openApiDocument.path });
    const config = await loadConfig({
      configPath: fileURLToPath(new URL('../../redocly.yaml', import.meta.url)),
    });
    const problems = await lintFromString({ source: res.body, absoluteRef: 'openapi.json', config });
    const totals = getTotals(problems);
    if (totals.errors + totals.warnings > 0)
      formatProblems(problems, { format: 'stylish', maxProblems: problems.length, totals });
    expect(totals).toMatchObject({ errors: 0, warnings: 0 });
  });
});
