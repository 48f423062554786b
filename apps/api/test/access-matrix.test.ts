/**
 * The access matrix: every route the API registers (read from the app's own registry, never a hand-written
 * list) is called by six people: nobody, a deactivated member, a cafeinas member, a vip member, a member of a
 * custom role with only `config`, and an administrator. The answer must match the route's declared access,
 * and no answer may hold a secret, or another member's data when the caller is not an administrator.
 */
import {
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  LIBRARY_API,
  LIBRARY_NAMES,
  MESSAGES,
  TWO_FACTOR_MESSAGES,
  me,
  OkResponse,
  type LibraryProgress,
  type VideoPage,
} from '@app/contracts';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import {
  access,
  declareScopeAccess,
  registerAccessGuards,
  type Access,
  type ApiRoute,
} from '../src/plugins/authz';
import {
  appFromSnapshot,
  buildCommunity,
  communityConfig,
  secretLeaks,
  type Community,
  type Principal,
} from './support/community';
import { fillPath, queryString, validInput, validParams } from './support/contract-arbitraries';

let community: Community;
let routes: ApiRoute[];

// Six accounts with argon2id hashes and a database snapshot: on PostgreSQL on a busy machine this outlasts
// vitest's default hook limit, so the set-up gets a limit of its own.
beforeAll(async () => {
  community = await buildCommunity();
  const { app, close } = await appFromSnapshot(community);
  // HEAD answers exactly like GET (Fastify derives it); every other method is called.
  routes = app.apiRoutes.filter((r) => r.method !== 'HEAD');
  await close();
}, 180_000);
// Closing drops every copy of the database the routes were checked on, a few at a time (each drop is a
// checkpoint on PostgreSQL): as long as the set-up on a busy machine.
afterAll(async () => community.close(), 180_000);

function expectedAllowed(rule: Access, p: Principal): boolean {
  if (rule.kind === 'public') return true;
  if (!p.seenAs) return false;
  if (rule.kind === 'user') return true;
  // Only the administrator confirmed their identity on their session (test/support/community.ts).
  if (rule.kind === 'confirmed') return p.name === 'admin';
  if (rule.kind === 'admin') return p.seenAs.admin;
  return p.seenAs.tools.includes(rule.tool);
}

/** Routes checked at once, each on its own app and database copy. */
const ROUTES_AT_ONCE = 3;

/** `work` on every item, at most `limit` at a time; the results in the items' order. */
async function mapConcurrently<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const isAccessDenial = (status: number, error: unknown) =>
  (status === 401 && error === MESSAGES.notAuthenticated) || (status === 403 && error === MESSAGES.forbidden);

describe('access matrix', () => {
  it('reads every registered route from the app, with its declared access', () => {
    const urls = routes.map((r) => `${r.method} ${r.url}`);
    expect(urls).toContain(`${me.method} ${me.path}`);
    expect(urls).toContain('GET /api/docs');
    for (const r of routes) expect(['public', 'user', 'confirmed', 'tool', 'admin']).toContain(r.access.kind);
  });

  it('answers every route as declared, to each of the six callers, and leaks nothing', async () => {
    // Each route on a fresh app over its own copy of the community's database, as before; a few routes at a
    // time, since building an app and copying a PostgreSQL database is mostly waiting on the database server.
    const failuresByRoute = await mapConcurrently(routes, ROUTES_AT_ONCE, async (r) => {
      const failures: string[] = [];
      const { app, close } = await appFromSnapshot(community);
      const url = fillPath(r.url, validParams(r.endpoint, r.url)).replace('*', 'index.css');
      const query = queryString(validInput(r.endpoint?.query));
      const body = r.method === 'GET' || r.method === 'DELETE' ? undefined : validInput(r.endpoint?.body);
      // Admin last: an administrator's change (a deletion...) must not hide a member's answer.
      for (const p of community.principals) {
        const res = await app.inject({
          method: r.method as 'GET',
          url: url + query,
          headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE, ...(p.cookie ? { cookie: p.cookie } : {}) },
          ...(body !== undefined ? { payload: body as object } : {}),
        });
        const where = `${r.method} ${r.url} as ${p.name} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
        const error = String(res.headers['content-type']).includes('json')
          ? (res.json() as { error?: unknown }).error
          : undefined;
        if (res.statusCode >= 500) failures.push(`server error: ${where}`);
        if (expectedAllowed(r.access, p)) {
          if (isAccessDenial(res.statusCode, error)) failures.push(`refused an allowed caller: ${where}`);
        } else if (!p.seenAs) {
          if (res.statusCode !== 401 || error !== MESSAGES.notAuthenticated)
            failures.push(`expected 401: ${where}`);
        } else if (r.access.kind === 'confirmed') {
          if (res.statusCode !== 403 || error !== TWO_FACTOR_MESSAGES.confirmIdentity)
            failures.push(`expected 403 asking to confirm the identity: ${where}`);
        } else if (res.statusCode !== 403 || error !== MESSAGES.forbidden) {
          failures.push(`expected 403: ${where}`);
        }
        // The members export carries password hashes on purpose (a migration to another server, confirmed by
        // the admin): only there are they not a leak. Keys, tokens and other secrets still are.
        const exportsHashes = r.method === 'POST' && r.url === '/api/admin/users/export';
        for (const leak of secretLeaks(community, res.body)) {
          if (exportsHashes && (leak === 'credential column' || leak === 'password hash')) continue;
          failures.push(`leaks ${leak}: ${where}`);
        }
        if (p.name !== 'admin') {
          for (const [owner, email] of community.emails) {
            if (owner !== p.name && res.body.toLowerCase().includes(email))
              failures.push(`leaks ${owner}'s email: ${where}`);
          }
          const { username, phone } = community.victim;
          if (res.body.includes(username) || res.body.includes(phone))
            failures.push(`leaks another member's data: ${where}`);
        }
      }
      await close();
      return failures;
    });
    expect(failuresByRoute.flat()).toEqual([]);
    expect(routes.length).toBeGreaterThanOrEqual(5);
    // A fresh app per route on PostgreSQL: the budget grows with the routes and with the machine's load.
  }, 600_000);

  it("shows each member only their own watched marks (the victim's never leak)", async () => {
    const { app, close } = await appFromSnapshot(community);
    let listings = 0;
    for (const p of community.principals) {
      if (!p.cookie || !p.seenAs) continue;
      for (const library of LIBRARY_NAMES) {
        const api = LIBRARY_API[library];
        const videos = await app.inject({ url: api.listVideos.path, headers: { cookie: p.cookie } });
        if (videos.statusCode !== 200) continue;
        listings++;
        const { items } = videos.json() as VideoPage;
        expect(items.length, `${library} as ${p.name}`).toBeGreaterThan(0);
        expect(
          items.filter((v) => v.visto),
          `${library} as ${p.name}`,
        ).toEqual([]);
        const progress = await app.inject({ url: api.progress.path, headers: { cookie: p.cookie } });
        expect((progress.json() as LibraryProgress).completadas, `${library} as ${p.name}`).toBe(0);
      }
    }
    expect(listings).toBeGreaterThanOrEqual(2);
    await close();
  });

  it('refuses to start when an API route does not declare its access', async () => {
    const database = openDatabase(':memory:');
    const app = await buildApp(communityConfig(), { db: database });
    expect(() => app.get('/api/nueva-ruta', async () => ({ ok: true }))).toThrow(
      /does not declare its access/,
    );
    // A third-party plugin's routes too, unless its scope declares them.
    await expect(
      app.register(fastifyStatic, { root: __dirname, prefix: '/api/ficheros' }).ready(),
    ).rejects.toThrow(/does not declare its access/);
    await app.close();
    await database.close();
  });

  it('enforces the access declared for a third-party plugin scope', async () => {
    const app = Fastify();
    registerAccessGuards(app);
    app.decorate('sessions', {
      start: async () => '',
      end: async () => {},
      resolve: async () => null,
      knownDevice: () => null,
      confirmIdentity: async () => new Date(),
    });
    await app.register(async (scope) => {
      declareScopeAccess(scope, access.admin);
      scope.get('/api/plugin', async () => OkResponse.parse({ ok: true }));
    });
    await app.ready();
    expect(app.apiRoutes.find((r) => r.url === '/api/plugin' && r.method === 'GET')?.access).toEqual(
      access.admin,
    );
    expect((await app.inject({ url: '/api/plugin' })).statusCode).toBe(401);
    await app.close();
  });
});
