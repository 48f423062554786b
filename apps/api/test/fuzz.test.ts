/**
 * Bad input: property-based fuzzing (fast-check) of every registered endpoint's params, query and body, derived
 * from its contract: wrong types, missing fields, huge strings, unicode, numbers out of range, nested junk, and
 * bodies that are not JSON at all. Every answer is a success or a 4xx with a Spanish `error`; never a 5xx, a
 * hang or a crash. Afterwards the database is intact, and a member's fuzzing changed nothing they do not own.
 */
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@app/contracts';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../src/db/client';
import { RATE_LIMIT_TABLE } from '../src/lib/rate-limits';
import type { ApiRoute } from '../src/plugins/authz';
import { signIn } from './helper';
import { appFromSnapshot, buildCommunity, type Community, type Principal } from './support/community';
import { ENGINE, rawRows } from './support/engine';
import {
  fillPath,
  junkObjectArb,
  junkString,
  pathParams,
  queryString,
  toJsonSchema,
  validArb,
  validParams,
} from './support/contract-arbitraries';

/** Runs per route and caller; FUZZ_RUNS raises it for a longer hunt. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
// A hang, not a slow answer: a request that waits for a fake service may take its 2 s outgoing limit, and a
// machine half as fast running the whole suite stretches the rest several times over.
const HANG_MS = 20_000;
// English words that would betray a framework's default message instead of ours.
const ENGLISH = /\b(the|must|expected|required|invalid|body|querystring|params|should|error)\b/i;

interface Request {
  params: Record<string, unknown>;
  query: unknown;
  body: unknown;
  raw: string | undefined;
  contentType: string;
}

function requestArb(r: ApiRoute): fc.Arbitrary<Request> {
  const e = r.endpoint!;
  const paramNames = pathParams(r.url);
  const paramsArb = fc.record(
    Object.fromEntries(
      paramNames.map((name) => {
        const schema = e.params ? toJsonSchema(e.params).properties?.[name] : undefined;
        return [name, schema ? fc.oneof(validArb(schema), junkString) : junkString];
      }),
    ),
  );
  const queryArb = fc.oneof(
    e.query ? junkObjectArb(toJsonSchema(e.query)) : fc.constant(undefined),
    fc.dictionary(fc.string({ maxLength: 8 }), junkString, { maxKeys: 3 }),
  );
  const hasBody = r.method !== 'GET' && r.method !== 'DELETE';
  const bodyArb = hasBody ? junkObjectArb(e.body ? toJsonSchema(e.body) : undefined) : fc.constant(undefined);
  const rawArb = fc.oneof(
    { weight: 4, arbitrary: fc.constant(undefined) },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.constantFrom('{', '{"a":', 'null', '[]', '"texto"', '{"__proto__":{"isAdmin":true}}', '\u0000'),
        fc.string({ unit: 'binary', maxLength: 100 }),
      ),
    },
  );
  const contentTypeArb = fc.oneof(
    { weight: 6, arbitrary: fc.constant('application/json') },
    {
      weight: 1,
      arbitrary: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data'),
    },
  );
  return fc.record({
    params: paramsArb,
    query: queryArb,
    body: bodyArb,
    raw: hasBody ? rawArb : fc.constant(undefined),
    contentType: contentTypeArb,
  });
}

async function send(app: FastifyInstance, r: ApiRoute, input: Request, cookie: string | undefined) {
  const payload = input.raw ?? (input.body === undefined ? undefined : JSON.stringify(input.body));
  const request = app.inject({
    method: r.method as 'GET',
    url: fillPath(r.url, input.params) + queryString(input.query),
    headers: {
      [CSRF_HEADER]: CSRF_HEADER_VALUE,
      ...(cookie ? { cookie } : {}),
      ...(payload !== undefined ? { 'content-type': input.contentType } : {}),
    },
    ...(payload !== undefined ? { payload } : {}),
  });
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${HANG_MS} ms`)), HANG_MS);
  });
  try {
    return await Promise.race([request, hang]);
  } finally {
    clearTimeout(timer);
  }
}

function checkAnswer(
  r: ApiRoute,
  res: { statusCode: number; body: string; headers: Record<string, unknown> },
) {
  const where = `${r.method} ${r.url} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, where).toBeLessThan(500);
  if (res.statusCode >= 400) {
    expect(String(res.headers['content-type']), where).toContain('application/json');
    const { error } = JSON.parse(res.body) as { error?: unknown };
    expect(typeof error === 'string' && error.length > 0, where).toBe(true);
    expect(error, where).not.toMatch(ENGLISH);
  }
}

/** Every row of every table of the application, keyed by table (the rate limits' counters excepted). */
async function dump(db: Db): Promise<Record<string, Record<string, unknown>[]>> {
  const tables = (
    await rawRows<{ name: string }>(
      db,
      ENGINE === 'sqlite'
        ? sql`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`
        : sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`,
    )
  )
    .map((row) => row.name)
    .filter((name) => name !== RATE_LIMIT_TABLE);
  const dumped: Record<string, Record<string, unknown>[]> = {};
  // Sorted: "changing nothing" is about the rows, and PostgreSQL returns an updated row (a session's last use)
  // in a new place without any row having changed for this test.
  // A session's last use is bookkeeping, refreshed once a minute by any signed-in request, and a run on
  // PostgreSQL lasts longer than that: it is left out.
  for (const table of tables) {
    const rows = await rawRows<Record<string, unknown>>(db, sql`SELECT * FROM ${sql.identifier(table)}`);
    dumped[table] = rows
      .map((row) => (table === 'sessions' ? { ...row, last_used_at: undefined } : row))
      .map((row) => ({ row, key: JSON.stringify(row) }))
      .sort((a, b) => a.key.localeCompare(b.key))
      .map(({ row }) => row);
  }
  return dumped;
}

/** Whether a row belongs to the member (theirs to change): their user row or a row with their user_id. */
const ownedBy = (table: string, row: Record<string, unknown>, userId: number) =>
  (table === 'users' && row.id === userId) || row.user_id === userId;

const UNKNOWN_KEY = 'zz_unknown';

/** Where a JSON value holds an object: its own root, and every object nested in its properties and items. */
function objectPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => objectPaths(item, [...path, i]));
  if (typeof value !== 'object' || value === null) return [];
  return [path, ...Object.entries(value).flatMap(([key, child]) => objectPaths(child, [...path, key]))];
}

/** Accepted bodies the JSON Schema cannot lead to (usernames, phone numbers, Drive links are checked in code). */
const EXAMPLE_BODIES = [
  { email: 'nadie@example.com' },
  { username: 'nuevo', email: 'nuevo@example.com', phone: '+34 600 000 000', password: 'clave-segura' },
  { username: 'nuevo', email: 'nuevo@example.com', role_id: 3, is_active: true, password: 'clave-segura' },
  { username: 'nuevo', email: 'nuevo@example.com', role_id: 3, is_active: true },
  { titulo: 'Clase', categoria_id: 1, url: 'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOpQr/view' },
  { openai_base_url: 'http://127.0.0.1:11434/v1', openai_api_key: '' },
  { method: 'totp', code: '123456' },
  { code: '123456' },
];

/**
 * Bodies the contract accepts, each with one unknown key added to one of its objects: every object path that
 * some accepted sample holds (the root, a bulk action's `filter`, an item of a list...) is tried once.
 */
function bodiesWithUnknownKey(schema: z.ZodType): [string, unknown][] {
  const samples = [
    ...EXAMPLE_BODIES,
    ...fc.sample(validArb(toJsonSchema(schema)), { seed: 1, numRuns: 300 }),
  ].filter((sample) => schema.safeParse(sample).success);
  const byPath = new Map<string, unknown>();
  for (const sample of samples) {
    for (const path of objectPaths(sample)) {
      const key = path.map((step) => (typeof step === 'number' ? '[]' : step)).join('.');
      if (byPath.has(key)) continue;
      const copy = structuredClone(sample) as Record<string | number, unknown>;
      const target = path.reduce<Record<string | number, unknown>>(
        (object, step) => object[step] as Record<string | number, unknown>,
        copy,
      );
      target[UNKNOWN_KEY] = 1;
      byPath.set(key, copy);
    }
  }
  return [...byPath];
}

let community: Community;
let routes: ApiRoute[];
beforeAll(async () => {
  community = await buildCommunity();
  const { app, close } = await appFromSnapshot(community);
  routes = app.apiRoutes.filter((r) => r.endpoint && r.method !== 'HEAD');
  await close();
  // Building the community hashes several passwords: slow on a loaded machine.
}, 180_000);
afterAll(async () => community?.close());

describe.each(['vip', 'admin'] as const)('fuzzing every endpoint as %s', (name) => {
  let app: FastifyInstance;
  let db: Db;
  let close: () => Promise<void>;
  let principal: Principal;
  let before: Awaited<ReturnType<typeof dump>>;

  beforeAll(async () => {
    ({ app, db, close } = await appFromSnapshot(community, { apiDocs: 'public' }));
    principal = { ...community.principals.find((p) => p.name === name)! };
    before = await dump(db);
  });
  afterAll(async () => close());

  /** A route may legitimately end the caller's session (logout): sign in again before the next route. */
  async function session(): Promise<string | undefined> {
    const check = await app.inject({ url: '/api/auth/me', headers: { cookie: principal.cookie ?? '' } });
    if (check.statusCode === 200) return principal.cookie;
    principal.cookie = await signIn(app, principal.email!, principal.password!).catch(() => undefined);
    return principal.cookie;
  }

  it('answers any input with a success or a Spanish 4xx, never a 5xx or a hang', async () => {
    expect(routes.length).toBeGreaterThan(3);
    for (const r of routes) {
      const cookie = await session();
      await fc.assert(
        fc.asyncProperty(requestArb(r), async (input) => {
          checkAnswer(r, await send(app, r, input, cookie));
        }),
        { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000) },
      );
    }
  }, 180_000);

  it('refuses an unknown, repeated or reshaped query key on every endpoint (400 in Spanish), never acting on it', async () => {
    // Its own app from the snapshot: the random inputs above may have reset this principal's password (an
    // admin editing their own account), and a refused request must meet a caller whose session is valid.
    const fresh = await appFromSnapshot(community, { apiDocs: 'public' });
    const caller = community.principals.find((p) => p.name === name);
    const cookie = caller?.cookie;
    try {
      await checkStrictQueries(fresh.app, cookie);
    } finally {
      await fresh.close();
    }
  }, 180_000);

  async function checkStrictQueries(app: FastifyInstance, cookie: string | undefined) {
    for (const r of routes) {
      const declared = Object.keys(
        r.endpoint?.query ? (toJsonSchema(r.endpoint.query).properties ?? {}) : {},
      );
      const queries = ['zz_unknown=1', ...declared.flatMap((key) => [`${key}[]=x`, `${key}=1&${key}=2`])];
      const body = r.endpoint?.body
        ? fc.sample(validArb(toJsonSchema(r.endpoint.body)), { numRuns: 1, seed: 1 })[0]
        : undefined;
      for (const query of queries) {
        const res = await app.inject({
          method: r.method as 'GET',
          url: `${fillPath(r.url, {})}?${query}`,
          headers: {
            [CSRF_HEADER]: CSRF_HEADER_VALUE,
            ...(cookie ? { cookie } : {}),
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
        });
        const where = `${r.method} ${r.url}?${query} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
        checkAnswer(r, res);
        // A caller the route refuses learns nothing more; every other caller gets the 400.
        expect([400, 401, 403], where).toContain(res.statusCode);
        if (name === 'admin') expect(res.statusCode, where).toBe(400);
      }
    }
  }

  it('refuses an unknown key at any depth of every body (400 in Spanish), changing nothing', async () => {
    const fresh = await appFromSnapshot(community, { apiDocs: 'public' });
    const cookie = community.principals.find((p) => p.name === name)?.cookie;
    try {
      const unchanged = await dump(fresh.db);
      const checked: string[] = [];
      const bodyRoutes = routes.filter((route) => route.endpoint?.body);
      for (const r of bodyRoutes) {
        for (const [path, body] of bodiesWithUnknownKey(r.endpoint!.body!)) {
          const res = await fresh.app.inject({
            method: r.method as 'POST',
            url: fillPath(r.url, validParams(r.endpoint, r.url)),
            headers: {
              [CSRF_HEADER]: CSRF_HEADER_VALUE,
              'content-type': 'application/json',
              ...(cookie ? { cookie } : {}),
            },
            payload: JSON.stringify(body),
          });
          const where = `${r.method} ${r.url} ${JSON.stringify(body).slice(0, 200)} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
          checkAnswer(r, res);
          expect([400, 401, 403], where).toContain(res.statusCode);
          if (name === 'admin') {
            expect(res.json(), where).toMatchObject({ error: `Campo no permitido: ${UNKNOWN_KEY}` });
            checked.push(`${r.method} ${r.url} ${path}`);
          }
        }
      }
      if (name === 'admin') {
        // Every route that takes a body was tried, and the bulk action's filter among the nested objects.
        const tried = new Set(checked.map((entry) => entry.split(' ').slice(0, 2).join(' ')));
        expect(bodyRoutes.map((r) => `${r.method} ${r.url}`).filter((route) => !tried.has(route))).toEqual(
          [],
        );
        expect(checked).toContain('POST /api/admin/users/bulk filter');
      }
      expect(await dump(fresh.db)).toEqual(unchanged);
    } finally {
      await fresh.close();
    }
  }, 180_000);

  it('leaves the database intact', async () => {
    // SQLite checks its file and foreign keys on demand; PostgreSQL enforces both on every write.
    if (ENGINE === 'sqlite') {
      expect(await rawRows(db, sql`PRAGMA integrity_check`)).toEqual([{ integrity_check: 'ok' }]);
      expect(await rawRows(db, sql`PRAGMA foreign_key_check`)).toEqual([]);
    }
    if (name === 'admin') return;
    // A member may change only what is theirs: every other row saved before is still there, unchanged.
    const after = await dump(db);
    for (const [table, rows] of Object.entries(before)) {
      const keep = (row: Record<string, unknown>) => !ownedBy(table, row, principal.id!);
      const key = (row: Record<string, unknown>) => JSON.stringify(row);
      const remaining = new Set((after[table] ?? []).map(key));
      const changed = rows.filter(keep).filter((row) => !remaining.has(key(row)));
      expect(changed, `rows of ${table} changed or removed`).toEqual([]);
    }
  });
});
